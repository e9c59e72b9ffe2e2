// Written by archiver-migrate for Tag. Run it once before applying the rewrite: it
// records Goldens/Tag.plist from the hand-written conversion and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map, through
// the members the rewrite keeps, reads the sample and writes the same dictionary back.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import ShapesBefore

@Test func tagConversionIsUnchangedByTheKeyMap() throws {
    let dictionary: [String: Any] = [
        "label": "label-1",
        "uses": 4,
        "pinned": true,
    ]
    let value = try #require(Tag(dictionary: dictionary))
    try GoldenArchives().assertGolden(archive: value.dictionaryRepresentation, named: "Tag")
}

/// The inputs archiver-migrate noted, which the key map reads otherwise than the hand-written
/// code did: recorded as Goldens/Tag-noted.plist before the rewrite, each that reads
/// differently after it is a known issue of this test, which names it. Decide whether the
/// new reading is what you want; once it is, delete this test.
@Test func tagNotedInputs() throws {
    let archive: [String: Any] = [
        "label": "label-1",
        "uses": 4,
        "pinned": true,
    ]
    let inputs: [(response: Bool, key: String, literal: String, value: Any)] = [
        (false, "uses", "\"5\"", "5"),
        (false, "uses", "Int64(12)", Int64(12)),
        (false, "uses", "5.0", 5.0),
        (false, "pinned", "Int(1)", Int(1)),
        (false, "pinned", "\"true\"", "true"),
    ]
    var outcomes: Archive = [:]
    for input in inputs {
        var dictionary = archive
        dictionary[input.key] = input.value
        let outcome = Tag(dictionary: dictionary).map { $0.dictionaryRepresentation as Any }
        outcomes["\(input.response ? "response" : "archive") \(input.key) = \(input.literal)"] = outcome ?? "refused"
    }
    withKnownIssue("archiver-migrate noted that the key map reads these inputs otherwise", isIntermittent: true) {
        try GoldenArchives().assertGolden(archive: outcomes, named: "Tag-noted")
    }
}
