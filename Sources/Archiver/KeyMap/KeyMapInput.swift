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
///     init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
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
    // Plain fields rather than an enum with payloads: a value that holds an existential in one
    // case and classes in others is copied and destroyed through outlined functions, a cost that
    // every field of every decode would pay.

    /// The document the value is in.
    @usableFromInline
    enum Door: UInt8 {
        case object, json, propertyList
    }

    @usableFromInline let door: Door
    /// The Foundation object, for the object door; an empty tuple otherwise.
    @usableFromInline let object: Any
    /// The parsed document (a ``JSONDocument`` or a ``BinaryPropertyListDocument``), or `nil`.
    @usableFromInline let document: AnyObject?
    /// The value's token in a JSON text, or its object number in a property list. Variable so
    /// that a collection can move one input from element to element (``Elements/next(into:)``).
    @usableFromInline var index: Int

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
        door = .object
        self.object = object
        document = nil
        index = 0
        self.source = source
    }

    @usableFromInline
    init(json document: JSONDocument, at index: Int) {
        door = .json
        object = ()
        self.document = document
        self.index = index
        source = .responseObject
    }

    @usableFromInline
    init(propertyList document: BinaryPropertyListDocument, at object: Int) {
        door = .propertyList
        self.object = ()
        self.document = document
        index = object
        source = .archive
    }

    /// The JSON text; the door is `.json`.
    @usableFromInline @inline(__always)
    var json: JSONDocument { InvariantCasts.downcast(InvariantCasts.unwrapped(document), to: JSONDocument.self) }

    /// Runs `body` with the JSON text, not retained: this input holds it for the call, so a
    /// retain and a release per nested model read would buy nothing. The door is `.json`.
    @inline(__always)
    func withJSON<Result>(_ body: (JSONDocument) throws(ArchiveDecodingError) -> Result) throws(ArchiveDecodingError) -> Result {
        try InvariantCasts.withUnretained(document, as: JSONDocument.self, body)
    }

    /// The property list; the door is `.propertyList`.
    @usableFromInline @inline(__always)
    var propertyList: BinaryPropertyListDocument {
        InvariantCasts.downcast(InvariantCasts.unwrapped(document), to: BinaryPropertyListDocument.self)
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
            switch door {
            case .object: object
            case .json: try json.foundationObject(at: index)
            case .propertyList: propertyList.foundationObject(at: index)
            }
        }
    }

    /// A value inside this one, from the same document.
    @inline(__always)
    func child(object: Any) -> KeyMapInput {
        KeyMapInput(object, from: source)
    }

    /// A value inside this one, from the same parsed document.
    @inline(__always)
    func child(index: Int) -> KeyMapInput {
        KeyMapInput(door: door, document: document, index: index, source: source)
    }

    private init(door: Door, document: AnyObject?, index: Int, source: KeyMapSource) {
        self.door = door
        object = ()
        self.document = document
        self.index = index
        self.source = source
    }
}

// MARK: What every document tells the conversions

/// A number as a conversion asked for it: the value, a number this type cannot hold exactly
/// (`4.5` for an `Int`, `300` for a `UInt8`, `1e400` for a `Double`), or no number at all.
@usableFromInline
enum KeyMapNumber<Value> {
    case value(Value)
    case notExact
    case notANumber
}

