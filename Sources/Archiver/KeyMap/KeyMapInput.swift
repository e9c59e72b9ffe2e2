import Foundation

/// A value that a ``KeyMapValue`` conversion reads: one value inside a response object, a JSON
/// text or an archive, as the document it came from holds it.
///
/// The built-in types and key-mapped types read it in place, whatever the document: a JSON text's
/// bytes, a binary property list's objects, or a dictionary's Foundation objects, so that a number
/// is never boxed on the way and each type's rule is written once. A conversion of your own reads
/// ``foundationObject``, the value as `JSONSerialization` or a property-list reader gives it, and
/// ``source``, whether it is a server's value or the library's own archive:
///
/// ```swift
/// struct Cents: KeyMapValue {
///     var amount: Int
///     init(amount: Int) { self.amount = amount }
///     init(keyMapValue input: KeyMapInput) throws(ArchiveDecodingError) {
///         guard let text = try input.foundationObject as? String, let amount = Int(text.dropFirst()) else {
///             throw ArchiveDecodingError(type: Cents.self, reason: .custom("expected a price such as \"$450\""))
///         }
///         self.init(amount: amount)
///     }
///     var keyMapArchiveValue: Any? { "$\(amount)" }
///     static var keyMapPlaceholder: Cents? { Cents(amount: 0) }
/// }
///
/// try Cents(keyMapValue: KeyMapInput("$450", from: .responseObject)).amount  // 450
/// ```
public struct KeyMapInput {
    /// Where the value is: a Foundation object, or an index into a parsed document.
    @usableFromInline
    enum Storage {
        case object(Any)
        case json(JSONDocument, Int)
        case propertyList(BinaryPropertyListDocument, Int)
    }

    @usableFromInline let storage: Storage

    /// Whether the value comes from a server's response or from an archive the library wrote:
    /// server keys apply to the first, archive keys to the second.
    ///
    /// ```swift
    /// KeyMapInput("4", from: .responseObject).source  // .responseObject
    /// ```
    public let source: KeyMapSource

    /// A Foundation object as a value to convert: what a response object or an archive holds
    /// under a key (`String`, `NSNumber`, `Bool`, `Date`, `Data`, `NSNull`, `[Any]` or
    /// `[String: Any]`).
    ///
    /// ```swift
    /// try Int(keyMapValue: KeyMapInput("4", from: .responseObject))  // 4
    /// ```
    public init(_ object: Any, from source: KeyMapSource) {
        storage = .object(object)
        self.source = source
    }

    @usableFromInline
    init(json document: JSONDocument, at index: Int) {
        storage = .json(document, index)
        source = .responseObject
    }

    @usableFromInline
    init(propertyList document: BinaryPropertyListDocument, at object: Int) {
        storage = .propertyList(document, object)
        source = .archive
    }

    /// The value as `JSONSerialization` or a property-list reader produces it: `String`,
    /// `NSNumber`, `Bool`, `Date`, `Data`, `NSNull`, `[Any]` or `[String: Any]`.
    ///
    /// ```swift
    /// try KeyMapInput(["id": "a"], from: .archive).foundationObject as? [String: Any]  // ["id": "a"]
    /// ```
    ///
    /// - Throws: ``ArchiveDecodingError`` for a JSON number beyond `Double`'s range, such as `1e400`.
    public var foundationObject: Any {
        get throws(ArchiveDecodingError) {
            switch storage {
            case .object(let object): object
            case .json(let document, let index): try document.foundationObject(at: index)
            case .propertyList(let document, let object): document.foundationObject(at: object)
            }
        }
    }

    /// A value inside this one, from the same document.
    @inline(__always)
    func child(_ storage: Storage) -> KeyMapInput {
        KeyMapInput(storage: storage, source: source)
    }

    private init(storage: Storage, source: KeyMapSource) {
        self.storage = storage
        self.source = source
    }
}

// MARK: What every document tells the conversions

/// What kind of value a ``KeyMapInput`` holds, in the terms every document shares: the
/// conversions of the built-in types switch on it, so each type's rule is written once.
enum KeyMapInputKind {
    case null, bool, integer, real, string, date, data, array, dictionary, other
}

extension KeyMapInput {
    var kind: KeyMapInputKind {
        switch storage {
        case .object(let object): Self.kind(ofObject: object)
        case .json(let document, let index):
            switch document.tokens[index].kind {
            case .null: .null
            case .true, .false: .bool
            case .number: document.tokens[index].flags.contains(.integer) ? .integer : .real
            case .string: .string
            case .array: .array
            case .object: .dictionary
            }
        case .propertyList(let document, let object): document.inputKind(of: object)
        }
    }

    /// Whether the value is null: `NSNull`, JSON's `null`, or a property list's null object.
    @usableFromInline
    var isNull: Bool {
        switch storage {
        case .object(let object): type(of: object) is NSNull.Type
        case .json(let document, let index): document.tokens[index].kind == .null
        case .propertyList(let document, let object): document.inputKind(of: object) == .null
        }
    }

