import Foundation

/// The one describer of property-list and response values, in two lengths: a summary for error
/// messages (`String "4x"`, `dictionary of 2`) and the exact text for comparison reports
/// (`"4x"`, `{a: 1, b: 2}`), both built from the same rendering of each leaf.
package enum ValueDescription {
    /// The longest text a comparison report shows of one value.
    static let maximumTextLength = 80
    /// The most characters of one value an error message quotes (``excerpt(_:)``).
    static let maximumExcerptLength = 64

    /// `text` as an error message quotes it: whole when short, else its first
    /// ``maximumExcerptLength`` characters and how long it was, so that a hostile value (a number
    /// of a million digits) makes an error of a hundred bytes, not a megabyte.
    ///
    /// ```swift
    /// ValueDescription.excerpt(String(repeating: "9", count: 1_000_000))  // "9999…9999… (1000000 characters)"
    /// ```
    static func excerpt(_ text: String) -> String {
        // The UTF-8 count first: cheap for a native string, and a bound on the characters.
        guard text.utf8.count > maximumExcerptLength else { return text }
        let prefix = text.prefix(maximumExcerptLength + 1)
        guard prefix.count > maximumExcerptLength else { return text }
        return String(prefix.dropLast()) + "… (\(text.count) characters)"
    }

    /// What kind of value this is and, for a leaf, which: `String "4x"`, `number 4`, `Bool true`,
    /// `Date 2016-06-01T12:00:00Z`, `Data of 3 bytes`, `array of 2`, `null`, `nothing`.
    package static func summary(_ value: Any?) -> String {
        guard let value else { return "nothing" }
        switch value {
        case _ where isNull(value):
            return "null"
        case let string as String:
            let shown = string.count > 40 ? String(string.prefix(40)) + "…" : string
            return "String \(shown.debugDescription)"
        case _ where isBoolean(value):
            return "Bool \(leaf(value) ?? "")"
        case is NSNumber:
            return "number \(leaf(value) ?? "")"
        case is Date:
            return "Date \(leaf(value) ?? "")"
        case let data as Data:
            return "Data of \(data.count) bytes"
        case let array as [Any]:
            return "array of \(array.count)"
        case let failure as EncodingFailure:
            return failure.description
        default:
            if let dictionary = ArchiveValueDecoder.dictionary(value) { return "dictionary of \(dictionary.count)" }
            return String(describing: type(of: value))
        }
    }

    /// The value itself, short and exact, so that two values that differ read differently:
    /// strings quoted, dates in ISO 8601, dictionaries with their sorted keys; `nil` for no value.
    package static func text(_ value: Any?) -> String? {
        guard let value else { return nil }
        let full = render(value, depth: 0)
        return full.count > maximumTextLength ? String(full.prefix(maximumTextLength - 1)) + "…" : full
    }

    /// The text of a leaf value, or `nil` for a container.
    private static func leaf(_ value: Any) -> String? {
        if isBoolean(value), let bool = value as? Bool { return bool ? "true" : "false" }
        switch value {
        case let string as String:
            return string.debugDescription
        case let date as Date:
            let whole = date.timeIntervalSinceReferenceDate.rounded() == date.timeIntervalSinceReferenceDate
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
        case let data as Data:
            return "<\(data.count) bytes>"
        case let number as NSNumber:
            return excerpt("\(number)")
        default:
            return nil
        }
    }

    private static func render(_ value: Any, depth: Int) -> String {
        if let leaf = leaf(value) { return leaf }
        guard depth < 4 else { return "…" }
        if let dictionary = ArchiveValueDecoder.dictionary(value) {
            let entries = dictionary.keys.sorted().map { "\($0): \(render(dictionary[$0] as Any, depth: depth + 1))" }
            return "{" + entries.joined(separator: ", ") + "}"
        }
        if let array = value as? [Any] {
            return "[" + array.map { render($0, depth: depth + 1) }.joined(separator: ", ") + "]"
        }
        return summary(value)
    }
}
