/// What a migration did across all the files it was given.
///
/// ```swift
/// let report = Migrator.migrate(files)
/// report.convertedTypes  // ["Restaurant", "Review", "User"]
/// report.leftInPlace     // false: everything was converted
/// ```
public struct MigrationReport: Sendable {
    /// Every file given, in order.
    public let files: [FileMigration]
    /// What was left in place and why, and behaviours the key maps change; by file and line.
    public let diagnostics: [MigrationDiagnostic]
    /// The types whose conformances became key maps, in the order they were found.
    public let convertedTypes: [String]
    /// The ``TypeScope`` keys of the converted types, in the same order.
    let convertedKeys: [String]
    /// The plans of the converted types, by key.
    let plans: [String: KeyMapPlan]
    /// For each converted type, the keys of the types it holds, by name.
    let nestedKeys: [String: [String: String]]
    /// Converted types whose hand-written conformance was `ArchiveRepresentable`, so that a
    /// test can record their archive before the rewrite.
    let archiveRepresentableBefore: Set<String>
    /// Converted types whose hand-written conformance was `Dictionariable`.
    let dictionariableBefore: Set<String>
    /// The file that declares each converted type, by key.
    let declaringFiles: [String: String]

    /// Whether anything was left in place (or a file could not be parsed).
    public var leftInPlace: Bool { diagnostics.contains { $0.severity == .leftInPlace } }
}
