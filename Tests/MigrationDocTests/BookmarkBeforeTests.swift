import ArchiverTesting
import Foundation
import MigrationBefore
import Testing

/// The golden of MIGRATION.md's Codable section comes from the hand-written conformance.
struct BookmarkBeforeTests {
    @Test func theHandWrittenBookmarkWritesTheGolden() throws {
        let bookmark = Bookmark(id: "b1", title: "Soup", added: Date(timeIntervalSinceReferenceDate: 600_000_000), note: nil)
        try GoldenArchives().assertGolden(bookmark, named: "bookmark")
    }
}
