import Foundation

/// Compares two values stored property by stored property, through `Mirror`, and names the first
/// that differs: `reviews[1].rating: 4 ≠ 0`.
///
/// The assertions use it instead of `==`, which for a `UniquelyIdentifiable` type compares ids
/// only, and which a hand-written conformance may define loosely. It catches the classic bug of a
/// property added to a model but forgotten in both `archiveValue` and `init(archive:)`: the
/// archives agree, and only the values differ.
///
/// Structs, classes (with their superclasses' properties), tuples and enum payloads are compared
/// field by field; arrays element by element; dictionaries by key and sets by matching elements,
/// without regard to order; optionals by their wrapped values; NaN equals NaN. Values of the
/// standard library's and Foundation's own types (`String`, numbers, `Date`, `URL`, `Data`, …)
/// are compared with `==`, and any other value without stored properties by its description.
///
/// ```swift
/// FieldComparison.firstDifference(expected: user, actual: decoded)
/// // "reviews[1].rating: 4 ≠ 0", or nil when every field is equal
/// ```
enum FieldComparison {
    /// Deeper than any model a test builds; stops a class that refers to itself, which then fails
    /// the comparison rather than recursing forever.
    static let maximumDepth = 200

    /// The first field in which `actual` differs from `expected`, as `path: expected ≠ actual`;
    /// `nil` when they are equal field by field.
    static func firstDifference(expected: Any, actual: Any) -> String? {
        difference(expected, actual, path: "", depth: 0)
    }

    private static func difference(_ expected: Any, _ actual: Any, path: String, depth: Int) -> String? {
        // Said rather than passed over: a value this deep is not known to be equal.
        guard depth < maximumDepth else { return "\(path): nested deeper than \(maximumDepth) levels, not compared" }
        let expectedMirror = Mirror(reflecting: expected)
        let actualMirror = Mirror(reflecting: actual)
        if expectedMirror.displayStyle == .optional || actualMirror.displayStyle == .optional {
            let (expectedWrapped, actualWrapped) = (unwrapped(expected), unwrapped(actual))
            switch (expectedWrapped, actualWrapped) {
            case (nil, nil): return nil
            case (let expected?, let actual?): return difference(expected, actual, path: path, depth: depth + 1)
            default: return mismatch(path, expectedWrapped.map(describe) ?? "nil", actualWrapped.map(describe) ?? "nil")
            }
        }
        // An `Archive` property holds `Int` before a round trip and may hold `NSNumber` after.
        if type(of: expected) != type(of: actual), let expectedNumber = number(expected), let actualNumber = number(actual) {
            return expectedNumber == actualNumber ? nil : mismatch(path, describe(expected), describe(actual))
        }
        guard type(of: expected) == type(of: actual) else {
            return mismatch(path, "\(describe(expected)) (\(type(of: expected)))", "\(describe(actual)) (\(type(of: actual)))")
        }
        if let equal = leafEquality(expected, actual) {
            return equal ? nil : mismatch(path, describe(expected), describe(actual))
        }
        switch expectedMirror.displayStyle {
        case .collection?:
            return elementDifference(Array(expectedMirror.children), Array(actualMirror.children), path: path, depth: depth)
        case .dictionary?:
            return dictionaryDifference(expectedMirror, actualMirror, path: path, depth: depth)
        case .set?:
            return setDifference(expectedMirror, actualMirror, path: path, depth: depth)
        default:
            return fieldDifference(expected, actual, expectedMirror, actualMirror, path: path, depth: depth)
        }
    }

    /// Whether two leaves are equal, or `nil` when the values have fields to compare.
    private static func leafEquality(_ expected: Any, _ actual: Any) -> Bool? {
        if let expected = expected as? Double, let actual = actual as? Double {
            return expected == actual || (expected.isNaN && actual.isNaN)
        }
        if let expected = expected as? Float, let actual = actual as? Float {
            return expected == actual || (expected.isNaN && actual.isNaN)
        }
        if type(of: expected) is NSObject.Type, let expected = expected as? NSObject, let actual = actual as? NSObject {
            return expected.isEqual(actual)
        }
        // The standard library's and Foundation's own types define == by value; a model's ==
        // may compare ids only. Their collections hold models, and are compared by element.
        let typeName = String(reflecting: type(of: expected))
        let isOwnType = ["Swift.", "Foundation.", "FoundationEssentials."].contains { typeName.hasPrefix($0) }
        let isCollection = [.collection, .dictionary, .set, .optional, .tuple].contains(Mirror(reflecting: expected).displayStyle)
        if isOwnType, !isCollection, let equatable = expected as? any Equatable {
            return isEqual(equatable, actual)
        }
        let mirror = Mirror(reflecting: expected)
        if mirror.children.isEmpty, mirror.superclassMirror == nil, !isCollection {
            return describe(expected) == describe(actual)
        }
        return nil
    }

