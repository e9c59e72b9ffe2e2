// Written by archiver-migrate for User. Run it once before applying the rewrite: it
// records Goldens/User.plist from the hand-written conformance and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map writes
// the recorded archive and reads it back unchanged.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import MigrationConverted

@Test func userArchiveIsUnchangedByTheKeyMap() throws {
    let responseObject: ResponseObject = [
        "id": "id-1",
        "name": "name-2",
        "user_reviews": [
            [
                "id": "id-1",
                "restaurant": [
                    "id": "id-1",
                    "name": "name-2",
                ],
                "star_rating": "5",
                "text": "text-4",
            ],
        ],
    ]
    let value = try #require(User(responseObject: responseObject))
    try GoldenArchives().assertGolden(value, named: "User")
}
