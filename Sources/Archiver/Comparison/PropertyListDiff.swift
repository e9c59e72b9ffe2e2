import Foundation

/// The places where two property-list values differ, walked key by key and index by index.
///
/// Numbers compare by value (`4` and `4.0` are the same content), but a Boolean is never a
/// number; dictionaries compare by key whatever their order.
enum PropertyListDiff {
    struct Entry {
        var path: [ArchiveDecodingError.PathComponent]
        /// The value on the first side, or `nil` where it has none.
        var first: Any?
        var second: Any?
    }

    static func differences(_ first: Any?, _ second: Any?) -> [Entry] {
        var entries: [Entry] = []
        collect(first, second, path: [], into: &entries)
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
        case let (first as NSNumber, second as NSNumber): return first == second
        default: return false
        }
    }
}
