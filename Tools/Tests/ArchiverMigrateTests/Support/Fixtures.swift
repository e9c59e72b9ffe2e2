import Foundation
@testable import ArchiverMigrate

/// The fixture files: the models the tool starts from (symbolic links to the repository's files),
/// the tool's committed output for them, and MIGRATION.md's hand-written "After" (links too).
enum Fixtures {
    static let toolsRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let repositoryRoot = toolsRoot.deletingLastPathComponent()

    /// Each "Before" fixture and the file of the repository it links to.
    static let before: KeyValuePairs<String, String> = [
        "User.swift": "Examples/ArchiverTutorial/User.swift",
        "Review.swift": "Examples/ArchiverTutorial/Review.swift",
        "Restaurant.swift": "Examples/ArchiverTutorial/Restaurant.swift",
        "Bookmark.swift": "Examples/Migration/Before/Bookmark.swift",
        "Event+Coding.swift": "Examples/Migration/Before/Event+Coding.swift",
        "Movie+Dictionariable.swift": "Examples/Migration/Before/Movie+Dictionariable.swift",
    ]

    /// Each "After" fixture and the file of the repository it links to.
    static let after: KeyValuePairs<String, String> = [
        "TutorialModel.swift": "Examples/TutorialModel/TutorialModel.swift",
        "Bookmark.swift": "Examples/Migration/After/Bookmark.swift",
        "Event.swift": "Examples/Migration/After/Event.swift",
        "Movie.swift": "Examples/Migration/After/Movie.swift",
    ]

    static func text(_ relativePath: String, in root: URL = toolsRoot) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// The tool run on every "Before" fixture at once, as `archiver-migrate Fixtures/Before/*.swift`.
    static func migrateBefore() throws -> MigrationReport {
        let inputs = try before.map { name, _ in (path: "Fixtures/Before/\(name)", text: try text("Fixtures/Before/\(name)")) }
        return Migrator.migrate(inputs)
    }
}
