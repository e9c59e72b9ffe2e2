import Foundation

/// `Double` and `Float` read from any number but a Boolean, and from decimal strings such as
/// `"4.5"`. A `Float` read from a `Double` rounds to the nearest `Float`, as Swift's own
/// conversion does.
extension Double: KeyMapValue {
    /// Reads a `Double` by the rule above.
    ///
    /// ```swift
    /// try Double(keyMapValue: "4.5", from: .responseObject)  // 4.5
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        if let double = value as? Double, type(of: value) == Double.self {
            self = double
        } else if let number = NumberClassification.number(value) {
            self = number.doubleValue
        } else if let string = value as? String {
            guard let double = Double(string) else { throw .invalidValue(Double.self, found: value) }
            self = double
        } else {
            throw .typeMismatch(Double.self, found: value)
        }
    }

    /// The `Double` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try Double(keyMapValue: "4.5", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { self }

    /// `0`: any `Double` will do.
    ///
    /// ```swift
    /// Double.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Double? { 0 }
}

extension Float: KeyMapValue {
    /// Reads a `Float` by the rule above.
    ///
    /// ```swift
    /// try Float(keyMapValue: "4.5", from: .responseObject)  // 4.5
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        if let float = value as? Float, type(of: value) == Float.self {
            self = float
        } else if let number = NumberClassification.number(value) {
            self = number.floatValue
        } else if let string = value as? String {
            guard let float = Float(string) else { throw .invalidValue(Float.self, found: value) }
            self = float
        } else {
            throw .typeMismatch(Float.self, found: value)
        }
    }

    /// The `Float` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try Float(keyMapValue: "4.5", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { self }

    /// `0`: any `Float` will do.
    ///
    /// ```swift
    /// Float.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Float? { 0 }
}
