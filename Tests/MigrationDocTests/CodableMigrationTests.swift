import Archiver
import ArchiverTesting
import Foundation
import MigrationAfter
import Testing

/// MIGRATION.md, from Codable: files an app wrote with its own PropertyListEncoder code.
struct CodableMigrationTests {
    @Test func bookmarksAnAppStoredWithPropertyListEncoderMoveIntoTheArchiver() throws {
        let oldURL = FileManager.default.temporaryDirectory.appendingPathComponent("bookmarks-\(UUID().uuidString).plist")
        let saved = [
            Bookmark(id: "b1", title: "Soup", added: Date(timeIntervalSinceReferenceDate: 600_000_000), note: nil),
            Bookmark(id: "b2", title: "Bread", added: Date(timeIntervalSinceReferenceDate: 600_000_100), note: "One star off"),
        ]
        try PropertyListEncoder().encode(saved).write(to: oldURL)

        try TemporaryArchiver.with { archiver in
            let bookmarks = try PropertyListDecoder().decode([Bookmark].self, from: Data(contentsOf: oldURL))
            for bookmark in bookmarks { try bookmark.store(in: archiver) }
            try FileManager.default.removeItem(at: oldURL)

            let stored = try Bookmark.loadAll(in: archiver)
            #expect(stored.map(\.title) == ["Soup", "Bread"])
            #expect(stored.map(\.added) == saved.map(\.added))
            #expect(stored.map(\.note) == [nil, "One star off"])
        }
        #expect(!FileManager.default.fileExists(atPath: oldURL.path))
    }
}