extension KeyMapNumber where Value: BinaryFloatingPoint {
    /// The same answer for another floating-point type (the identity where it is the same one).
    @inline(__always)
    func converted<Other: BinaryFloatingPoint>(to _: Other.Type) -> KeyMapNumber<Other> {
        switch self {
        case .value(let value): .value(Other(value))
        case .notExact: .notExact
        case .notANumber: .notANumber
        }
    }
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
        switch door {
        case .object: type(of: object) is NSNull.Type
        case .json: json.tokens[index].kind == .null
        case .propertyList: false
        }
    }

    /// Whether the value is a dictionary: a JSON object, a property list's or a Foundation one.
    var isDictionary: Bool {
        switch door {
        case .object: ArchiveValueDecoder.dictionary(object) != nil
        case .json: json.tokens[index].kind == .object
        case .propertyList: propertyList.kind(of: index) == .dictionary
        }
    }

    /// The text of a string; `nil` for any other value.
    @inline(__always)
    var stringValue: String? {
        switch door {
        case .object: return Self.exactly(object, as: String.self) ?? object as? String
        case .json:
            // The document unretained: this input holds it, so a retain and a release per string
            // would buy nothing.
            return InvariantCasts.withUnretained(document, as: JSONDocument.self) { json in json.stringIfString(at: index) }
        case .propertyList:
            return propertyList.stringIfString(at: index)
        }
    }

    /// A Boolean (`true`, `false`, never a number); `nil` for any other value.
    var boolValue: Bool? {
        switch door {
        case .object:
            return isBoolean(object) ? object as? Bool : nil
        case .json:
            return Self.bool(at: index, of: json)
        case .propertyList:
            return propertyList.kind(of: index) == .bool ? propertyList.bool(at: index) : nil
        }
    }

    /// A date; `nil` for any other value (a JSON text has none).
    var dateValue: Date? {
        switch door {
        case .object: object as? Date
        case .json: nil
        case .propertyList: propertyList.kind(of: index) == .date ? propertyList.date(at: index) : nil
        }
    }

    /// Bytes; `nil` for any other value (a JSON text has none).
    var dataValue: Data? {
        switch door {
        case .object: object as? Data
        case .json: nil
        case .propertyList: propertyList.kind(of: index) == .data ? propertyList.data(at: index) : nil
        }
    }

    /// The number's exact value as `Integer`: an integer in range, or a whole real (`4.0`, `1e2`),
    /// judged by its exact value and never by a rounded one (`9007199254740993.0` is not …992).
    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) -> KeyMapNumber<Integer> {
        switch door {
        case .object:
            if let integer = Self.exactly(object, as: Integer.self) { return .value(integer) }
            guard let number = Self.number(object) else { return .notANumber }
            return Self.integer(of: number, as: Integer.self).map { .value($0) } ?? .notExact
        case .json:
            let token = json.tokens[index]
            guard token.kind == .number else { return .notANumber }
            if token.flags.contains(.integer) { return json.integer(Integer.self, at: index).map { .value($0) } ?? .notExact }
            // A fraction or an exponent: the text's exact value, which a Double would round.
            return DecimalNumeral(json.bytes(of: token))?.integer(Integer.self).map { .value($0) } ?? .notExact
        case .propertyList:
            switch propertyList.kind(of: index) {
            case .integer: return propertyList.integer(Integer.self, at: index).map { .value($0) } ?? .notExact
            case .real: return Integer(exactly: propertyList.double(at: index)).map { .value($0) } ?? .notExact
            default: return .notANumber
            }
        }
    }

    /// The number's nearest `Double`; a JSON number beyond its range is not exact.
    var double: KeyMapNumber<Double> {
        switch door {
        case .object:
            if let double = Self.exactly(object, as: Double.self) { return .value(double) }
            guard let number = Self.number(object) else { return .notANumber }
            // A decimal number's nearest Double, rounded once from its digits.
            if let decimal = number as? NSDecimalNumber, let double = Double(decimal.decimalValue.description) { return .value(double) }
            return .value(number.doubleValue)
        case .json:
            return Self.double(at: index, of: json)
        case .propertyList:
            switch propertyList.kind(of: index) {
            case .integer, .real: return .value(propertyList.double(at: index))
            default: return .notANumber
            }
        }
    }

    /// A JSON value's Boolean, as ``boolValue`` reads it.
    @inline(__always)
    static func bool(at index: Int, of json: JSONDocument) -> Bool? {
        switch json.tokens[index].kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// A JSON value's nearest `Double`, as ``double`` reads it.
    @inline(__always)
    static func double(at index: Int, of json: JSONDocument) -> KeyMapNumber<Double> {
        guard json.tokens[index].kind == .number else { return .notANumber }
        return json.double(at: index).map { .value($0) } ?? .notExact
    }

    /// The number's nearest `Float`, rounded once from its text or value; a finite number beyond
    /// `Float`'s range is not exact (it would become infinity).
    var float: KeyMapNumber<Float> {
        switch door {
        case .object:
            if let float = Self.exactly(object, as: Float.self) { return .value(float) }
            guard let number = Self.number(object) else { return .notANumber }
            var float = number.floatValue, double = number.doubleValue
            // A decimal number's nearest Float, rounded once from its digits.
            if let decimal = number as? NSDecimalNumber {
                let text = decimal.decimalValue.description
                if let value = Float(text), let wide = Double(text) { (float, double) = (value, wide) }
            }
            return float.isFinite || !double.isFinite ? .value(float) : .notExact
        case .json:
            let token = json.tokens[index]
            guard token.kind == .number else { return .notANumber }
            // JSON's `-0` is the integer zero, as JSONSerialization and a property list hold it
            // (and as the Double path reads it): +0.0, not the −0.0 of the text `-0.0`.
            if token.flags.contains([.integer, .negative]), json.bytes(of: token).elementsEqual("-0".utf8) { return .value(0) }
            // Rounded once from the text, not twice through Double.
            guard let float = Float(json.numberText(at: index)), float.isFinite else { return .notExact }
            return .value(float)
        case .propertyList:
            switch propertyList.kind(of: index) {
            case .integer:
                // Rounded once from the integer's digits, not twice through Double.
                let float = Float(propertyList.numberText(at: index)) ?? Float(propertyList.double(at: index))
                return float.isFinite ? .value(float) : .notExact
            case .real:
                let double = propertyList.double(at: index)
                let float = Float(double)
                return float.isFinite || !double.isFinite ? .value(float) : .notExact
            default: return .notANumber
            }
        }
    }

    /// The number's shortest exact text, as a `Decimal` reads it: a JSON text's digits, a decimal
    /// number's digits, or the shortest text that reads back as a stored `Double` or `Float` (so
    /// that 0.1 stays 0.1 and not 0.1000000000000000055…, and 0.30000000000000004 is not the
    /// `0.3` of `NSNumber.stringValue` on Apple platforms).
    var numberText: String? {
        switch door {
        case .object:
            guard let number = Self.number(object) else { return nil }
            if let decimal = number as? NSDecimalNumber { return decimal.decimalValue.description }
            switch Self.kind(of: number) {
            case .float: return "\(number.floatValue)"
            case .double: return "\(number.doubleValue)"
            case .unsigned: return String(number.uint64Value)
            case .signed: return String(number.int64Value)
            }
        case .json: return json.tokens[index].kind == .number ? json.numberText(at: index) : nil
        case .propertyList:
            switch propertyList.kind(of: index) {
            case .integer, .real: return propertyList.numberText(at: index)
            default: return nil
            }
        }
    }

    /// The Foundation object, cast to `type`, when the value is one of that type (a `URL` or a
    /// `UUID` that a hand-built dictionary holds); `nil` for values of parsed documents.
    func object<Value>(as type: Value.Type) -> Value? {
        guard door == .object else { return nil }
        return object as? Value
    }

    /// The dynamic type of the Foundation object; `nil` for values of parsed documents.
    var objectType: Any.Type? {
        guard door == .object else { return nil }
        return Swift.type(of: object)
    }

    /// What the value is, in error messages' words: `String "4x"`, `number 4.5`, `array of 3`.
    @usableFromInline
    var description: String {
        switch door {
        case .object: ArchiveDecodingError.describe(object)
        case .json: json.describe(at: index)
        case .propertyList: propertyList.describe(at: index)
        }
    }

    /// `object` when its dynamic type is exactly `Value`, as a dictionary built in code holds a
    /// `String` or an `Int`; `nil` for any other type, which the caller's cast then judges (a
    /// bridged `NSString` or `NSNumber` among them, as Foundation's readers give values on Darwin).
    ///
    /// The value is read through the opened existential after one comparison of type metadata:
    /// `as?` from `Any` goes through the runtime's dynamic cast, which walks conformance and
    /// bridging tables for every value.
    @inline(__always)
    static func exactly<Value>(_ object: Any, as type: Value.Type) -> Value? {
        func open<Opened>(_ value: Opened) -> Value? {
            // The types are the same, so the cast only renames the value's type.
            Opened.self == Value.self ? InvariantCasts.sameType(value, as: Value.self) : nil
        }
        return open(object)
    }

    /// What a Foundation number holds, by its C type: an `NSNumber` is read by its value, never by
    /// its `stringValue`, which on Apple platforms is `%0.16g` text (1.0000000000000002 is "1").
    private enum NumberKind { case signed, unsigned, float, double }

    private static func kind(of number: NSNumber) -> NumberKind {
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"): .float
        case UInt8(ascii: "d"): .double
        case UInt8(ascii: "Q"), UInt8(ascii: "L"): .unsigned
        default: .signed
        }
    }

    /// A Foundation number's exact value as `Integer`, or `nil` when it is not a whole number in
    /// range. A decimal number (which `JSONSerialization` gives for integers beyond 64 bits, and
    /// on Linux for some within them) is read from its digits: its `int64Value` of
    /// -9223372036854775809 is -9223372036854775807.
    private static func integer<Integer: FixedWidthInteger>(of number: NSNumber, as type: Integer.Type) -> Integer? {
        if let decimal = number as? NSDecimalNumber {
            return DecimalNumeral(decimal.decimalValue.description.utf8)?.integer(Integer.self)
        }
        return switch kind(of: number) {
        case .float, .double: Integer(exactly: number.doubleValue)
        case .unsigned: Integer(exactly: number.uint64Value)
        case .signed: Integer(exactly: number.int64Value)
        }
    }

    /// A number that is not a Boolean, as Foundation holds it (an `NSNumber`, or a Swift number
    /// that bridges to one); `nil` for anything else.
    private static func number(_ object: Any) -> NSNumber? {
        if let isBoolean = FoundationNumberTypes.isBooleanByType(object) { return isBoolean ? nil : object as? NSNumber }
        guard !(object is String), !isBoolean(object) else { return nil }
        return object as? NSNumber
    }
}

