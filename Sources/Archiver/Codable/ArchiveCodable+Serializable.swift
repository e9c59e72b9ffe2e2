import Foundation

extension ArchiveCodable where Self: Serializable {
    /// Creates a value from a response object with ``ArchiveDecoder``, or returns `nil` when
    /// ``decode(responseObject:)`` throws.
    ///
    /// With this, a Codable type with a `String` id is ``Cachable`` in one line:
    ///
    /// ```swift
    /// struct Restaurant: Codable { let id: String; let name: String }
    /// extension Restaurant: ArchiveCodable, Cachable {}
    ///
    /// let restaurant = Restaurant(responseObject: ["id": "abcd-1234", "name": "Monk's Café"],
    ///                             shouldArchive: true)
    /// ```
    ///
    /// The response object is read with the Codable keys passed through ``ArchiveCodable/serverKeys``
    /// (`.snakeCase` reads `reviewCount` from `"review_count"`); the archive keeps the Codable keys.
    /// `JSONSerialization`'s `NSNull` reads as `nil`, numbers convert when nothing is lost, dates
    /// read from ISO 8601 strings and data from base64 strings.
    public init?(responseObject: ResponseObject) {
        guard let value = try? Self.decode(responseObject: responseObject) else { return nil }
        self = value
    }

    /// Creates a value from a response object with ``ArchiveDecoder``, throwing why it cannot.
    ///
    /// ```swift
    /// try Restaurant.decode(responseObject: ["id": "abcd-1234"])
    /// // throws Restaurant.name: expected String, found nothing
    /// ```
    public static func decode(responseObject: ResponseObject) throws(ArchiveDecodingError) -> Self {
        try responseDecoder.decode(Self.self, from: responseObject)
    }
}

extension ArchiveCodable {
    /// The decoder of a server's responses: their keys passed through ``serverKeys``.
    static var responseDecoder: ArchiveDecoder {
        var decoder = ArchiveDecoder()
        decoder.source = .responseObject
        decoder.keyStrategy = serverKeys
        return decoder
    }

    /// A response's value read in place from its JSON text, as `type` (which is `Self`).
    static func decodeResponse<Value>(_ input: KeyMapInput, as type: Value.Type) throws(ArchiveDecodingError) -> Value {
        try responseDecoder.decode(Self.self, from: input) as! Value
    }
}
