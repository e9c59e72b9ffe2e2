import Foundation

/// The places where two property-list values differ, walked key by key and index by index.
///
/// Numbers compare by value (`4` and `4.0` are the same content), but a Boolean is never a
/// number; dictionaries compare by key whatever their order.
package enum PropertyListDiff {
    package struct Entry {
        package var path: [ArchiveDecodingError.PathComponent]
        /// The value on the first side, or `nil` where it has none.
        package var first: Any?
        package var second: Any?

        /// The path as text: `reviews[0].rating`.
        package var keyPath: String { path.archiveKeyPath }
    }

    /// Whether two values hold the same content: what ``ArchiveComparison/haveSameContent(_:_:)``
    /// and the comparison report both ask, answered by one walk.
    static func isEqual(_ first: Any, _ second: Any) -> Bool {
        differences(first, second).isEmpty
    }

    package static func differences(_ first: Any?, _ second: Any?) -> [Entry] {
        var entries: [Entry] = []
        collect(unwrapped(first), unwrapped(second), path: [], into: &entries)
        return entries
    }

    private static func collect(_ first: Any?, _ second: Any?, path: [ArchiveDecodingError.PathComponent], into entries: inout [Entry]) {
        switch (first, second) {
        case (nil, nil):
            return
        case (let first?, let second?):
            if let firstDictionary = ArchiveValueDecoder.dictionary(first), let secondDictionary = ArchiveValueDecoder.dictionary(second) {
                for key in Set(firstDictionary.keys).union(secondDictionary.keys).sorted() {
                    collect(firstDictionary[key], secondDictionary[key], path: path + [.key(key)], into: &entries)
                }
            } else if !isLeaf(first), !isLeaf(second), let firstArray = first as? [Any], let secondArray = second as? [Any] {
                for index in 0..<max(firstArray.count, secondArray.count) {
                    collect(index < firstArray.count ? firstArray[index] : nil,
                            index < secondArray.count ? secondArray[index] : nil,
                            path: path + [.index(index)], into: &entries)
                }
            } else if !leavesEqual(first, second) {
                entries.append(Entry(path: path, first: first, second: second))
            }
        default:
            entries.append(Entry(path: path, first: first, second: second))
        }
    }

    /// The value inside an optional that was passed as `Any` (`dictionary[key] as Any`), which
    /// casts would see through but type checks would not.
    private static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        guard let optional = value as? any OptionalValue else { return value }
        return unwrapped(optional.wrappedAny)
    }

    private static func isLeaf(_ value: Any) -> Bool {
        value is String || value is Data || value is Date || value is NSNumber
    }

    /// Whether two values that are not both containers are the same content.
    static func leavesEqual(_ first: Any, _ second: Any) -> Bool {
        let firstIsBoolean = isBoolean(first), secondIsBoolean = isBoolean(second)
        if firstIsBoolean || secondIsBoolean {
            return firstIsBoolean && secondIsBoolean && (first as? Bool) == (second as? Bool)
        }
        switch (first, second) {
        case let (first as String, second as String): return first == second
        case let (first as Date, second as Date): return first == second
        case let (first as Data, second as Data): return first == second
        case let (first as NSNumber, second as NSNumber): return first.compare(second) == .orderedSame
        default: return false
        }
    }
}

private protocol OptionalValue {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedAny: Any? { self.map { $0 as Any } }
}
