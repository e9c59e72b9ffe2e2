import Foundation

/// Ways two archives can hold the same value in different forms, which the comparison notes
/// apart from differences of content.
///
/// ```swift
/// report.notes.first?.representation  // .urlForm, for a URL stored as a string one way
/// ```
public enum Representation: Sendable, Hashable, CustomStringConvertible {
    /// A URL as its string on one side and as `PropertyListEncoder`'s `{relative: …}` on the other.
    case urlForm
    /// A `Decimal` as its text on one side and as `PropertyListEncoder`'s mantissa dictionary on
    /// the other.
    case decimalForm
    /// The same number at two widths: a `Float` on one side, the `Double` nearest it on the other.
    case numberWidth

    /// The form difference in words: `URL form`, `Decimal form`, `number width`.
    ///
    /// ```swift
    /// Representation.urlForm.description  // "URL form"
    /// ```
    public var description: String {
        switch self {
        case .urlForm: "URL form"
        case .decimalForm: "Decimal form"
        case .numberWidth: "number width"
        }
    }

    /// How `first` and `second` represent the same value differently, or `nil` when they hold
    /// different content. The value types' own ``KeyMapValue`` conformances decide sameness, so
    /// the comparison agrees with what either form reads back as.
    static func of(_ first: Any, _ second: Any) -> Representation? {
        if let first = first as? NSNumber, let second = second as? NSNumber {
            guard !isBoolean(first), !isBoolean(second) else { return nil }
            return Float(first.doubleValue) == Float(second.doubleValue) ? .numberWidth : nil
        }
        // A form difference pairs a leaf with a dictionary; two strings or two dictionaries that
        // differ differ in content.
        let firstIsDictionary = ArchiveValueDecoder.dictionary(first) != nil
        guard firstIsDictionary != (ArchiveValueDecoder.dictionary(second) != nil) else { return nil }
        if let left = try? URL(keyMapValue: KeyMapInput(first, from: .archive)), let right = try? URL(keyMapValue: KeyMapInput(second, from: .archive)),
           left.absoluteString == right.absoluteString {
            return .urlForm
        }
        if let left = try? Decimal(keyMapValue: KeyMapInput(first, from: .archive)), let right = try? Decimal(keyMapValue: KeyMapInput(second, from: .archive)),
           left == right {
            return .decimalForm
        }
        return nil
    }
}
