/// Something the tool reports about a file: a part it left in place, or a behaviour the key map
/// changes that a user should check.
///
/// ```swift
/// diagnostic.description  // "Sources/Models/User.swift:12: left in place: User: ..."
/// ```
public struct MigrationDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// How much a diagnostic matters.
    public enum Severity: String, Sendable {
        /// Code the tool did not convert; it is still in the file, unchanged.
        case leftInPlace = "left in place"
        /// Converted, but a behaviour of the hand-written code that the key map does not keep.
        case note
    }

    /// The file, as the user named it.
    public var path: String
    /// The 1-based line in the original file.
    public var line: Int
    /// How much it matters.
    public var severity: Severity
    /// What the tool did and why, in words.
    public var message: String

    /// `path:line: severity: message`, the form editors and CI logs turn into links.
    public var description: String {
        "\(path):\(line): \(severity.rawValue): \(message)"
    }
}
