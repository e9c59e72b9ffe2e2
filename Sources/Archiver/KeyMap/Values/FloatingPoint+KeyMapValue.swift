import Foundation

/// `Double` and `Float` read from any number but a Boolean, and from decimal strings such as
/// `"4.5"`. A `Float` read from a `Double` rounds to the nearest `Float`, as Swift's own
/// conversion does.
extension Double: KeyMapValue {
    /// Reads a `Double` by the rule above.
    ///
    /// ```swift
    /// try Double(keyMapValue: KeyMapInput("4.5", from: .responseObject))  // 4.5
    /// ```
    public init(keyMapValue input: KeyMapInput) throws(ArchiveDecodingError) {
        switch input.kind {
        case .integer, .real:
            // A JSON number beyond Double's range is not lossless.
            guard let double = input.double else { throw .invalidValue(Double.self, found: input) }
            self = double
        case .string:
            guard let double = Double(input.string) else { throw .invalidValue(Double.self, found: input) }
            self = double
        default:
            throw .typeMismatch(Double.self, found: input)
        }
    }

    /// The `Double` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try Double(keyMapValue: KeyMapInput("4.5", from: .archive)).keyMapArchiveValue
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
    /// try Float(keyMapValue: KeyMapInput("4.5", from: .responseObject))  // 4.5
    /// ```
    public init(keyMapValue input: KeyMapInput) throws(ArchiveDecodingError) {
        switch input.kind {
        case .integer, .real:
            // Rounded once from the number's text, not twice through Double. A finite number
            // beyond Float's range would become infinity: not lossless.
            guard let float = Float(input.numberText), float.isFinite || !(input.double?.isFinite ?? false) else {
                throw .invalidValue(Float.self, found: input)
            }
            self = float
        case .string:
            guard let float = Float(input.string) else { throw .invalidValue(Float.self, found: input) }
            self = float
        default:
            throw .typeMismatch(Float.self, found: input)
        }
    }

    /// The `Float` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try Float(keyMapValue: KeyMapInput("4.5", from: .archive)).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { self }

    /// `0`: any `Float` will do.
    ///
    /// ```swift
    /// Float.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Float? { 0 }
}
