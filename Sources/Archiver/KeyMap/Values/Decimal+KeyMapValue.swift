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
    /// try Decimal(keyMapValue: "19.99", from: .responseObject)  // 19.99
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        if let decimal = value as? Decimal, type(of: value) == Decimal.self {
            self = decimal
        } else if let number = NumberClassification.number(value) {
            // The shortest text of the number, so that JSON's 0.1 stays 0.1 rather than the
            // binary double's 0.1000000000000000055….
            guard let decimal = Decimal(string: number.stringValue, locale: Locale(identifier: "en_US_POSIX")) else {
                throw .invalidValue(Decimal.self, found: value)
            }
            self = decimal
        } else if let string = value as? String {
            // `Decimal(string:)` reads a prefix ("12abc" is 12); only whole numerals are accepted.
            let numeral = string.allSatisfy { "0123456789+-.eE".contains($0) } && Double(string) != nil
            guard numeral, let decimal = Decimal(string: string, locale: Locale(identifier: "en_US_POSIX")) else {
                throw .invalidValue(Decimal.self, found: value)
            }
            self = decimal
        } else if let dictionary = ArchiveValueDecoder.dictionary(value), dictionary["mantissa"] != nil {
            self = try ArchiveValueDecoder.decodeOwnCodable(Decimal.self, from: dictionary, source: source)
        } else {
            throw .typeMismatch(Decimal.self, found: value)
        }
    }

    /// The decimal text, `"19.99"`: a property list has no decimal type.
    ///
    /// ```swift
    /// try Decimal(keyMapValue: "19.99", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { description }

    /// `0`: any `Decimal` will do.
    ///
    /// ```swift
    /// Decimal.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Decimal? { 0 }
}
