// Written by archiver-migrate for Review. Run it once before applying the rewrite: it
// records Goldens/Review.plist from the hand-written conformance and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map writes
// the recorded archive and reads it back unchanged.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import MigrationFixtures

@Test func reviewArchiveIsUnchangedByTheKeyMap() throws {
    let responseObject: ResponseObject = [
        "id": "id-1",
        "restaurant": [
            "id": "id-1",
            "name": "name-2",
        ],
        "star_rating": "5",
        "text": "text-4",
    ]
    let value = try #require(Review(responseObject: responseObject))
    try GoldenArchives().assertGolden(value, named: "Review")
}
