import Archiver
import Foundation

/// The key paths at which two archives differ, one line each, for failure messages.
///
/// Values are compared as ``Archiver`` compares archives: numbers by value (`4 == 4.0`), a Boolean
/// never equal to a number.
///
/// ```swift
/// ArchiveDifference.lines(expected: ["rating": 4, "text": "Good"], actual: ["rating": 5])
/// // ["rating: expected number 4, found number 5", "text: expected String \"Good\", found nothing"]
/// ```
public enum ArchiveDifference {
    /// One line per differing key path, sorted by key path; empty when the archives have the same content.
    public static func lines(expected: Archive, actual: Archive) -> [String] {
        var lines: [String] = []
        compare(expected, actual, path: "", into: &lines)
        return lines
    }

    private static func compare(_ expected: Any, _ actual: Any, path: String, into lines: inout [String]) {
        switch (expected, actual) {
        case let (expected as Archive, actual as Archive):
            for key in Set(expected.keys).union(actual.keys).sorted() {
                let keyPath = path.isEmpty ? key : path + "." + key
                switch (expected[key], actual[key]) {
                case let (expectedValue?, actualValue?):
                    compare(expectedValue, actualValue, path: keyPath, into: &lines)
                case let (expectedValue?, nil):
                    lines.append("\(keyPath): expected \(describe(expectedValue)), found nothing")
                case let (nil, actualValue?):
                    lines.append("\(keyPath): expected nothing, found \(describe(actualValue))")
                case (nil, nil):
                    break
                }
            }
        case let (expected as [Any], actual as [Any]):
            guard expected.count == actual.count else {
                lines.append("\(path): expected \(expected.count) elements, found \(actual.count)")
                return
            }
            for (index, (expectedElement, actualElement)) in zip(expected, actual).enumerated() {
                compare(expectedElement, actualElement, path: path + "[\(index)]", into: &lines)
            }
        default:
            // The core's content equality, applied to one value.
            guard !["value": expected].hasSameContent(as: ["value": actual]) else { return }
            lines.append("\(path.isEmpty ? "(root)" : path): expected \(describe(expected)), found \(describe(actual))")
        }
    }

    private static func describe(_ value: Any) -> String {
        switch value {
        case let date as Date: "Date \(date.timeIntervalSinceReferenceDate) (\(date))"
        case let data as Data: "Data of \(data.count) bytes"
        default: ArchiveDecodingError.describe(value)
        }
    }
}
