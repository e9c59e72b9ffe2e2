// Written by archiver-migrate for Bookmark. Run it once before applying the rewrite: it
// records Goldens/Bookmark.plist from the hand-written conformance and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map writes
// the recorded archive and reads it back unchanged.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import MigrationFixtures

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

/// The inputs archiver-migrate noted, which the key map reads otherwise than the hand-written
/// code did: recorded as Goldens/Bookmark-noted.plist before the rewrite, each that reads
/// differently after it is a known issue of this test, which names it. Decide whether the
/// new reading is what you want; once it is, delete this test.
@Test func bookmarkNotedInputs() throws {
    let archive: [String: Any] = [
        "id": "id-1",
        "title": "title-2",
        "added": Date(timeIntervalSinceReferenceDate: 600007200),
        "note": "note-4",
    ]
    let inputs: [(response: Bool, key: String, literal: String, value: Any)] = [
        (false, "added", "Int(5)", Int(5)),
        (false, "added", "\"1574553600.5\"", "1574553600.5"),
        (false, "added", "\"2026-01-02T03:04:05Z\"", "2026-01-02T03:04:05Z"),
    ]
    var outcomes: Archive = [:]
    for input in inputs {
        var dictionary = archive
        dictionary[input.key] = input.value
        let outcome = Bookmark(archive: dictionary).map { $0.archiveValue as Any }
        outcomes["\(input.response ? "response" : "archive") \(input.key) = \(input.literal)"] = outcome ?? "refused"
    }
    withKnownIssue("archiver-migrate noted that the key map reads these inputs otherwise", isIntermittent: true) {
        try GoldenArchives().assertGolden(archive: outcomes, named: "Bookmark-noted")
    }
}
