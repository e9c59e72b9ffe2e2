import Foundation

/// Every integer width reads from integral numbers in range and from decimal strings such as
/// `"4"`; `4.5`, `"4x"`, `300` for a `UInt8` and Booleans fail.
extension FixedWidthInteger where Self: KeyMapValue {
    /// The shared conversion behind each width's ``KeyMapValue/init(keyMapValue:from:)``.
    static func integer(from value: Any) throws(ArchiveDecodingError) -> Self {
        if type(of: value) == Self.self, let integer = value as? Self { return integer }
        if let number = NumberClassification.number(value) {
            if let integer = value as? Self { return integer }
            // NSNumber's own exact conversions cover the widths Swift bridging does not,
            // such as a Swift `Int` read as an `Int64`; the decimal text is exact for both.
            if let integer = Self(number.stringValue) { return integer }
            throw .invalidValue(Self.self, found: value)
        }
        if let string = value as? String {
            guard let integer = Self(string) else { throw .invalidValue(Self.self, found: value) }
            return integer
        }
        throw .typeMismatch(Self.self, found: value)
    }

    /// Integers that a property list holds as they are; the few unsigned values above
    /// `Int64.max`, which it cannot, are written as their decimal text and read back exactly.
    var integerArchiveValue: Any {
        if Self.isSigned || self <= Int64.max { return self }
        return String(self)
    }
}

// Each width states its members rather than inheriting them from a
// `KeyMapValue where Self: FixedWidthInteger` extension: every integer type is also Codable, and
// a second constrained default would be ambiguous with the Codable bridge's
// (Codable+KeyMapValue.swift). Members on the type itself win over both.

extension Int: KeyMapValue {
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    public static var keyMapPlaceholder: Int? { 0 }
}

extension Int8: KeyMapValue {
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    public static var keyMapPlaceholder: Int8? { 0 }
}

extension Int16: KeyMapValue {
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    public static var keyMapPlaceholder: Int16? { 0 }
}

extension Int32: KeyMapValue {
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    public static var keyMapPlaceholder: Int32? { 0 }
}

extension Int64: KeyMapValue {
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    public static var keyMapPlaceholder: Int64? { 0 }
}

extension UInt: KeyMapValue {
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    public static var keyMapPlaceholder: UInt? { 0 }
}

extension UInt8: KeyMapValue {
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    public static var keyMapPlaceholder: UInt8? { 0 }
}

extension UInt16: KeyMapValue {
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    public static var keyMapPlaceholder: UInt16? { 0 }
}

extension UInt32: KeyMapValue {
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    public static var keyMapPlaceholder: UInt32? { 0 }
}

extension UInt64: KeyMapValue {
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    public static var keyMapPlaceholder: UInt64? { 0 }
}
