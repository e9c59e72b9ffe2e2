import Foundation

/// Whether `value` is a Boolean, as opposed to a number that merely converts to one.
///
/// `JSONSerialization` and property-list readers return numbers as `NSNumber`, and an `NSNumber`
/// holding `1` casts to `Bool` with `as?`. A Boolean is a Swift `Bool`, or the number class that
/// Foundation uses for `true` and `false` (`__NSCFBoolean` on every platform).
func isBoolean(_ value: Any) -> Bool {
    let valueType = type(of: value)
    if valueType == Bool.self { return true }
    guard value is NSNumber else { return false }
    return String(describing: valueType).contains("Boolean")
}
