// Written by archiver-migrate for Restaurant. Run it once before applying the rewrite: it
// records Goldens/Restaurant.plist from the hand-written conformance and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map writes
// the recorded archive and reads it back unchanged.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import MigrationFixtures

@Test func restaurantArchiveIsUnchangedByTheKeyMap() throws {
    let responseObject: ResponseObject = [
        "id": "id-1",
        "name": "name-2",
    ]
    let value = try #require(Restaurant(responseObject: responseObject))
    try GoldenArchives().assertGolden(value, named: "Restaurant")
}
