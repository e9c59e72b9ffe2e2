/// One file after migration.
///
/// ```swift
/// let report = Migrator.migrate([(path: "User.swift", text: source)])
/// print(report.files[0].diff)  // --- a/User.swift …
/// ```
public struct FileMigration: Sendable {
    /// The path, as given.
    public let path: String
    /// The text before.
    public let original: String
    /// The text after; the original when the file could not be parsed or nothing was converted.
    public let converted: String
    /// Whether the file parsed without errors. A file that did not is never rewritten.
    public let parsed: Bool

    /// Whether the migration changes the file.
    public var isChanged: Bool { original != converted }

    /// The change as a unified diff, `""` when there is none.
    public var diff: String { UnifiedDiff.render(old: original, new: converted, path: path) }
}
