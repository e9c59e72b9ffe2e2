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

/// What kind of value a ``KeyMapInput`` holds, in the terms every document shares.
enum KeyMapInputKind {
    case null, bool, integer, real, string, date, data, array, dictionary, other
}

/// A number as a conversion asked for it: the value, a number this type cannot hold exactly
/// (`4.5` for an `Int`, `300` for a `UInt8`, `1e400` for a `Double`), or no number at all.
@usableFromInline
enum KeyMapNumber<Value> {
    case value(Value)
    case notExact
    case notANumber
}

// Each accessor answers one question of the value, whatever the document: a built-in type's rule
// asks them in the order its rule reads (a number, else a numeral string, …), so each rule is
// written once. A Foundation object is answered by the casts the rule would have made itself,
// and a value that already is of the type asked for (as a dictionary built in code holds it) is
// taken as it is, with one type comparison.

extension KeyMapInput {
    /// Whether the value is null: `NSNull`, JSON's `null`, or a property list's null object.
    @usableFromInline
    var isNull: Bool {
        switch storage {
        case .object(let object): type(of: object) is NSNull.Type
        case .json(let document, let index): document.tokens[index].kind == .null
        case .propertyList: false
        }
    }

    /// What kind of value this is; the conversions ask the questions below instead, which cost less.
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

    /// Whether the value is a dictionary: a JSON object, a property list's or a Foundation one.
    var isDictionary: Bool {
        switch storage {
        case .object(let object): ArchiveValueDecoder.dictionary(object) != nil
        case .json(let document, let index): document.tokens[index].kind == .object
        case .propertyList(let document, let object): document.inputKind(of: object) == .dictionary
        }
    }

    /// The text of a string; `nil` for any other value.
    var stringValue: String? {
        switch storage {
        case .object(let object): return object as? String
        case .json(let document, let index):
            return document.tokens[index].kind == .string ? document.string(at: index) : nil
        case .propertyList(let document, let object):
            return document.inputKind(of: object) == .string ? document.string(at: object) : nil
        }
    }

    /// A Boolean (`true`, `false`, never a number); `nil` for any other value.
    var boolValue: Bool? {
        switch storage {
        case .object(let object):
            return isBoolean(object) ? object as? Bool : nil
        case .json(let document, let index):
            switch document.tokens[index].kind {
            case .true: return true
            case .false: return false
            default: return nil
            }
        case .propertyList(let document, let object):
            return document.inputKind(of: object) == .bool ? document.bool(at: object) : nil
        }
    }

    /// A date; `nil` for any other value (a JSON text has none).
    var dateValue: Date? {
        switch storage {
        case .object(let object): object as? Date
        case .json: nil
        case .propertyList(let document, let object): document.inputKind(of: object) == .date ? document.date(at: object) : nil
        }
    }

    /// Bytes; `nil` for any other value (a JSON text has none).
    var dataValue: Data? {
        switch storage {
        case .object(let object): object as? Data
        case .json: nil
        case .propertyList(let document, let object): document.inputKind(of: object) == .data ? document.data(at: object) : nil
        }
    }

