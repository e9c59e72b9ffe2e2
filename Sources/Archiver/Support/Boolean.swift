import Foundation

/// The concrete classes Foundation uses for numbers and Booleans on this platform, learned once
/// from the numbers it makes, so that classifying a value is a couple of type comparisons on
/// every platform.
///
/// On Apple platforms `NSNumber(value:)`, `JSONSerialization` and property-list readers all return
/// `__NSCFNumber` for numbers and `__NSCFBoolean` for Booleans; on Linux numbers are `NSNumber`
/// itself and Booleans `__NSCFBoolean`. Learning them rather than naming them keeps both right.
enum FoundationNumberTypes {
    /// The Boolean classes: Swift's `Bool` and Foundation's `true`/`false` numbers.
    static let booleans: [Any.Type] = unique(
        [Bool.self, type(of: NSNumber(value: true)), type(of: NSNumber(value: false))]
            + (parsedJSONNumbers.booleans.map { [$0] } ?? [])
    )

    /// The classes of numbers that are not Booleans, as Foundation creates them and as
    /// `JSONSerialization` and `PropertyListSerialization` return them.
    static let numbers: [Any.Type] = unique([
        NSNumber.self,
        type(of: NSNumber(value: 1)),
        type(of: NSNumber(value: 1.5)),
        type(of: NSNumber(value: Int64.max)),
        type(of: NSNumber(value: UInt64.max)),
    ] + parsedJSONNumbers.numbers + parsedPropertyListNumbers + [Int.self, Double.self, Int64.self, UInt64.self, Float.self])

    /// What `JSONSerialization` returns for `[1, 1.5, true, 18446744073709551615]`.
    private static var parsedJSONNumbers: (numbers: [Any.Type], booleans: Any.Type?) {
        let text = Data("[1, 1.5, true, 18446744073709551615, -9223372036854775808]".utf8)
        guard let values = (try? JSONSerialization.jsonObject(with: text)) as? [Any], values.count == 5 else { return ([], nil) }
        return ([values[0], values[1], values[3], values[4]].map { type(of: $0) }, type(of: values[2]))
    }

    /// What a binary property list holding an integer and a real reads back as.
    private static var parsedPropertyListNumbers: [Any.Type] {
        let list: [Any] = [NSNumber(value: 1), NSNumber(value: 1.5)]
        guard let data = try? PropertyListSerialization.data(fromPropertyList: list, format: .binary, options: 0),
              let values = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [Any] else { return [] }
        return values.map { type(of: $0) }
    }

    private static func unique(_ types: [Any.Type]) -> [Any.Type] {
        var result: [Any.Type] = []
        for type in types where !result.contains(where: { $0 == type }) { result.append(type) }
        return result
    }

    /// Whether `value` is a Boolean, decided by its type alone; `nil` for a type not learned,
    /// which only other `NSNumber` subclasses are.
    static func isBooleanByType(_ value: Any) -> Bool? {
        let valueType = type(of: value)
        for boolean in booleans where boolean == valueType { return true }
        for number in numbers where number == valueType { return false }
        return nil
    }
}

/// Whether `value` is a Boolean, as opposed to a number that merely converts to one.
///
/// `JSONSerialization` and property-list readers return numbers as `NSNumber`, and an `NSNumber`
/// holding `1` casts to `Bool` with `as?`. A Boolean is a Swift `Bool` or Foundation's Boolean
/// number class. This sits on hot paths: the learned classes settle almost every call with a
/// couple of type comparisons, and only an unknown `NSNumber` subclass falls back to its name.
func isBoolean(_ value: Any) -> Bool {
    if let known = FoundationNumberTypes.isBooleanByType(value) { return known }
    guard value is NSNumber else { return false }
    return String(describing: type(of: value)).contains("Boolean")
}
