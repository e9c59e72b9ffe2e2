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
    /// Reads a `Int` by the rule above.
    ///
    /// ```swift
    /// try Int(keyMapValue: "4", from: .responseObject)  // 4
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    /// The `Int` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try Int(keyMapValue: "4", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    /// `0`: any `Int` will do.
    ///
    /// ```swift
    /// Int.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Int? { 0 }
}

extension Int8: KeyMapValue {
    /// Reads a `Int8` by the rule above.
    ///
    /// ```swift
    /// try Int8(keyMapValue: "4", from: .responseObject)  // 4
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    /// The `Int8` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try Int8(keyMapValue: "4", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    /// `0`: any `Int8` will do.
    ///
    /// ```swift
    /// Int8.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Int8? { 0 }
}

extension Int16: KeyMapValue {
    /// Reads a `Int16` by the rule above.
    ///
    /// ```swift
    /// try Int16(keyMapValue: "4", from: .responseObject)  // 4
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    /// The `Int16` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try Int16(keyMapValue: "4", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    /// `0`: any `Int16` will do.
    ///
    /// ```swift
    /// Int16.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Int16? { 0 }
}

extension Int32: KeyMapValue {
    /// Reads a `Int32` by the rule above.
    ///
    /// ```swift
    /// try Int32(keyMapValue: "4", from: .responseObject)  // 4
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    /// The `Int32` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try Int32(keyMapValue: "4", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    /// `0`: any `Int32` will do.
    ///
    /// ```swift
    /// Int32.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Int32? { 0 }
}

extension Int64: KeyMapValue {
    /// Reads a `Int64` by the rule above.
    ///
    /// ```swift
    /// try Int64(keyMapValue: "4", from: .responseObject)  // 4
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    /// The `Int64` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try Int64(keyMapValue: "4", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    /// `0`: any `Int64` will do.
    ///
    /// ```swift
    /// Int64.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Int64? { 0 }
}

extension UInt: KeyMapValue {
    /// Reads a `UInt` by the rule above.
    ///
    /// ```swift
    /// try UInt(keyMapValue: "4", from: .responseObject)  // 4
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    /// The `UInt` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try UInt(keyMapValue: "4", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    /// `0`: any `UInt` will do.
    ///
    /// ```swift
    /// UInt.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: UInt? { 0 }
}

extension UInt8: KeyMapValue {
    /// Reads a `UInt8` by the rule above.
    ///
    /// ```swift
    /// try UInt8(keyMapValue: "4", from: .responseObject)  // 4
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    /// The `UInt8` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try UInt8(keyMapValue: "4", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    /// `0`: any `UInt8` will do.
    ///
    /// ```swift
    /// UInt8.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: UInt8? { 0 }
}

extension UInt16: KeyMapValue {
    /// Reads a `UInt16` by the rule above.
    ///
    /// ```swift
    /// try UInt16(keyMapValue: "4", from: .responseObject)  // 4
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    /// The `UInt16` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try UInt16(keyMapValue: "4", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    /// `0`: any `UInt16` will do.
    ///
    /// ```swift
    /// UInt16.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: UInt16? { 0 }
}

extension UInt32: KeyMapValue {
    /// Reads a `UInt32` by the rule above.
    ///
    /// ```swift
    /// try UInt32(keyMapValue: "4", from: .responseObject)  // 4
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    /// The `UInt32` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try UInt32(keyMapValue: "4", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    /// `0`: any `UInt32` will do.
    ///
    /// ```swift
    /// UInt32.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: UInt32? { 0 }
}

extension UInt64: KeyMapValue {
    /// Reads a `UInt64` by the rule above.
    ///
    /// ```swift
    /// try UInt64(keyMapValue: "18446744073709551615", from: .responseObject)  // UInt64.max
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) { self = try Self.integer(from: value) }
    /// The `UInt64` itself, or its decimal text above `Int64.max`, which a property list cannot hold.
    ///
    /// ```swift
    /// try UInt64(keyMapValue: "18446744073709551615", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { integerArchiveValue }
    /// `0`: any `UInt64` will do.
    ///
    /// ```swift
    /// UInt64.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: UInt64? { 0 }
}
