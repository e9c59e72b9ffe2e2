import Foundation

/// Decimals read from numbers and from decimal strings such as `"19.99"`; they are archived as
/// that text, because a property list has no decimal type and a `Double` would round.
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
        } else if let text = input.numberText {
            guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN else {
                throw .invalidValue(Decimal.self, found: input)
            }
            self = decimal
        } else if let string = input.stringValue {
            // `Decimal(string:)` reads a prefix ("12abc" is 12); only whole numerals are accepted.
            let numeral = string.allSatisfy { "0123456789+-.eE".contains($0) } && Double(string) != nil
            guard numeral, let decimal = Decimal(string: string, locale: Locale(identifier: "en_US_POSIX")) else {
                throw .invalidValue(Decimal.self, found: input)
            }
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
