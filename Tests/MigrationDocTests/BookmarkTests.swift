import Archiver
import ArchiverTesting
import Foundation
import MigrationAfter
import Testing

struct BookmarkTests {
    @Test func bookmarkArchiveIsUnchanged() throws {
        let bookmark = Bookmark(id: "b1", title: "Soup", added: Date(timeIntervalSinceReferenceDate: 600_000_000), note: nil)
        try GoldenArchives().assertGolden(bookmark, named: "bookmark")
    }

    @Test func bookmarksRoundTrip() throws {
        try assertArchiveRoundTrip(Bookmark(id: "b2", title: "Bread", added: Date(), note: "One star off"))
        try TemporaryArchiver.with { archiver in
            try assertStorageRoundTrip(Bookmark(id: "b3", title: "Risotto", added: Date(), note: nil), in: archiver)
        }
    }
}