    /// A Boolean's value; `kind` is `.bool`.
    var bool: Bool {
        switch storage {
        case .object(let object): (object as? Bool) ?? false
        case .json(let document, let index): document.tokens[index].kind == .true
        case .propertyList(let document, let object): document.bool(at: object)
        }
    }

    /// An integer's exact value as `Integer`, `nil` if it does not fit; `kind` is `.integer`.
    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) -> Integer? {
        switch storage {
        case .object(let object):
            if let integer = object as? Integer { return integer }
            // NSNumber's own exact conversions cover the widths Swift bridging does not, such
            // as a Swift `Int` read as an `Int64`; the decimal text is exact for both.
            return (object as? NSNumber).flatMap { Integer($0.stringValue) }
        case .json(let document, let index): return document.integer(Integer.self, at: index)
        case .propertyList(let document, let object): return document.integer(Integer.self, at: object)
        }
    }

    /// A number's nearest `Double`, `nil` beyond its range; `kind` is `.integer` or `.real`.
    var double: Double? {
        switch storage {
        case .object(let object):
            if type(of: object) == Double.self { return object as? Double }
            return (object as? NSNumber)?.doubleValue
        case .json(let document, let index): return document.double(at: index)
        case .propertyList(let document, let object): return document.double(at: object)
        }
    }

    /// A number's shortest exact text, for conversions that must not round through `Double`
    /// (`Decimal`, `Float`); `kind` is `.integer` or `.real`.
    var numberText: String {
        switch storage {
        case .object(let object): (object as? NSNumber)?.stringValue ?? String(describing: object)
        case .json(let document, let index): document.numberText(at: index)
        case .propertyList(let document, let object): document.numberText(at: object)
        }
    }

    /// A string's text; `kind` is `.string`.
    var string: String {
        switch storage {
        case .object(let object): (object as? String) ?? ""
        case .json(let document, let index): document.string(at: index)
        case .propertyList(let document, let object): document.string(at: object)
        }
    }

    /// A date; `kind` is `.date`.
    var date: Date {
        switch storage {
        case .object(let object): (object as? Date) ?? Date(timeIntervalSince1970: 0)
        case .json: Date(timeIntervalSince1970: 0)
        case .propertyList(let document, let object): document.date(at: object)
        }
    }

    /// Bytes; `kind` is `.data`.
    var data: Data {
        switch storage {
        case .object(let object): (object as? Data) ?? Data()
        case .json: Data()
        case .propertyList(let document, let object): document.data(at: object)
        }
    }

    /// The Foundation object, cast to `type`, when the value is one of that type (a `URL` or a
    /// `UUID` that a hand-built dictionary holds); `nil` for values of parsed documents.
    func object<Value>(as type: Value.Type) -> Value? {
        guard case .object(let object) = storage else { return nil }
        return object as? Value
    }

    /// The dynamic type of the Foundation object; `nil` for values of parsed documents.
    var objectType: Any.Type? {
        guard case .object(let object) = storage else { return nil }
        return Swift.type(of: object)
    }

    /// What the value is, in error messages' words: `String "4x"`, `number 4.5`, `array of 3`.
    @usableFromInline
    var description: String {
        switch storage {
        case .object(let object): ArchiveDecodingError.describe(object)
        case .json(let document, let index): document.describe(at: index)
        case .propertyList(let document, let object): document.describe(at: object)
        }
    }

    /// The kind of a Foundation object, decided by type comparisons for the common types.
    private static func kind(ofObject object: Any) -> KeyMapInputKind {
        let objectType = type(of: object)
        if objectType == String.self { return .string }
        if let boolean = FoundationNumberTypes.isBooleanByType(object) {
            return boolean ? .bool : numberKind(object)
        }
        if object is String { return .string }
        if objectType is NSNull.Type { return .null }
        if object is [String: Any] { return .dictionary }
        if object is [Any] { return .array }
        if object is Date { return .date }
        if object is Data { return .data }
        if object is NSNumber { return isBoolean(object) ? .bool : numberKind(object) }
        return .other
    }

    /// Whether a number that is not a Boolean holds an integer or a real.
    private static func numberKind(_ object: Any) -> KeyMapInputKind {
        let objectType = type(of: object)
        guard objectType is NSNumber.Type, let number = object as? NSNumber else {
            // A Swift number, as a dictionary built in code holds it.
            return objectType == Double.self || objectType == Float.self ? .real : .integer
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            // JSONSerialization gives an integer that Int64 and UInt64 cannot hold exactly as an
            // NSDecimalNumber: still an integer, read from its digits.
            guard number is NSDecimalNumber, number.stringValue.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                return .real
            }
            return .integer
        default:
            return .integer
        }
    }
}

// MARK: Containers

