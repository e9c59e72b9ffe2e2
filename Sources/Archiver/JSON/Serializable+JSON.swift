import Foundation

extension Serializable {
    /// The value of a hand-written conformance from parsed JSON: the parsed object, converted to
    /// a ``ResponseObject``, through ``decode(responseObject:)``. Key-mapped types read the
    /// parsed text directly instead.
    ///
    /// ```swift
    /// // Restaurant has only init?(responseObject:); decode(json:) calls this, which calls that.
    /// let restaurant = try Restaurant.decode(json: Data(#"{"id": "a", "name": "Monk's"}"#.utf8))
    /// ```
    public static func decode(parsedJSON: ParsedJSON) throws(ArchiveDecodingError) -> Self {
        try decode(responseObject: parsedJSON.responseObject(for: Self.self))
    }

    /// Decodes a value from JSON text, such as a server's response body.
    ///
    /// ```swift
    /// let (body, _) = try await URLSession.shared.data(from: userURL)
    /// let user = try User.decode(json: body)
    /// ```
    ///
    /// Key-mapped types read the text in one pass straight into their properties, without
    /// building dictionaries on the way; hand-written conformances get the parsed object as a
    /// ``ResponseObject``. The reader is strict RFC 8259: see <doc:JSON> for what it accepts.
    ///
    /// - Throws: ``ArchiveDecodingError``: ``ArchiveDecodingError/Reason/invalidJSON(_:)``
    ///   naming the byte offset, line and column when the text is not JSON, or the key path and
    ///   what was expected and found when a value does not fit, as ``decode(responseObject:)``.
    public static func decode(json: Data) throws(ArchiveDecodingError) -> Self {
        try decode(parsedJSON: parse(json).root)
    }

    /// Decodes the elements of a JSON array, and says why invalid elements were dropped, as
    /// ``decodeCollection(responseObjects:)`` does: the first
    /// ``CollectionDecodingResult/maximumRecordedFailures`` with their reasons, the rest counted.
    ///
    /// ```swift
    /// let result = try Review.decodeCollection(json: body)
    /// result.values    // the valid reviews
    /// result.failures  // [2] Review.restaurant.id: expected String, found nothing
    /// ```
    ///
    /// - Throws: ``ArchiveDecodingError`` when the text is not JSON or not an array.
    public static func decodeCollection(json: Data) throws(ArchiveDecodingError) -> CollectionDecodingResult<Self> {
        let root = try parse(json).root
        guard root.kind == .array else {
            throw ArchiveDecodingError(typeName: "[\(Self.self)]", reason: .typeMismatch(expected: "an array of \(Self.self)", found: root.description))
        }
        let elements = JSONElements(document: root.document, container: root.index)
        var result = CollectionDecodingResult<Self>()
        result.values.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            result.append(index: index) { () throws(ArchiveDecodingError) in try decode(parsedJSON: element) }
        }
        return result
    }

    static func parse(_ json: Data) throws(ArchiveDecodingError) -> JSONDocument {
        do {
            return try JSONDocument(data: json)
        } catch {
            throw ArchiveDecodingError(type: Self.self, reason: .invalidJSON(error))
        }
    }
}