    private static func isEqual<Value: Equatable>(_ expected: Value, _ actual: Any) -> Bool {
        guard let actual = actual as? Value else { return false }
        return expected == actual
    }

    private static func elementDifference(_ expected: [Mirror.Child], _ actual: [Mirror.Child], path: String, depth: Int) -> String? {
        for index in 0 ..< min(expected.count, actual.count) {
            if let found = difference(expected[index].value, actual[index].value, path: "\(path)[\(index)]", depth: depth + 1) {
                return found
            }
        }
        guard expected.count == actual.count else {
            return mismatch(path, "\(expected.count) elements", "\(actual.count) elements")
        }
        return nil
    }

    private static func dictionaryDifference(_ expected: Mirror, _ actual: Mirror, path: String, depth: Int) -> String? {
        let expectedEntries = entries(expected)
        let actualEntries = entries(actual)
        // Sorted by description, so that the difference named is the same on every run.
        for (key, value) in expectedEntries.sorted(by: { describe($0.key) < describe($1.key) }) {
            let keyPath = "\(path)[\(describe(key))]"
            guard let other = actualEntries[key] else { return mismatch(keyPath, describe(value), "nothing") }
            if let found = difference(value, other, path: keyPath, depth: depth + 1) { return found }
        }
        if let extra = actualEntries.keys.filter({ expectedEntries[$0] == nil }).map(describe).sorted().first {
            return mismatch("\(path)[\(extra)]", "nothing", describe(actualEntries.first { describe($0.key) == extra }!.value))
        }
        return nil
    }

    /// A dictionary's entries, whose `Mirror` children are `(key, value)` tuples.
    private static func entries(_ mirror: Mirror) -> [AnyHashable: Any] {
        var entries: [AnyHashable: Any] = [:]
        for child in mirror.children {
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2, let key = pair[0].value as? AnyHashable else { continue }
            entries[key] = pair[1].value
        }
        return entries
    }

    /// Each expected element matched to an equal actual one, field by field.
    private static func setDifference(_ expected: Mirror, _ actual: Mirror, path: String, depth: Int) -> String? {
        var unmatched = actual.children.map(\.value)
        for element in expected.children.map(\.value) {
            guard let match = unmatched.firstIndex(where: { difference(element, $0, path: path, depth: depth + 1) == nil }) else {
                return mismatch(path, "an element \(describe(element))", "none equal to it")
            }
            unmatched.remove(at: match)
        }
        if let extra = unmatched.first {
            return mismatch(path, "no element \(describe(extra))", "one")
        }
        return nil
    }

    private static func fieldDifference(
        _ expected: Any, _ actual: Any, _ expectedMirror: Mirror, _ actualMirror: Mirror, path: String, depth: Int
    ) -> String? {
        let expectedFields = fields(expectedMirror)
        let actualFields = fields(actualMirror)
        // Enum cases: the payload's label is the case; cases without one differ in description.
        if expectedMirror.displayStyle == .enum, expectedFields.map(\.label) != actualFields.map(\.label) || expectedFields.isEmpty {
            return describe(expected) == describe(actual) ? nil : mismatch(path, describe(expected), describe(actual))
        }
        guard expectedFields.count == actualFields.count else {
            return mismatch(path, describe(expected), describe(actual))
        }
        for (index, (field, other)) in zip(expectedFields, actualFields).enumerated() {
            let name = field.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? "\(index)"
            let fieldPath = path.isEmpty ? name : "\(path).\(name)"
            if let found = difference(field.value, other.value, path: fieldPath, depth: depth + 1) { return found }
        }
        return nil
    }

    /// A value's stored properties, its superclasses' included.
    private static func fields(_ mirror: Mirror) -> [Mirror.Child] {
        var fields = Array(mirror.children)
        var ancestor = mirror.superclassMirror
        while let superclass = ancestor {
            fields = Array(superclass.children) + fields
            ancestor = superclass.superclassMirror
        }
        return fields
    }

    /// A number or Boolean as Foundation compares them; `nil` for anything with parts, which the
    /// cast would first convert whole.
    private static func number(_ value: Any) -> NSNumber? {
        guard Mirror(reflecting: value).displayStyle == nil else { return nil }
        return value as? NSNumber
    }

    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let wrapped = mirror.children.first?.value else { return nil }
        return unwrapped(wrapped)
    }

    private static func mismatch(_ path: String, _ expected: String, _ actual: String) -> String {
        "\(path.isEmpty ? "(the value)" : path): \(expected) ≠ \(actual)"
    }

    /// A short, exact rendering: strings quoted, the rest as they describe themselves.
    private static func describe(_ value: Any) -> String {
        let text = (value as? String).map { $0.debugDescription } ?? String(describing: value)
        return text.count > 80 ? String(text.prefix(80)) + "…" : text
    }
}
