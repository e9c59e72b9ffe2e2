// Written by archiver-migrate for Expedition.Checkpoint. Run it once before applying the rewrite: it
// records Goldens/Expedition.Checkpoint.plist from the hand-written conversion and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map, through
// the members the rewrite keeps, reads the sample and writes the same dictionary back.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import ShapesConverted

@Test func expeditionCheckpointConversionIsUnchangedByTheKeyMap() throws {
    let dictionary: [String: Any] = [
        "name": "name-1",
        "reached": false,
    ]
    let value = try #require(Expedition.Checkpoint(dictionary: dictionary))
    try GoldenArchives().assertGolden(archive: value.dictionary, named: "Expedition.Checkpoint")
}

/// The inputs archiver-migrate noted, which the key map reads otherwise than the hand-written
/// code did: recorded as Goldens/Expedition.Checkpoint-noted.plist before the rewrite, each that reads
/// differently after it is a known issue of this test, which names it. Decide whether the
/// new reading is what you want; once it is, delete this test.
@Test func expeditionCheckpointNotedInputs() throws {
    let archive: [String: Any] = [
        "name": "name-1",
        "reached": false,
    ]
    let inputs: [(response: Bool, key: String, literal: String, value: Any)] = [
        (false, "reached", "Int(1)", Int(1)),
        (false, "reached", "\"true\"", "true"),
    ]
    var outcomes: Archive = [:]
    for input in inputs {
        var dictionary = archive
        dictionary[input.key] = input.value
        let outcome = Expedition.Checkpoint(dictionary: dictionary).map { $0.dictionary as Any }
        outcomes["\(input.response ? "response" : "archive") \(input.key) = \(input.literal)"] = outcome ?? "refused"
    }
    withKnownIssue("archiver-migrate noted that the key map reads these inputs otherwise", isIntermittent: true) {
        try GoldenArchives().assertGolden(archive: outcomes, named: "Expedition.Checkpoint-noted")
    }
}
