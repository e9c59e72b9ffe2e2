import Foundation

/// How a value that may stand for a number arrived: what the numeric conversions need to know
/// to stay lossless.
enum NumberClassification {
    /// The class Foundation uses for `true` and `false` read from JSON or property lists.
    private static let booleanNumberType: Any.Type = type(of: NSNumber(value: true))

    /// Whether `value` is a Boolean rather than a number: a Swift `Bool` or Foundation's
    /// Boolean number. Cheaper than ``isBoolean(_:)`` on the hot path: one type comparison,
    /// then the general check only for number classes it does not know.
    static func isBooleanValue(_ value: Any) -> Bool {
        let valueType = type(of: value)
        if valueType == Bool.self || valueType == booleanNumberType { return true }
        if valueType == NSNumber.self { return false }
        return isBoolean(value)
    }

    /// `value` as a number that is not a Boolean, whether it arrived as an `NSNumber` or as a
    /// Swift numeric type.
    static func number(_ value: Any) -> NSNumber? {
        guard !(value is String), !isBooleanValue(value) else { return nil }
        return value as? NSNumber
    }
}
