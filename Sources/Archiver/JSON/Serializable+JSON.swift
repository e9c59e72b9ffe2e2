import Foundation

extension Serializable {
    /// Decodes a value from JSON text, such as a server's response body.
    ///
    /// ```swift
    /// let (body, _) = try await URLSession.shared.data(from: userURL)
    /// let user = try User.decode(json: body)
    /// ```
    ///
    /// Key-mapped and ``ArchiveCodable`` types read the text into their properties without
    /// building dictionaries on the way (the reader indexes its tokens, then each property is
    /// read from its token), so that each number is read from its digits; hand-written
    /// conformances get the parsed object as a ``ResponseObject``. The reader is strict RFC 8259:
    /// see <doc:JSON> for what it accepts.
    ///
    /// - Throws: ``ArchiveDecodingError``: ``ArchiveDecodingError/Reason/invalidJSON(_:)``
    ///   naming the byte offset, line and column when the text is not JSON, with the text's key
    ///   path there (`User.user_reviews[0].restaurant.id: invalid JSON at line 1, column 61 …`),
    ///   or the key path and what was expected and found when a value does not fit, as
    ///   ``decode(responseObject:)``.
    public static func decode(json: Data) throws(ArchiveDecodingError) -> Self {
        try decode(KeyMapInput(json: parse(json), at: 0))
    }

    /// Decodes the elements of a JSON array, and says why invalid elements were dropped, as
    /// ``decodeCollection(responseObjects:)`` does: the first
    /// 100 with their reasons, the rest counted.
    ///
    /// ```swift
    /// let result = try Review.decodeCollection(json: body)
    /// result.values    // the valid reviews
    /// result.failures  // [2] Review.restaurant.id: expected String, found nothing
    /// ```
    ///
    /// - Throws: ``ArchiveDecodingError`` when the text is not JSON or not an array.
    public static func decodeCollection(json: Data) throws(ArchiveDecodingError) -> CollectionDecodingResult<Self> {
        let document = try parse(json)
        guard document.tokens[0].kind == .array else {
            throw ArchiveDecodingError(typeName: "[\(Self.self)]", reason: .typeMismatch(expected: "an array of \(Self.self)", found: document.describe(at: 0)))
        }
        let elements = try KeyMapInput(json: document, at: 0).elements(for: [Self].self, expected: "")
        let decode = inPlaceDecoder()
        var result = CollectionDecodingResult<Self>()
        result.values.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            result.append(index: index) { () throws(ArchiveDecodingError) in try decode(element) }
        }
        return result
    }

    /// A value of this type from a value of a parsed document.
    static func decode(_ input: KeyMapInput) throws(ArchiveDecodingError) -> Self {
        // Not through `inPlaceDecoder()`, whose closure is an allocation: one value is read once.
        if let keyMapped = Self.self as? any KeyMapped.Type { return try keyMapped.decodeInPlace(input, as: Self.self) }
        return try decodeFromResponseObject(input)
    }

    /// How this type reads a value of a parsed document: a key-mapped type in place, through its
    /// map; a hand-written conformance from the value as a ``ResponseObject``, through
    /// ``decode(responseObject:)``. Asked once per text, not once per element.
    static func inPlaceDecoder() -> (KeyMapInput) throws(ArchiveDecodingError) -> Self {
        if let keyMapped = Self.self as? any KeyMapped.Type { return keyMapped.inPlaceDecoder(as: Self.self) }
        return { (input) throws(ArchiveDecodingError) in try decodeFromResponseObject(input) }
    }

    /// A hand-written conformance's value, from the value of a parsed document as a ``ResponseObject``;
    /// an ``ArchiveCodable`` type's, read in place by ``ArchiveDecoder`` as its
    /// ``ArchiveCodable/decode(responseObject:)`` reads the object, so that a number is read from
    /// its text (`9007199254740993.0` as an `Int64`, 45 digits as a `Decimal`) and not from the
    /// `Double` or truncated decimal a Foundation object would hold.
    private static func decodeFromResponseObject(_ input: KeyMapInput) throws(ArchiveDecodingError) -> Self {
        guard input.isDictionary else {
            throw ArchiveDecodingError(type: Self.self, reason: .typeMismatch(expected: "a JSON object", found: input.description))
        }
        if let codable = Self.self as? any ArchiveCodable.Type { return try codable.decodeResponse(input, as: Self.self) }
        guard let object = try input.foundationObject as? ResponseObject else {
            throw ArchiveDecodingError(type: Self.self, reason: .typeMismatch(expected: "a JSON object", found: input.description))
        }
        return try decode(responseObject: object)
    }

    @usableFromInline
    static func parse(_ json: Data) throws(ArchiveDecodingError) -> JSONDocument {
        do {
            return try JSONDocument(data: json)
        } catch {
            throw ArchiveDecodingError(type: Self.self, path: error.path, reason: .invalidJSON(error))
        }
    }
}
