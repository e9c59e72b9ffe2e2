import Foundation

/// Short, exact text for property-list values in comparison reports: strings quoted, dates in
/// ISO 8601, dictionaries with their keys, so that two values that differ read differently.
enum PropertyListValueText {
    static let maximumLength = 80

    static func text(_ value: Any?) -> String? {
        guard let value else { return nil }
        let full = render(value, depth: 0)
        return full.count > maximumLength ? String(full.prefix(maximumLength - 1)) + "…" : full
    }

    private static func render(_ value: Any, depth: Int) -> String {
        if isBoolean(value), let bool = value as? Bool { return bool ? "true" : "false" }
        switch value {
        case let string as String:
            return string.debugDescription
        case let date as Date:
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: date.timeIntervalSinceReferenceDate.rounded() != date.timeIntervalSinceReferenceDate))
        case let data as Data:
            return "<\(data.count) bytes>"
        case let number as NSNumber:
            return "\(number)"
        default:
            break
        }
        guard depth < 4 else { return "…" }
        if let dictionary = ArchiveValueDecoder.dictionary(value) {
            let entries = dictionary.keys.sorted().map { "\($0): \(render(dictionary[$0] as Any, depth: depth + 1))" }
            return "{" + entries.joined(separator: ", ") + "}"
        }
        if let array = value as? [Any] {
            return "[" + array.map { render($0, depth: depth + 1) }.joined(separator: ", ") + "]"
        }
        return String(describing: type(of: value))
    }
}