extension KeyMapInput {
    /// The elements of an array, or a type mismatch naming `type`.
    @usableFromInline
    func elements<Value>(for type: Value.Type, expected: @autoclosure () -> String) throws(ArchiveDecodingError) -> Elements {
        switch storage {
        case .object(let object):
            if let elements = object as? [Any] { return Elements(input: self, state: .objects(elements, 0)) }
        case .json(let document, let index):
            if document.tokens[index].kind == .array {
                return Elements(input: self, state: .json(document, index + 1, Int(document.tokens[index].next), Int(document.tokens[index].length)))
            }
        case .propertyList(let document, let object):
            if let elements = document.elements(of: object) { return Elements(input: self, state: .propertyList(document, elements)) }
        }
        throw ArchiveDecodingError(type: type, reason: .typeMismatch(expected: expected(), found: description))
    }

    /// The keys and values of a dictionary, or a type mismatch naming `type`.
    @usableFromInline
    func members<Value>(for type: Value.Type, expected: @autoclosure () -> String) throws(ArchiveDecodingError) -> Members {
        switch storage {
        case .object(let object):
            if let members = object as? [String: Any] { return Members(input: self, state: .objects(members, members.startIndex)) }
        case .json(let document, let index):
            if document.tokens[index].kind == .object {
                return Members(input: self, state: .json(document, index + 1, Int(document.tokens[index].next), Int(document.tokens[index].length)))
            }
        case .propertyList(let document, let object):
            if let members = document.members(of: object) { return Members(input: self, state: .propertyList(document, members)) }
        }
        throw ArchiveDecodingError(type: type, reason: .typeMismatch(expected: expected(), found: description))
    }

    /// The elements of an array, in order, each a ``KeyMapInput`` of the same document.
    @usableFromInline
    struct Elements: Sequence, IteratorProtocol {
        enum State {
            case objects([Any], Int)
            case json(JSONDocument, Int, Int, Int)
            case propertyList(BinaryPropertyListDocument, BinaryPropertyListDocument.Elements)
        }
        let input: KeyMapInput
        var state: State

        @usableFromInline
        var count: Int {
            switch state {
            case .objects(let elements, _): elements.count
            case .json(_, _, _, let count): count
            case .propertyList(_, let elements): elements.count
            }
        }

        @usableFromInline
        mutating func next() -> KeyMapInput? {
            switch state {
            case .objects(let elements, let position):
                guard position < elements.count else { return nil }
                state = .objects(elements, position + 1)
                return input.child(.object(elements[position]))
            case .json(let document, let position, let end, let count):
                guard position < end else { return nil }
                state = .json(document, Int(document.tokens[position].next), end, count)
                return input.child(.json(document, position))
            case .propertyList(let document, var elements):
                guard let object = elements.next() else { return nil }
                state = .propertyList(document, elements)
                return input.child(.propertyList(document, object))
            }
        }
    }

    /// The keys and values of a dictionary, each value a ``KeyMapInput`` of the same document.
    @usableFromInline
    struct Members: Sequence, IteratorProtocol {
        enum State {
            case objects([String: Any], Dictionary<String, Any>.Index)
            case json(JSONDocument, Int, Int, Int)
            case propertyList(BinaryPropertyListDocument, BinaryPropertyListDocument.Members)
        }
        let input: KeyMapInput
        var state: State

        @usableFromInline
        var count: Int {
            switch state {
            case .objects(let members, _): members.count
            case .json(_, _, _, let count): count
            case .propertyList(_, let members): members.count
            }
        }

        @usableFromInline
        mutating func next() -> (key: String, value: KeyMapInput)? {
            switch state {
            case .objects(let members, let position):
                guard position < members.endIndex else { return nil }
                state = .objects(members, members.index(after: position))
                let (key, value) = members[position]
                return (key, input.child(.object(value)))
            case .json(let document, let position, let end, let count):
                guard position < end else { return nil }
                state = .json(document, Int(document.tokens[position + 1].next), end, count)
                return (document.string(at: position), input.child(.json(document, position + 1)))
            case .propertyList(let document, var members):
                guard let (key, value) = members.next() else { return nil }
                state = .propertyList(document, members)
                return (document.string(at: key), input.child(.propertyList(document, value)))
            }
        }
    }
}

// MARK: Errors

extension ArchiveDecodingError {
    /// The value is not of a type that converts to `type`.
    @usableFromInline
    static func typeMismatch<Value: KeyMapValue>(_ type: Value.Type, found input: KeyMapInput) -> ArchiveDecodingError {
        ArchiveDecodingError(type: type, reason: .typeMismatch(expected: type.keyMapTypeDescription, found: input.description))
    }

    /// The value has a type that converts to `type`, but this value does not convert losslessly.
    @usableFromInline
    static func invalidValue<Value: KeyMapValue>(_ type: Value.Type, found input: KeyMapInput) -> ArchiveDecodingError {
        ArchiveDecodingError(type: type, reason: .invalidValue(expected: type.keyMapTypeDescription, found: input.description))
    }
}