// MARK: Containers

extension KeyMapInput {
    /// The elements of an array, or a type mismatch naming `type`.
    @usableFromInline
    func elements<Value>(for type: Value.Type, expected: @autoclosure () -> String) throws(ArchiveDecodingError) -> Elements {
        switch door {
        case .object:
            if let elements = object as? [Any] { return Elements(input: self, objects: elements, position: 0, end: elements.count, count: elements.count) }
        case .json:
            let token = json.tokens[index]
            if token.kind == .array { return Elements(input: self, position: index + 1, end: Int(token.next), count: Int(token.length)) }
        case .propertyList:
            if propertyList.kind(of: index) == .array {
                let references = propertyList.elements(of: index)
                return Elements(input: self, references: references, position: 0, end: references.count, count: references.count)
            }
        }
        throw ArchiveDecodingError(type: type, reason: .typeMismatch(expected: expected(), found: description))
    }

    /// The keys and values of a dictionary, or a type mismatch naming `type`.
    @usableFromInline
    func members<Value>(for type: Value.Type, expected: @autoclosure () -> String) throws(ArchiveDecodingError) -> Members {
        switch door {
        case .object:
            if let members = object as? [String: Any] { return Members(input: self, objects: members, position: members.startIndex) }
        case .json:
            let token = json.tokens[index]
            if token.kind == .object { return Members(input: self, position: index + 1, end: Int(token.next), count: Int(token.length)) }
        case .propertyList:
            if propertyList.kind(of: index) == .dictionary {
                let members = propertyList.members(of: index)
                return Members(input: self, members: members, position: 0, end: members.count, count: members.count)
            }
        }
        throw ArchiveDecodingError(type: type, reason: .typeMismatch(expected: expected(), found: description))
    }

