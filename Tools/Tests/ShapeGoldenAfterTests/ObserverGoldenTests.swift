// Written by archiver-migrate for Observer. Run it once before applying the rewrite: it
// records Goldens/Observer.plist from the hand-written conversion and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map, through
// the members the rewrite keeps, reads the sample and writes the same dictionary back.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import ShapesConverted

@Test func observerConversionIsUnchangedByTheKeyMap() throws {
    let dictionary: [String: Any] = [
        "name": "name-1",
        "expert": false,
    ]
    let value = try #require(Observer(json: dictionary))
    try GoldenArchives().assertGolden(archive: value.json, named: "Observer")
}

/// The inputs archiver-migrate noted, which the key map reads otherwise than the hand-written
/// code did: recorded as Goldens/Observer-noted.plist before the rewrite, each that reads
/// differently after it is a known issue of this test, which names it. Decide whether the
/// new reading is what you want; once it is, delete this test.
@Test func observerNotedInputs() throws {
    let archive: [String: Any] = [
        "name": "name-1",
        "expert": false,
    ]
    let inputs: [(response: Bool, key: String, literal: String, value: Any)] = [
        (false, "expert", "Int(1)", Int(1)),
        (false, "expert", "\"true\"", "true"),
    ]
    var outcomes: Archive = [:]
    for input in inputs {
        var dictionary = archive
        dictionary[input.key] = input.value
        let outcome = Observer(json: dictionary).map { $0.json as Any }
        outcomes["\(input.response ? "response" : "archive") \(input.key) = \(input.literal)"] = outcome ?? "refused"
    }
    withKnownIssue("archiver-migrate noted that the key map reads these inputs otherwise", isIntermittent: true) {
        try GoldenArchives().assertGolden(archive: outcomes, named: "Observer-noted")
    }
}
