import Archiver
import Foundation

/// The key paths at which two archives differ, one line each, for failure messages.
///
/// Values are compared by the library's one deep compare, the one behind
/// ``Archiver/ArchiveComparison/haveSameContent(_:_:)`` and ``Archiver/ArchiveComparison``: numbers
/// by value (`4 == 4.0`), a Boolean never equal to a number.
///
/// ```swift
/// ArchiveDifference.lines(expected: ["rating": 4, "text": "Good"], actual: ["rating": 5])
/// // ["rating: expected number 4, found number 5", "text: expected String \"Good\", found nothing"]
/// ```
public enum ArchiveDifference {
    /// One line per differing key path, sorted by key path; empty when the archives have the same content.
    public static func lines(expected: Archive, actual: Archive) -> [String] {
        PropertyListDiff.differences(expected, actual).map { entry in
            let keyPath = entry.path.isEmpty ? "(root)" : entry.keyPath
            return "\(keyPath): expected \(ValueDescription.summary(entry.first)), found \(ValueDescription.summary(entry.second))"
        }
    }
}