    /// The elements of an array, in order, each a ``KeyMapInput`` of the same document.
    @usableFromInline
    struct Elements: Sequence, IteratorProtocol {
        let input: KeyMapInput
        /// The elements of a Foundation array; empty for a parsed document.
        var objects: [Any] = []
        /// A property list's references; `nil` for other documents.
        var references: BinaryPropertyListDocument.References?
        /// The next element: an index of `objects` or `references`, or a JSON token.
        var position: Int
        let end: Int
        @usableFromInline let count: Int

        /// Moves `element` to the next element, or returns `false` at the end. `element` starts
        /// as a copy of the collection's input: for a parsed document only its index changes, so
        /// that the elements share one input, with one reference to the document, instead of
        /// making and destroying an input (a retain, a release and an existential) per element.
        @usableFromInline
        mutating func next(into element: inout KeyMapInput) -> Bool {
            guard position < end else { return false }
            switch input.door {
            case .object:
                element = input.child(object: objects[position])
                position += 1
            case .json:
                element.index = position
                position = Int(input.json.tokens[position].next)
            case .propertyList:
                element.index = InvariantCasts.unwrapped(references)[position]
                position += 1
            }
            return true
        }

        @usableFromInline
        mutating func next() -> KeyMapInput? {
            guard position < end else { return nil }
            switch input.door {
            case .object:
                defer { position += 1 }
                return input.child(object: objects[position])
            case .json:
                defer { position = Int(input.json.tokens[position].next) }
                return input.child(index: position)
            case .propertyList:
                defer { position += 1 }
                return input.child(index: InvariantCasts.unwrapped(references)[position])
            }
        }
    }

