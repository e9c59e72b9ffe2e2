import Foundation

/// The class Foundation uses for `true` and `false`, read from JSON or property lists or bridged
/// from a Swift `Bool` (`__NSCFBoolean` on every platform).
private let booleanNumberType: Any.Type = type(of: NSNumber(value: true))

/// Whether `value` is a Boolean, as opposed to a number that merely converts to one.
///
/// `JSONSerialization` and property-list readers return numbers as `NSNumber`, and an `NSNumber`
/// holding `1` casts to `Bool` with `as?`. A Boolean is a Swift `Bool` or Foundation's Boolean
/// number class. This sits on hot paths: two type comparisons settle almost every call.
func isBoolean(_ value: Any) -> Bool {
    let valueType = type(of: value)
    if valueType == Bool.self || valueType == booleanNumberType { return true }
    if valueType == NSNumber.self { return false }
    guard value is NSNumber else { return false }
    return String(describing: valueType).contains("Boolean")
}
