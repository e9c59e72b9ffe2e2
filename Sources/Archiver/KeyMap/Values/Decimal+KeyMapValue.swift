import Foundation

/// Decimals read from numbers and from strings that are a JSON number, such as `"19.99"`; they
/// are archived as that text, because a property list has no decimal type and a `Double` would
/// round. A number a `Decimal` cannot hold exactly (more than 38 significant digits, 39 up to
/// 2^128 − 1, or a power of ten beyond ±128) is refused rather than truncated.
///
/// They also read from the mantissa dictionary `PropertyListEncoder` writes for a `Decimal`
/// (`exponent`, `length`, `isNegative`, `isCompact`, `mantissa`), so that files Codable storage
/// wrote with it still load.
extension Decimal: KeyMapValue {
    /// Reads a `Decimal` by the rule above.
    ///
    /// ```swift
    /// try Decimal(keyMapValue: KeyMapInput("19.99", from: .responseObject))  // 19.99
    /// ```
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        // A Decimal itself, not a number that bridges to one (through Double).
        if let decimal = input.object(as: Decimal.self), input.objectType == Decimal.self {
            self = decimal
            return
        }
        let text: String? = if let number = input.numberText { number } else { input.stringValue }
        if let text {
            // The digits themselves: `Decimal(string:)` reads a prefix ("12abc" is 12) and keeps
            // 38 digits of a longer number without a word.
            guard let decimal = DecimalNumeral(text.utf8)?.decimal else { throw .invalidValue(Decimal.self, found: input) }
            self = decimal
        } else if input.member(named: "mantissa") != nil {
            // Decimal's own Codable form, read in place.
            self = try ArchiveValueDecoder.decodeOwnCodable(Decimal.self, from: input)
        } else {
            throw .typeMismatch(Decimal.self, found: input)
        }
    }

    /// The decimal text, `"19.99"`: a property list has no decimal type.
    ///
    /// ```swift
    /// try Decimal(keyMapValue: KeyMapInput("19.99", from: .archive)).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { description }

    /// `0`: any `Decimal` will do.
    ///
    /// ```swift
    /// Decimal.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Decimal? { 0 }
}
