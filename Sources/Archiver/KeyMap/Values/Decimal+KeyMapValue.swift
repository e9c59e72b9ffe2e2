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
    public init(keyMapValue input: KeyMapInput) throws(ArchiveDecodingError) {
        // A Decimal itself, not a number that bridges to one (through Double).
        if let decimal = input.object(as: Decimal.self), input.objectType == Decimal.self {
            self = decimal
            return
        }
        switch input.kind {
        case .integer, .real:
            // The number's own text (a JSON text's digits, or the shortest text of a stored
            // number), so that 0.1 stays 0.1 rather than the binary double's 0.1000000000000000055….
            guard let decimal = Decimal(string: input.numberText, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN else {
                throw .invalidValue(Decimal.self, found: input)
            }
            self = decimal
        case .string:
            // `Decimal(string:)` reads a prefix ("12abc" is 12); only whole numerals are accepted.
            let string = input.string
            let numeral = string.allSatisfy { "0123456789+-.eE".contains($0) } && Double(string) != nil
            guard numeral, let decimal = Decimal(string: string, locale: Locale(identifier: "en_US_POSIX")) else {
                throw .invalidValue(Decimal.self, found: input)
            }
            self = decimal
        case .dictionary:
            // Decimal's own Codable form, as `Decimal.keyMapArchiveValue` of an older archive holds it.
            guard let dictionary = try ArchiveValueDecoder.dictionary(input.foundationObject), dictionary["mantissa"] != nil else {
                throw .typeMismatch(Decimal.self, found: input)
            }
            self = try ArchiveValueDecoder.decodeOwnCodable(Decimal.self, from: dictionary, source: input.source)
        default:
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
