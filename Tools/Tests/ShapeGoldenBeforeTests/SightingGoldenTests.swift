// Written by archiver-migrate for Sighting. Run it once before applying the rewrite: it
// records Goldens/Sighting.plist from the hand-written conversion and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map, through
// the members the rewrite keeps, reads the sample and writes the same dictionary back.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import ShapesBefore

@Test func sightingConversionIsUnchangedByTheKeyMap() throws {
    let dictionary: [String: Any] = [
        "species": "species-1",
        "count": 4,
        "confidence": 0,
        "habitat": "wetland",
        "observer": [
            "name": "name-1",
            "expert": false,
        ],
        "notes": "notes-6",
        "verified": true,
    ]
    let value = try #require(Sighting(dictionary: dictionary))
    try GoldenArchives().assertGolden(archive: value.toDictionary(), named: "Sighting")
}

/// The inputs archiver-migrate noted, which the key map reads otherwise than the hand-written
/// code did: recorded as Goldens/Sighting-noted.plist before the rewrite, each that reads
/// differently after it is a known issue of this test, which names it. Decide whether the
/// new reading is what you want; once it is, delete this test.
@Test func sightingNotedInputs() throws {
    let archive: [String: Any] = [
        "species": "species-1",
        "count": 4,
        "confidence": 0,
        "habitat": "wetland",
        "observer": [
            "name": "name-1",
            "expert": false,
        ],
        "notes": "notes-6",
        "verified": true,
    ]
    let inputs: [(response: Bool, key: String, literal: String, value: Any)] = [
        (false, "count", "\"5\"", "5"),
        (false, "count", "Int64(12)", Int64(12)),
        (false, "count", "5.0", 5.0),
        (false, "confidence", "\"5\"", "5"),
        (false, "confidence", "Int64(12)", Int64(12)),
        (false, "confidence", "5.0", 5.0),
        (false, "verified", "Int(1)", Int(1)),
        (false, "verified", "\"true\"", "true"),
    ]
    var outcomes: Archive = [:]
    for input in inputs {
        var dictionary = archive
        dictionary[input.key] = input.value
        let outcome = Sighting(dictionary: dictionary).map { $0.toDictionary() as Any }
        outcomes["\(input.response ? "response" : "archive") \(input.key) = \(input.literal)"] = outcome ?? "refused"
    }
    withKnownIssue("archiver-migrate noted that the key map reads these inputs otherwise", isIntermittent: true) {
        try GoldenArchives().assertGolden(archive: outcomes, named: "Sighting-noted")
    }
}