    /// The number's exact value as `Integer`: an integer in range, or a whole real (`4.0`, `1e2`).
    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) -> KeyMapNumber<Integer> {
        switch storage {
        case .object(let object):
            if Swift.type(of: object) == Integer.self, let integer = object as? Integer { return .value(integer) }
            guard let number = Self.number(object) else { return .notANumber }
            if let integer = object as? Integer { return .value(integer) }
            // NSNumber's own exact conversions cover the widths Swift bridging does not, such
            // as a Swift `Int` read as an `Int64`; the decimal text is exact for both.
            return Integer(number.stringValue).map { .value($0) } ?? .notExact
        case .json(let document, let index):
            let token = document.tokens[index]
            guard token.kind == .number else { return .notANumber }
            if token.flags.contains(.integer) { return document.integer(Integer.self, at: index).map { .value($0) } ?? .notExact }
            return document.double(at: index).flatMap { Integer(exactly: $0) }.map { .value($0) } ?? .notExact
        case .propertyList(let document, let object):
            switch document.inputKind(of: object) {
            case .integer: return document.integer(Integer.self, at: object).map { .value($0) } ?? .notExact
            case .real: return Integer(exactly: document.double(at: object)).map { .value($0) } ?? .notExact
            default: return .notANumber
            }
        }
    }

    /// The number's nearest `Double`; a JSON number beyond its range is not exact.
    var double: KeyMapNumber<Double> {
        switch storage {
        case .object(let object):
            if Swift.type(of: object) == Double.self, let double = object as? Double { return .value(double) }
            return Self.number(object).map { .value($0.doubleValue) } ?? .notANumber
        case .json(let document, let index):
            guard document.tokens[index].kind == .number else { return .notANumber }
            return document.double(at: index).map { .value($0) } ?? .notExact
        case .propertyList(let document, let object):
            switch document.inputKind(of: object) {
            case .integer, .real: return .value(document.double(at: object))
            default: return .notANumber
            }
        }
    }

    /// The number's nearest `Float`, rounded once from its text or value; a finite number beyond
    /// `Float`'s range is not exact (it would become infinity).
    var float: KeyMapNumber<Float> {
        switch storage {
        case .object(let object):
            if Swift.type(of: object) == Float.self, let float = object as? Float { return .value(float) }
            guard let number = Self.number(object) else { return .notANumber }
            return number.floatValue.isFinite || !number.doubleValue.isFinite ? .value(number.floatValue) : .notExact
        case .json(let document, let index):
            guard document.tokens[index].kind == .number else { return .notANumber }
            // Rounded once from the text, not twice through Double.
            guard let float = Float(document.numberText(at: index)), float.isFinite else { return .notExact }
            return .value(float)
        case .propertyList(let document, let object):
            switch document.inputKind(of: object) {
            case .integer, .real:
                let double = document.double(at: object)
                let float = document.inputKind(of: object) == .integer ? Float(document.numberText(at: object)) ?? Float(double) : Float(double)
                return float.isFinite || !double.isFinite ? .value(float) : .notExact
            default: return .notANumber
            }
        }
    }

    /// The number's shortest exact text, as a `Decimal` reads it: a JSON text's digits, or the
    /// shortest text of a stored number (so that 0.1 stays 0.1 and not 0.1000000000000000055…).
    var numberText: String? {
        switch storage {
        case .object(let object): Self.number(object)?.stringValue
        case .json(let document, let index): document.tokens[index].kind == .number ? document.numberText(at: index) : nil
        case .propertyList(let document, let object):
            switch document.inputKind(of: object) {
            case .integer, .real: document.numberText(at: object)
            default: nil
            }
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

    /// A number that is not a Boolean, as Foundation holds it (an `NSNumber`, or a Swift number
    /// that bridges to one); `nil` for anything else.
    private static func number(_ object: Any) -> NSNumber? {
        if let isBoolean = FoundationNumberTypes.isBooleanByType(object) { return isBoolean ? nil : object as? NSNumber }
        guard !(object is String), !isBoolean(object) else { return nil }
        return object as? NSNumber
    }

    /// The kind of a Foundation object.
    private static func kind(ofObject object: Any) -> KeyMapInputKind {
        let objectType = type(of: object)
        if objectType == String.self || object is String { return .string }
        if objectType is NSNull.Type { return .null }
        if isBoolean(object) { return .bool }
        if let number = number(object) {
            switch UInt8(bitPattern: number.objCType.pointee) {
            case UInt8(ascii: "d"), UInt8(ascii: "f"): return .real
            default: return .integer
            }
        }
        if object is Date { return .date }
        if object is Data { return .data }
        if ArchiveValueDecoder.dictionary(object) != nil { return .dictionary }
        if object is [Any] { return .array }
        return .other
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
            if document.kind(of: object) == .array { return Elements(input: self, state: .propertyList(document, document.elements(of: object), 0)) }
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
            if document.kind(of: object) == .dictionary { return Members(input: self, state: .propertyList(document, document.members(of: object), 0)) }
        }
        throw ArchiveDecodingError(type: type, reason: .typeMismatch(expected: expected(), found: description))
    }

    /// The elements of an array, in order, each a ``KeyMapInput`` of the same document.
    @usableFromInline
    struct Elements: Sequence, IteratorProtocol {
        enum State {
            case objects([Any], Int)
            case json(JSONDocument, Int, Int, Int)
            case propertyList(BinaryPropertyListDocument, BinaryPropertyListDocument.References, Int)
        }
        let input: KeyMapInput
        var state: State

        @usableFromInline
        var count: Int {
            switch state {
            case .objects(let elements, _): elements.count
            case .json(_, _, _, let count): count
            case .propertyList(_, let elements, _): elements.count
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
            case .propertyList(let document, let elements, let position):
                guard position < elements.count else { return nil }
                state = .propertyList(document, elements, position + 1)
                return input.child(.propertyList(document, elements[position]))
            }
        }
    }

    /// The keys and values of a dictionary, each value a ``KeyMapInput`` of the same document.
    @usableFromInline
    struct Members: Sequence, IteratorProtocol {
        enum State {
            case objects([String: Any], Dictionary<String, Any>.Index)
            case json(JSONDocument, Int, Int, Int)
            case propertyList(BinaryPropertyListDocument, BinaryPropertyListDocument.Members, Int)
        }
        let input: KeyMapInput
        var state: State

        @usableFromInline
        var count: Int {
            switch state {
            case .objects(let members, _): members.count
            case .json(_, _, _, let count): count
            case .propertyList(_, let members, _): members.count
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
            case .propertyList(let document, let members, let position):
                guard position < members.count else { return nil }
                state = .propertyList(document, members, position + 1)
                let (key, value) = members[position]
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