    /// The keys and values of a dictionary, each value a ``KeyMapInput`` of the same document.
    @usableFromInline
    struct Members: Sequence, IteratorProtocol {
        let input: KeyMapInput
        /// The members of a Foundation dictionary; empty for a parsed document.
        var objects: [String: Any] = [:]
        var objectPosition: Dictionary<String, Any>.Index?
        /// A property list's members; `nil` for other documents.
        var members: BinaryPropertyListDocument.Members?
        /// The next member: an index of `members`, or a JSON token (its key's).
        var position: Int = 0
        var end: Int = 0
        @usableFromInline let count: Int

        init(input: KeyMapInput, objects: [String: Any], position: Dictionary<String, Any>.Index) {
            self.input = input
            self.objects = objects
            objectPosition = position
            count = objects.count
        }

        init(input: KeyMapInput, members: BinaryPropertyListDocument.Members? = nil, position: Int, end: Int, count: Int) {
            self.input = input
            self.members = members
            self.position = position
            self.end = end
            self.count = count
        }

        @usableFromInline
        mutating func next() -> (key: String, value: KeyMapInput)? {
            switch input.door {
            case .object:
                guard let index = objectPosition, index < objects.endIndex else { return nil }
                objectPosition = objects.index(after: index)
                let (key, value) = objects[index]
                return (key, input.child(object: value))
            case .json:
                guard position < end else { return nil }
                let json = input.json
                defer { position = Int(json.tokens[position + 1].next) }
                return (json.string(at: position), input.child(index: position + 1))
            case .propertyList:
                guard position < end, let members else { return nil }
                defer { position += 1 }
                let (key, value) = members[position]
                return (input.propertyList.string(at: key), input.child(index: value))
            }
        }
    }
}

// MARK: The object a key map builds a model from

/// One object of a document that a key map builds a model from, whichever door it came through:
/// a dictionary (a response object or an archive), a JSON text's object, or a binary property
/// list's dictionary, and where each of the map's fields is in it. The one field decoder
/// (``KeyMapField/decode(_:from:at:model:)``) reads every field through it, so that each door's
/// way to a value is written once, here, beside ``KeyMapInput``'s answers for the values.
///
/// Plain fields, as ``KeyMapInput``'s: a decode makes one per model, and reads it once per field.
@usableFromInline
struct KeyMapObject {
    @usableFromInline let door: KeyMapInput.Door
    /// The response object or archive, and where each field's key is in it
    /// (``KeyMapField/locate(_:in:from:into:)``), for the object door.
    let dictionary: DictionarySlots
    /// The parsed document, not retained: the decode that made this object holds it.
    @usableFromInline let document: Unretained<AnyObject>?
    /// Each field's value in `document`: a JSON text's token, a property list's object; -1 when missing.
    @usableFromInline let slots: SlotBuffer
    /// Server keys apply to a response, archive keys to an archive.
    @usableFromInline let source: KeyMapSource

