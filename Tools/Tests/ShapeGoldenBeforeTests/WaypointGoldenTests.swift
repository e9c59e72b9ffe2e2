// Written by archiver-migrate for Waypoint. Run it once before applying the rewrite: it
// records Goldens/Waypoint.plist from the hand-written conversion and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map, through
// the members the rewrite keeps, reads the sample and writes the same dictionary back.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import ShapesBefore

@Test func waypointConversionIsUnchangedByTheKeyMap() throws {
    let dictionary: [String: Any] = [
        "label": "label-1",
        "lat": 4.5,
        "lon": 5.5,
        "elevation": Int64(6),
    ]
    let value = try #require(Waypoint(dictionary: dictionary))
    try GoldenArchives().assertGolden(archive: value.dictionaryRepresentation, named: "Waypoint")
}

/// The inputs archiver-migrate noted, which the key map reads otherwise than the hand-written
/// code did: recorded as Goldens/Waypoint-noted.plist before the rewrite, each that reads
/// differently after it is a known issue of this test, which names it. Decide whether the
/// new reading is what you want; once it is, delete this test.
@Test func waypointNotedInputs() throws {
    let archive: [String: Any] = [
        "label": "label-1",
        "lat": 4.5,
        "lon": 5.5,
        "elevation": Int64(6),
    ]
    let inputs: [(response: Bool, key: String, literal: String, value: Any)] = [
        (false, "lat", "\"5.5\"", "5.5"),
        (false, "lat", "Int(5)", Int(5)),
        (false, "lat", "Float(2.5)", Float(2.5)),
        (false, "lat", "Int64(9007199254740993)", Int64(9007199254740993)),
        (false, "lon", "\"5.5\"", "5.5"),
        (false, "lon", "Int(5)", Int(5)),
        (false, "lon", "Float(2.5)", Float(2.5)),
        (false, "lon", "Int64(9007199254740993)", Int64(9007199254740993)),
        (false, "elevation", "\"5\"", "5"),
        (false, "elevation", "Int(12)", Int(12)),
        (false, "elevation", "5.0", 5.0),
    ]
    var outcomes: Archive = [:]
    for input in inputs {
        var dictionary = archive
        dictionary[input.key] = input.value
        let outcome = Waypoint(dictionary: dictionary).map { $0.dictionaryRepresentation as Any }
        outcomes["\(input.response ? "response" : "archive") \(input.key) = \(input.literal)"] = outcome ?? "refused"
    }
    withKnownIssue("archiver-migrate noted that the key map reads these inputs otherwise", isIntermittent: true) {
        try GoldenArchives().assertGolden(archive: outcomes, named: "Waypoint-noted")
    }
}
