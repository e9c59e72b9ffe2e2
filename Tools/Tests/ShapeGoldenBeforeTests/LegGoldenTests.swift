// Written by archiver-migrate for Leg. Run it once before applying the rewrite: it
// records Goldens/Leg.plist from the hand-written conversion and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map, through
// the members the rewrite keeps, reads the sample and writes the same dictionary back.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import ShapesBefore

@Test func legConversionIsUnchangedByTheKeyMap() throws {
    let dictionary: [String: Any] = [
        "destination": "destination-1",
        "status": "planned",
        "hours": 5.5,
    ]
    let value = try #require(Leg(json: dictionary))
    try GoldenArchives().assertGolden(archive: value.json, named: "Leg")
}

/// The inputs archiver-migrate noted, which the key map reads otherwise than the hand-written
/// code did: recorded as Goldens/Leg-noted.plist before the rewrite, each that reads
/// differently after it is a known issue of this test, which names it. Decide whether the
/// new reading is what you want; once it is, delete this test.
@Test func legNotedInputs() throws {
    let archive: [String: Any] = [
        "destination": "destination-1",
        "status": "planned",
        "hours": 5.5,
    ]
    let inputs: [(response: Bool, key: String, literal: String, value: Any)] = [
        (false, "hours", "\"5.5\"", "5.5"),
        (false, "hours", "Int(5)", Int(5)),
        (false, "hours", "Float(2.5)", Float(2.5)),
        (false, "hours", "Int64(9007199254740993)", Int64(9007199254740993)),
    ]
    var outcomes: Archive = [:]
    for input in inputs {
        var dictionary = archive
        dictionary[input.key] = input.value
        let outcome = Leg(json: dictionary).map { $0.json as Any }
        outcomes["\(input.response ? "response" : "archive") \(input.key) = \(input.literal)"] = outcome ?? "refused"
    }
    withKnownIssue("archiver-migrate noted that the key map reads these inputs otherwise", isIntermittent: true) {
        try GoldenArchives().assertGolden(archive: outcomes, named: "Leg-noted")
    }
}