    /// A response object or an archive, whose fields' keys ``KeyMapField/locate(_:in:from:into:)`` found.
    init(dictionary: DictionarySlots, from source: KeyMapSource) {
        door = .object
        self.dictionary = dictionary
        document = nil
        slots = .none
        self.source = source
    }

    /// An object of a JSON text, read as a response object; the caller holds the text for the decode.
    init(json: JSONDocument, slots: SlotBuffer) {
        self.init(door: .json, document: json, slots: slots, source: .responseObject)
    }

    /// A dictionary of a binary property list, read as an archive; the caller holds the document for the decode.
    init(propertyList: BinaryPropertyListDocument, slots: SlotBuffer) {
        self.init(door: .propertyList, document: propertyList, slots: slots, source: .archive)
    }

    private init(door: KeyMapInput.Door, document: AnyObject, slots: SlotBuffer, source: KeyMapSource) {
        self.door = door
        dictionary = .none
        self.document = Unretained(document)
        self.slots = slots
        self.source = source
    }

    /// Whether `field`, the map's field number `index`, has a value here, null among them.
    @inline(__always)
    func holdsValue(of field: KeyMapField, at index: Int) -> Bool {
        guard door == .object else { return slots[index] >= 0 }
        return field.hasComplexKeys ? field.lookUpComplex(in: dictionary.dictionary, from: source) != nil : dictionary[index] != nil
    }

    /// Reads the value of `field`, the map's field number `index`, which ``holdsValue(of:at:)``
    /// says is here, by `Property`'s conversion.
    @inline(__always)
    func read<Property: KeyMapValue>(_ type: Property.Type, of field: KeyMapField, at index: Int) throws(ArchiveDecodingError) -> Property {
        switch door {
        case .json:
            let slot = Int(slots[index])
            return try withDocument(as: JSONDocument.self) { (json) throws(ArchiveDecodingError) in
                try KeyMapInput.read(Property.self, at: slot, of: json)
            }
        case .propertyList:
            let slot = Int(slots[index])
            return try withDocument(as: BinaryPropertyListDocument.self) { (propertyList) throws(ArchiveDecodingError) in
                try Property(keyMapValue: KeyMapInput(propertyList: propertyList, at: slot))
            }
        case .object:
            return try Property(keyMapValue: KeyMapInput(dictionaryValue(of: field, at: index), from: source))
        }
    }

