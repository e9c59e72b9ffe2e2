import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import ArchiverMigrate
@testable import DoorRulesBefore
@testable import DoorRulesConverted

typealias HandWrittenPin = DoorRulesBefore.Pin
typealias ConvertedPin = DoorRulesConverted.Pin

/// A conformance whose two initializers each have rules of their own — a rule on one door, an
/// optional one door requires, a default each door gives its own, values of another type that
/// `as?` turned into the default — converted by the tool (a target of this package), and decoded
/// with the hand-written code and the key map from the same responses and archives.
struct DoorRuleTests {
    @Test func theCommittedConversionIsWhatTheToolWrites() throws {
        let before = try Fixtures.text("Fixtures/DoorRules/Before/Pin.swift")
        let committed = try Fixtures.text("Fixtures/DoorRules/Converted/Pin.swift")
        let report = Migrator.migrate([(path: "Pin.swift", text: before)])
        #expect(report.diagnostics.isEmpty)
        #expect(report.files[0].converted == committed, "\(UnifiedDiff.render(old: committed, new: report.files[0].converted, path: "Pin.swift"))")
        try ConvertedPin.validateKeyMap()
    }

    /// Each key missing, null, of its own type (empty or not) or of another type.
    static func value(of kind: Int, using random: inout some RandomNumberGenerator, array: Bool) -> Any? {
        switch kind {
        case 0: nil
        case 1: NSNull()
        case 2: array ? [String]() : ""
        case 3: Int.random(in: 0...9, using: &random)
        default: array ? (0..<Int.random(in: 1...3, using: &random)).map { _ in random.string() } : random.string()
        }
    }

    static func input(using random: inout some RandomNumberGenerator) -> [String: Any] {
        var input: [String: Any] = [:]
        for key in ["id", "label", "title", "body", "tags"] {
            input[key] = value(of: Int.random(in: 0...5, using: &random), using: &random, array: key == "tags")
        }
        return input
    }

    @Test(arguments: 0..<300)
    func everyResponseAndArchiveReadsAsTheHandWrittenOnes(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let input = Self.input(using: &random)
        let response = try responseObject(input)
        let fromResponse = (HandWrittenPin(responseObject: response), ConvertedPin(responseObject: response))
        Self.expectSame(fromResponse.0, fromResponse.1, input: "seed \(seed), response \(response)")
        Self.expectSame(HandWrittenPin(archive: input), ConvertedPin(archive: input), input: "seed \(seed), archive \(input)")
        // A value from a response may be one its own archive reader refuses (an empty tags list):
        // both models refuse it alike.
        if let written = fromResponse.0?.archiveValue {
            Self.expectSame(HandWrittenPin(archive: written), ConvertedPin(archive: written), input: "seed \(seed), archive of \(written)")
        }
        if let data = try? JSONSerialization.data(withJSONObject: input) {
            let fromJSON = (try? ConvertedPin.decode(json: data))?.archiveValue as NSDictionary?
            let handWritten = HandWrittenPin(responseObject: response)?.archiveValue as NSDictionary?
            #expect(fromJSON == handWritten, "seed \(seed), JSON \(input)")
        }
    }

    /// Both refuse the input, or both decode it into values that write the same archive.
    static func expectSame(_ before: HandWrittenPin?, _ after: ConvertedPin?, input: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let before, let after else {
            #expect((before == nil) == (after == nil), "one side refused the input the other decoded: \(input)", sourceLocation: sourceLocation)
            return
        }
        let differences = ArchiveDifference.lines(expected: before.archiveValue, actual: after.archiveValue)
        #expect(differences.isEmpty, "\(input):\n\(differences.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    /// The rules, one by one, through each door, and the reason the throwing door gives.
    @Test func eachRuleHoldsOnItsOwnDoor() throws {
        let complete: [String: Any] = ["id": "p", "label": "l", "title": "t", "body": "b", "tags": ["x"]]
        func with(_ key: String, _ value: Any?) -> [String: Any] {
            var input = complete
            input[key] = value
            return input
        }
        let cases: [(input: [String: Any], response: Bool, archive: Bool)] = [
            (complete, true, true),
            (with("id", ""), false, true),            // refused when empty by the response only
            (with("label", nil), false, true),        // required by the response only
            (with("label", ""), false, true),
            (with("body", nil), false, true),         // the archive's own default, ""
            (with("tags", [String]()), true, false),  // refused when empty by the archive only
            (with("tags", nil), true, false),         // the archive's default is refused
            (with("title", 5), true, true),           // another type: the door's own default
        ]
        for (input, response, archive) in cases {
            #expect((HandWrittenPin(responseObject: input) != nil) == response, "\(input)")
            #expect((ConvertedPin(responseObject: input) != nil) == response, "\(input)")
            #expect((HandWrittenPin(archive: input) != nil) == archive, "\(input)")
            #expect((ConvertedPin(archive: input) != nil) == archive, "\(input)")
        }
        #expect(HandWrittenPin(responseObject: with("title", nil))?.title == "Untitled")
        #expect(ConvertedPin(responseObject: with("title", nil))?.title == "Untitled")
        #expect(HandWrittenPin(archive: with("title", nil))?.title == "")
        #expect(ConvertedPin(archive: with("title", nil))?.title == "")
        #expect {
            try ConvertedPin.decode(archive: with("tags", [String]()))
        } throws: { error in
            String(describing: error).contains("an archive whose tags is empty is not a Pin")
        }
    }
}
