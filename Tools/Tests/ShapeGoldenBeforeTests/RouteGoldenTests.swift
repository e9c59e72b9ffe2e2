// Written by archiver-migrate for Route. Run it once before applying the rewrite: it
// records Goldens/Route.plist from the hand-written conversion and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map, through
// the members the rewrite keeps, reads the sample and writes the same dictionary back.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import ShapesBefore

@Test func routeConversionIsUnchangedByTheKeyMap() throws {
    let dictionary: [String: Any] = [
        "name": "name-1",
        "waypoints": [
            [
                "label": "label-1",
                "lat": 4.5,
                "lon": 5.5,
                "elevation": Int64(6),
            ],
        ],
        "loop": true,
        "tags": ["tags-4", "tags2-5"],
        "ratings": [7, 8],
    ]
    let value = try #require(Route(dictionary: dictionary))
    try GoldenArchives().assertGolden(archive: value.dictionaryRepresentation, named: "Route")
}

/// The inputs archiver-migrate noted, which the key map reads otherwise than the hand-written
/// code did: recorded as Goldens/Route-noted.plist before the rewrite, each that reads
/// differently after it is a known issue of this test, which names it. Decide whether the
/// new reading is what you want; once it is, delete this test.
@Test func routeNotedInputs() throws {
    let archive: [String: Any] = [
        "name": "name-1",
        "waypoints": [
            [
                "label": "label-1",
                "lat": 4.5,
                "lon": 5.5,
                "elevation": Int64(6),
            ],
        ],
        "loop": true,
        "tags": ["tags-4", "tags2-5"],
        "ratings": [7, 8],
    ]
    let inputs: [(response: Bool, key: String, literal: String, value: Any)] = [
        (false, "loop", "Int(1)", Int(1)),
        (false, "loop", "\"true\"", "true"),
        (false, "ratings", "[\"5\"]", ["5"]),
        (false, "ratings", "[Int64(1)]", [Int64(1)]),
        (false, "ratings", "[5.0]", [5.0]),
    ]
    var outcomes: Archive = [:]
    for input in inputs {
        var dictionary = archive
        dictionary[input.key] = input.value
        let outcome = Route(dictionary: dictionary).map { $0.dictionaryRepresentation as Any }
        outcomes["\(input.response ? "response" : "archive") \(input.key) = \(input.literal)"] = outcome ?? "refused"
    }
    withKnownIssue("archiver-migrate noted that the key map reads these inputs otherwise", isIntermittent: true) {
        try GoldenArchives().assertGolden(archive: outcomes, named: "Route-noted")
    }
}