    /// ``KeyMapField/decode(_:from:at:model:)`` of a plain field whose value is in a JSON text,
    /// compiled for `Property` in a key map's construct closure (``KeyMap/field(_:_:_:_:_:)``),
    /// so that a string, a number or a nested model comes back without a generic conversion's
    /// copies; `nil` when the field is not plain, has no value or is not in a JSON text, for the
    /// field decoder's full rules. The reads and the recovery are the field decoder's own.
    @inlinable @inline(__always)
    func readPlainJSON<Property: KeyMapValue>(
        _ type: Property.Type, of field: KeyMapField, at index: Int, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property? {
        guard door == .json, field.isPlain else { return nil }
        let slot = Int(slots[index])
        guard slot >= 0 else { return nil }
        return try withDocument(as: JSONDocument.self) { (json) throws(ArchiveDecodingError) -> Property? in
            do throws(ArchiveDecodingError) {
                return try KeyMapInput.read(Property.self, at: slot, of: json)
            } catch {
                return try field.recover(Property.self, from: error, in: self, at: index, model: model)
            }
        }
    }

    /// The value of `field`, the map's field number `index`, as an input; `nil` when it has none.
    /// For what is not the common path: transforms, which take Foundation objects, and the null check of a failed read.
    func input(of field: KeyMapField, at index: Int) -> KeyMapInput? {
        guard holdsValue(of: field, at: index) else { return nil }
        switch door {
        case .json:
            let slot = Int(slots[index])
            return withDocument(as: JSONDocument.self) { json in KeyMapInput(json: json, at: slot) }
        case .propertyList:
            let slot = Int(slots[index])
            return withDocument(as: BinaryPropertyListDocument.self) { propertyList in KeyMapInput(propertyList: propertyList, at: slot) }
        case .object:
            return KeyMapInput(dictionaryValue(of: field, at: index), from: source)
        }
    }

    /// The dictionary's value for `field`, which ``holdsValue(of:at:)`` says is there: copied
    /// from where its key was found, or looked up by its paths, alternates or former keys.
    @inline(__always)
    private func dictionaryValue(of field: KeyMapField, at index: Int) -> Any {
        guard !field.hasComplexKeys else { return field.lookUpComplex(in: dictionary.dictionary, from: source)! }
        return dictionary.value(at: index)
    }

    /// Calls `body` with the parsed document, which is a `Document`, not retained. Inlinable for
    /// ``readPlainJSON(_:of:at:model:)``.
    @inlinable @inline(__always)
    func withDocument<Document: AnyObject, Result>(
        as _: Document.Type, _ body: (Document) throws(ArchiveDecodingError) -> Result
    ) throws(ArchiveDecodingError) -> Result {
        // The door says which document it is.
        try InvariantCasts.unwrapped(document).with { (object) throws(ArchiveDecodingError) in
            try body(InvariantCasts.downcast(object, to: Document.self))
        }
    }

    @inline(__always)
    private func withDocument<Document: AnyObject, Result>(as _: Document.Type, _ body: (Document) -> Result) -> Result {
        InvariantCasts.unwrapped(document).with { object in body(InvariantCasts.downcast(object, to: Document.self)) }
    }
}

extension KeyMapInput {
    /// The value at `index` of a JSON text, read by `Property`'s conversion. The types a response
    /// holds most (`String`, `Int`, `Int64`, `Bool`, `Double`) are read from the token by the
    /// rule their conversion follows, through the same reads of the text as the accessors
    /// (``stringValue``, ``bool(at:of:)``, ``double(at:of:)``), without an input: an input holds the document and a Foundation object (an existential),
    /// so each one made costs a retain, a release and an existential's destruction. Any value
    /// these reads do not take as they are (another kind of token, a number that does not fit, a
    /// numeral string of another form) goes to the type's own conversion, so the rules and
    /// errors stay the conversions'.
    ///
    /// Inlinable, so that a fixed-arity key map's construct closure, compiled for the model,
    /// compiles it for each property's type (``KeyMapObject/readPlainJSON(_:of:at:model:)``).
    @inlinable @inline(__always)
    static func read<Property: KeyMapValue>(_ type: Property.Type, at index: Int, of json: JSONDocument) throws(ArchiveDecodingError) -> Property {
        if Property.self == String.self {
            // Moved out of the local, not copied: the types are the same.
            if var string = json.stringIfString(at: index) { return InvariantCasts.moving(&string, as: Property.self, leaving: "") }
        } else if Property.self == Int.self {
            if let integer = json.plainInt(at: index) { return InvariantCasts.sameType(integer, as: Property.self) }
        } else if Property.self == Int64.self {
            if let integer = json.plainInt64(at: index) { return InvariantCasts.sameType(integer, as: Property.self) }
        } else if Property.self == Bool.self {
            if let bool = json.boolIfBool(at: index) { return InvariantCasts.sameType(bool, as: Property.self) }
        } else if Property.self == Double.self {
            if let double = json.exactDouble(at: index) { return InvariantCasts.sameType(double, as: Property.self) }
        }
        return try Property(keyMapValue: KeyMapInput(json: json, at: index))
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
