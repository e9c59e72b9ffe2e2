import Foundation

/// How a value that may stand for a number arrived: what the numeric conversions need to know
/// to stay lossless.
enum NumberClassification {
    /// `value` as a number that is not a Boolean, whether it arrived as an `NSNumber` or as a
    /// Swift numeric type.
    static func number(_ value: Any) -> NSNumber? {
        if let isBoolean = FoundationNumberTypes.isBooleanByType(value) { return isBoolean ? nil : value as? NSNumber }
        guard !(value is String), !isBoolean(value) else { return nil }
        return value as? NSNumber
    }
}
