// Written by archiver-migrate for Badge. Run it once before applying the rewrite: it
// records Goldens/Badge.plist from the hand-written conversion and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map, through
// the members the rewrite keeps, reads the sample and makes the same value of it.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import ShapesConverted

@Test func badgeConversionIsUnchangedByTheKeyMap() throws {
    let dictionary: [String: Any] = [
        "title": "title-1",
        "level": 4,
    ]
    let value = try #require(Badge(json: dictionary))
    try GoldenArchives().assertGolden(archive: ["value": String(describing: value).replacingOccurrences(of: "ShapesConverted.", with: "")], named: "Badge")
}

/// The inputs archiver-migrate noted, which the key map reads otherwise than the hand-written
/// code did: recorded as Goldens/Badge-noted.plist before the rewrite, each that reads
/// differently after it is a known issue of this test, which names it. Decide whether the
/// new reading is what you want; once it is, delete this test.
@Test func badgeNotedInputs() throws {
    let response: [String: Any] = [
        "title": "title-1",
        "level": 4,
    ]
    let inputs: [(response: Bool, key: String, literal: String, value: Any)] = [
        (true, "level", "\"5\"", "5"),
        (true, "level", "Int64(12)", Int64(12)),
        (true, "level", "5.0", 5.0),
    ]
    var outcomes: Archive = [:]
    for input in inputs {
        var dictionary = response
        dictionary[input.key] = input.value
        let outcome = Badge(json: dictionary).map { String(describing: $0).replacingOccurrences(of: "ShapesConverted.", with: "") as Any }
        outcomes["\(input.response ? "response" : "archive") \(input.key) = \(input.literal)"] = outcome ?? "refused"
    }
    withKnownIssue("archiver-migrate noted that the key map reads these inputs otherwise", isIntermittent: true) {
        try GoldenArchives().assertGolden(archive: outcomes, named: "Badge-noted")
    }
}
