import Foundation
import Testing
@testable import Archiver

// The tutorial's own rules, said in the table: a missing name is "Guest" from the server and ""
// from an archive; an archive whose review id is empty is not a review. Not the tutorial's model
// (TutorialFixtures.swift): an `Int` id, and reviews of an id and a text alone, which is all the rules need.

struct RuleReview: Equatable { let id: String; let text: String }

extension RuleReview: KeyMapped {
    static let keyMap = KeyMap(RuleReview.init, [.property(\.text, default: "")])
}

extension RuleReview: KeyMapChecked {
    func keyMapCheck(from source: KeyMapSource) -> String? {
        source == .archive && id.isEmpty ? "an archive whose id is empty is not a review" : nil
    }
}

struct RuleUser: Equatable { let id: Int; let name: String; let reviews: [RuleReview] }

extension RuleUser: KeyMapped {
    static let keyMap = KeyMap(RuleUser.init, [
        .property(\.name, default: "Guest", archiveDefault: ""),
        .property(\.reviews, default: []),
    ])
}

@Suite struct DoorRuleTests {
    static let json = #"{"id": 1, "reviews": [{"id": "", "text": "a"}, {"id": "r2"}]}"#

    @Test(arguments: KeyMapDoor.allCases)
    func eachDoorHasItsOwnDefaultAndCheck(door: KeyMapDoor) throws {
        let (user, dropped) = try door.decodeReporting(RuleUser.self, Self.json)
        switch door {
        case .json, .responseObject:
            #expect(user == RuleUser(id: 1, name: "Guest", reviews: [RuleReview(id: "", text: "a"), RuleReview(id: "r2", text: "")]))
            #expect(dropped.isEmpty)
        case .archive:
            #expect(user == RuleUser(id: 1, name: "", reviews: [RuleReview(id: "r2", text: "")]))
            #expect(dropped == ["RuleUser.reviews[0]: an archive whose id is empty is not a review"])
        }
    }

    @Test func aFailedCheckNamesTheTypeAndTheReason() throws {
        let error = #expect(throws: ArchiveDecodingError.self) { try RuleReview.decode(archive: ["id": "", "text": "x"]) }
        #expect(error?.description == "RuleReview: an archive whose id is empty is not a review")
        #expect(error?.typeName == "RuleReview")
        #expect(RuleReview(archive: ["id": "", "text": "x"]) == nil)
        #expect(try RuleReview.decode(archive: ["id": "r", "text": "x"]) == RuleReview(id: "r", text: "x"))
    }

    @Test func theArchiveDefaultAppliesOnlyToArchives() throws {
        #expect(try RuleUser.decode(archive: ["id": 1]).name == "")
        #expect(try RuleUser.decode(responseObject: ["id": 1]).name == "Guest")
        #expect(try RuleUser.decode(json: Data(#"{"id": 1, "name": null}"#.utf8)).name == "Guest")
        #expect(try RuleUser.decode(archive: ["id": 1, "name": NSNull()]).name == "")
    }
}
