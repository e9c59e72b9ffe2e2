// Written by archiver-migrate for Bookmark. Run it once before applying the rewrite: it
// records Goldens/Bookmark.plist from the hand-written conformance and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map writes
// the recorded archive and reads it back unchanged.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import MigrationConverted

@Test func bookmarkArchiveIsUnchangedByTheKeyMap() throws {
    let archive: Archive = [
        "id": "id-1",
        "title": "title-2",
        "added": Date(timeIntervalSinceReferenceDate: 600007200),
        "note": "note-4",
    ]
    let value = try #require(Bookmark(archive: archive))
    try GoldenArchives().assertGolden(value, named: "Bookmark")
}
