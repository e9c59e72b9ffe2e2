import Foundation

/// The value a key map uses for a property whose key is missing or null.
///
/// Write it as a literal, which is read as the property's type reads a server value, or wrap any
/// other value with ``value(_:)``:
///
/// ```swift
/// "rating": .init(server: "star_rating", default: 0),
/// "reviews": .init(default: []),
/// "joined": .init(default: "2016-06-01T00:00:00Z"),       // read as a Date
/// "cuisine": .init(default: .value(Cuisine.soup)),
/// ```
///
/// A default that does not convert to the property's type is reported by ``KeyMapped/validateKeyMap()``.
public struct KeyMapDefault: @unchecked Sendable {
    // Unchecked for `.typed`: a key-path entry's default has the property's own type, which need
    // not be `Sendable` (a main-actor model's, say). The map keeps it immutable, as it keeps the
    // initializer it calls; the public ways to build a default take `Sendable` values only.
    enum Storage {
        /// A literal, as the JSON-like value it spells: read through the property type's conversion.
        case literal(any Sendable)
        /// A typed value, used as it is when its type is the property's.
        case value(any Sendable)
        /// A value of the property's own type, from a key-path entry.
        case typed(Any)
        /// `nil`: the property type's value for a missing key (`nil` for optionals).
        case null
    }

    let storage: Storage

    /// A default of the property's own type, as key-path entries give it.
    init(typed value: Any) {
        storage = .typed(value)
    }

    init(storage: Storage) {
        self.storage = storage
    }

    /// A default of any type; it is used as it is when its type is the property's.
    ///
    /// ```swift
    /// "cuisine": .init(default: .value(Cuisine.soup))
    /// ```
    public static func value(_ value: some KeyMapValue & Sendable) -> KeyMapDefault {
        KeyMapDefault(storage: .value(value))
    }

    /// The default as a value of `Property`, or why it is not one.
    func converted<Property: KeyMapValue>(to type: Property.Type) throws(ArchiveDecodingError) -> Property {
        switch storage {
        case .null:
            guard let missing = Property.keyMapValueWhenMissing else {
                throw ArchiveDecodingError(type: Property.self, reason: .missingValue(expected: Property.keyMapTypeDescription))
            }
            return missing
        case .value(let value):
            if let typed = value as? Property { return typed }
            return try Property(keyMapValue: value, from: .archive)
        case .typed(let value):
            if let typed = value as? Property { return typed }
            return try Property(keyMapValue: value, from: .archive)
        case .literal(let literal):
            return try Property(keyMapValue: Self.jsonValue(literal), from: .responseObject)
        }
    }

    /// A literal as `JSONSerialization` would have produced it, so that conversions treat both alike.
    private static func jsonValue(_ literal: any Sendable) -> Any {
        switch literal {
        case let array as [KeyMapDefault]:
            return array.map(\.jsonValue)
        case let dictionary as [String: KeyMapDefault]:
            return dictionary.mapValues(\.jsonValue)
        default:
            return literal
        }
    }

    private var jsonValue: Any {
        switch storage {
        case .null: NSNull()
        case .value(let value): value
        case .typed(let value): value
        case .literal(let literal): Self.jsonValue(literal)
        }
    }

    /// The default as text, for messages.
    var displayDescription: String {
        switch storage {
        case .null: "nil"
        case .value(let value): String(describing: value)
        case .typed(let value): String(describing: value)
        case .literal(let literal): ArchiveDecodingError.describe(Self.jsonValue(literal))
        }
    }
}

extension KeyMapDefault: ExpressibleByNilLiteral {
    /// A default written as a literal.
    ///
    /// ```swift
    /// "text": .init(default: nil)
    /// ```
    public init(nilLiteral: ()) { storage = .null }
}

extension KeyMapDefault: ExpressibleByIntegerLiteral {
    /// A default written as a literal.
    ///
    /// ```swift
    /// "text": .init(default: 0)
    /// ```
    public init(integerLiteral value: Int) { storage = .literal(value) }
}

extension KeyMapDefault: ExpressibleByFloatLiteral {
    /// A default written as a literal.
    ///
    /// ```swift
    /// "text": .init(default: 4.5)
    /// ```
    public init(floatLiteral value: Double) { storage = .literal(value) }
}

extension KeyMapDefault: ExpressibleByBooleanLiteral {
    /// A default written as a literal.
    ///
    /// ```swift
    /// "text": .init(default: false)
    /// ```
    public init(booleanLiteral value: Bool) { storage = .literal(value) }
}

extension KeyMapDefault: ExpressibleByStringLiteral {
    /// A default written as a literal.
    ///
    /// ```swift
    /// "text": .init(default: "untitled")
    /// ```
    public init(stringLiteral value: String) { storage = .literal(value) }
}

extension KeyMapDefault: ExpressibleByArrayLiteral {
    /// A default written as a literal.
    ///
    /// ```swift
    /// "text": .init(default: [])
    /// ```
    public init(arrayLiteral elements: KeyMapDefault...) { storage = .literal(elements) }
}

extension KeyMapDefault: ExpressibleByDictionaryLiteral {
    /// A default written as a literal.
    ///
    /// ```swift
    /// "text": .init(default: ["theme": "dark"])
    /// ```
    public init(dictionaryLiteral elements: (String, KeyMapDefault)...) {
        storage = .literal(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
