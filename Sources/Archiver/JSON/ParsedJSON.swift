import Foundation

/// A value inside a JSON text that ``Serializable/decode(json:)`` has parsed, handed to the
/// conversions that read it.
///
/// Key-mapped types and the built-in property types read it straight from the text's bytes.
/// A type of your own that only knows response objects gets ``foundationObject``, the value as
/// `JSONSerialization` would have produced it, which is what the default conversions do:
///
/// ```swift
/// extension Restaurant: Serializable {
///     init?(responseObject: ResponseObject) { … }   // called by decode(json:) with the parsed object
/// }
/// let restaurant = try Restaurant.decode(json: Data(#"{"id": "a", "name": "Monk's"}"#.utf8))
/// ```
public struct ParsedJSON: Sendable {
    @usableFromInline let document: JSONDocument
    @usableFromInline let index: Int

    @usableFromInline
    init(document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    var token: JSONToken { document.tokens[index] }

    var kind: JSONToken.Kind { document.tokens[index].kind }

    @usableFromInline
    var isNull: Bool { document.tokens[index].kind == .null }

    /// A string's text.
    @usableFromInline
    var string: String { document.string(at: index) }

    /// The value as `JSONSerialization` produces it: `String`, `NSNumber`, `NSNull`, `[Any]` or
    /// `[String: Any]`.
    ///
    /// ```swift
    /// let object = try parsed.foundationObject as? [String: Any]  // ["id": "a", "name": "Monk's"]
    /// ```
    ///
    /// - Throws: ``ArchiveDecodingError`` for a number beyond `Double`'s range, such as `1e400`.
    public var foundationObject: Any {
        get throws(ArchiveDecodingError) { try document.foundationObject(at: index) }
    }

    /// The value as a response object, or a type mismatch naming `type` and what was found.
    func responseObject<Value>(for type: Value.Type) throws(ArchiveDecodingError) -> ResponseObject {
        guard kind == .object else {
            throw ArchiveDecodingError(type: type, reason: .typeMismatch(expected: "a JSON object", found: document.describe(at: index)))
        }
        return try foundationObject as! ResponseObject
    }

    /// The elements of an array, or a type mismatch naming `type` and what was found.
    @usableFromInline
    func elements<Value>(for type: Value.Type, expected: @autoclosure () -> String) throws(ArchiveDecodingError) -> JSONElements {
        guard kind == .array else {
            throw ArchiveDecodingError(type: type, reason: .typeMismatch(expected: expected(), found: document.describe(at: index)))
        }
        return JSONElements(document: document, container: index)
    }

    /// The keys and values of an object, or a type mismatch naming `type` and what was found.
    @usableFromInline
    func members<Value>(for type: Value.Type, expected: @autoclosure () -> String) throws(ArchiveDecodingError) -> JSONMembers {
        guard kind == .object else {
            throw ArchiveDecodingError(type: type, reason: .typeMismatch(expected: expected(), found: document.describe(at: index)))
        }
        return JSONMembers(document: document, container: index)
    }

    @usableFromInline
    var description: String { document.describe(at: index) }
}

/// The keys and values of a JSON object, in order.
@usableFromInline
struct JSONMembers: Sequence, IteratorProtocol {
    let document: JSONDocument
    private var position: Int
    private let end: Int
    @usableFromInline let count: Int

    init(document: JSONDocument, container: Int) {
        self.document = document
        position = container + 1
        end = Int(document.tokens[container].next)
        count = Int(document.tokens[container].length)
    }

    @usableFromInline
    mutating func next() -> (key: ParsedJSON, value: ParsedJSON)? {
        guard position < end else { return nil }
        defer { position = Int(document.tokens[position + 1].next) }
        return (ParsedJSON(document: document, index: position), ParsedJSON(document: document, index: position + 1))
    }
}

/// The elements of a JSON array, in order.
@usableFromInline
struct JSONElements: Sequence, IteratorProtocol {
    let document: JSONDocument
    private var position: Int
    private let end: Int
    @usableFromInline let count: Int

    init(document: JSONDocument, container: Int) {
        self.document = document
        position = container + 1
        end = Int(document.tokens[container].next)
        count = Int(document.tokens[container].length)
    }

    @usableFromInline
    mutating func next() -> ParsedJSON? {
        guard position < end else { return nil }
        defer { position = Int(document.tokens[position].next) }
        return ParsedJSON(document: document, index: position)
    }
}

/// A key as the JSON decoders look it up: its UTF-8 bytes, worked out once per key map.
struct JSONKey: Sendable {
    let utf8: [UInt8]
    init(_ key: String) { utf8 = Array(key.utf8) }
}
