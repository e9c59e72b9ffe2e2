import Foundation

/// Builds `Decodable` values from archives: dictionaries of property-list values, as
/// ``ArchiveRepresentable/init(archive:)`` receives them, or response objects from
/// `JSONSerialization`.
///
/// ```swift
/// struct Note: Codable { var id: String; var link: URL; var due: Date? }
///
/// let note = try ArchiveDecoder().decode(Note.self, from: ["id": "n1", "link": "https://a.b"])
/// // Note(id: "n1", link: https://a.b, due: nil)
/// ```
///
/// A missing key or an `NSNull` decodes as `nil` for an optional property. Every type with a
/// ``KeyMapValue`` conformance — `String`, `Bool`, the numbers, `Decimal`, `Date`, `Data`, `URL`,
/// `UUID`, raw-value enums, key-mapped types, collections of them — is read by that conformance,
/// exactly as a key map reads it: `"4"` is the `Int` 4, `4.5` is not an `Int`, a `Bool` is never
/// a number. Other types decode through their own `init(from:)`. Failures throw
/// ``ArchiveDecodingError`` with Codable's coding path as the key path:
///
/// ```swift
/// try ArchiveDecoder().decode(Note.self, from: ["id": 42, "link": "https://a.b"])
/// // throws Note.id: expected String, found number 42
/// ```
public struct ArchiveDecoder: Sendable {
    /// Values handed to `init(from:)` through `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// How a coding key's name becomes the dictionary key read, as a key map's `serverKeys` do:
    /// `.snakeCase` reads `avatarUrl` from `"avatar_url"`, at every level of the value.
    ///
    /// ```swift
    /// var decoder = ArchiveDecoder()
    /// decoder.keyStrategy = .snakeCase
    /// let pull = try decoder.decode(PullRequest.self, from: archive)
    /// ```
    public var keyStrategy: KeyStrategy = .propertyName

    // What the dictionaries are: archives (the default), or, for an ArchiveCodable type's
    // decode(responseObject:), server response objects. Key-mapped and hand-written types
    // inside the value read the keys and forms of that source.
    var source: KeyMapSource = .archive

    /// Creates a decoder.
    public init() {}

    /// The `type` value that `value` describes: an archive, or any one property-list value.
    ///
    /// ```swift
    /// let restaurant = try ArchiveDecoder().decode(Restaurant.self, from: ["id": "a", "name": "b"])
    /// ```
    ///
    /// It is also the entry point for one Codable property of a key-mapped or hand-written type;
    /// nest the error to name the enclosing type and key:
    ///
    /// ```swift
    /// do {
    ///     tags = try ArchiveDecoder().decode([String].self, from: archive["tags"] ?? [])
    /// } catch {
    ///     throw error.nested(in: Note.self, at: [.key("tags")])  // Note.tags[2]: expected String, …
    /// }
    /// ```
    ///
    /// - Throws: ``ArchiveDecodingError`` naming `type`, the coding path, what was expected and
    ///   what was found.
    public func decode<Value: Decodable>(_ type: Value.Type, from value: Any) throws(ArchiveDecodingError) -> Value {
        try decode(type, from: KeyMapInput(value, from: source))
    }

    /// The `type` value that `input` describes, read in place from its document: a binary
    /// property list's objects or a JSON text's tokens, with no dictionary built on the way.
    func decode<Value: Decodable>(_ type: Value.Type, from input: KeyMapInput) throws(ArchiveDecodingError) -> Value {
        let options = ArchiveCodingOptions(userInfo: userInfo, source: input.source, keys: keyStrategy)
        do {
            return try ArchiveCodingOptions.$current.withValue(options) {
                try ArchiveValueDecoder.unbox(input, as: type, codingPath: [], options: options)
            }
        } catch {
            throw ArchiveDecodingError(decoding: type, error: error)
        }
    }
}
