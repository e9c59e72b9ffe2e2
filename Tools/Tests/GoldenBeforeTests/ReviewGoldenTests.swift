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

/// The inputs archiver-migrate noted, which the key map reads otherwise than the hand-written
/// code did: recorded as Goldens/Review-noted.plist before the rewrite, each that reads
/// differently after it is a known issue of this test, which names it. Decide whether the
/// new reading is what you want; once it is, delete this test.
@Test func reviewNotedInputs() throws {
    let archive: [String: Any] = [
        "id": "id-1",
        "restaurant": [
            "id": "id-1",
            "name": "name-2",
        ],
        "rating": 5,
        "text": "text-4",
    ]
    let inputs: [(response: Bool, key: String, literal: String, value: Any)] = [
        (false, "rating", "\"5\"", "5"),
        (false, "rating", "Int64(12)", Int64(12)),
        (false, "rating", "5.0", 5.0),
    ]
    var outcomes: Archive = [:]
    for input in inputs {
        var dictionary = archive
        dictionary[input.key] = input.value
        let outcome = Review(archive: dictionary).map { $0.archiveValue as Any }
        outcomes["\(input.response ? "response" : "archive") \(input.key) = \(input.literal)"] = outcome ?? "refused"
    }
    withKnownIssue("archiver-migrate noted that the key map reads these inputs otherwise", isIntermittent: true) {
        try GoldenArchives().assertGolden(archive: outcomes, named: "Review-noted")
    }
}
