import Foundation
import Testing
@testable import Archiver

/// A repository as GitHub sends it: the owner's login nested in `owner`, an avatar under one of
/// several keys, a key with a literal dot, and a property renamed since archives were written.
struct NestedRepo: Equatable {
    let id: Int
    let ownerLogin: String
    let ownerID: Int?
    let avatar: String
    let firstName: String
    let rating: Int
}

extension NestedRepo: KeyMapped {
    static let keyMap = KeyMap(NestedRepo.init, [
        .property(\.ownerLogin, server: "owner.login"),
        .property(\.ownerID, server: "owner.id"),
        .property(\.avatar, server: "avatar_url", default: "", alternateServerKeys: ["avatarUrl", "owner.avatar_url"]),
        .property(\.firstName, server: #"first\.name"#, default: ""),
        .property(\.rating, default: 0, formerArchiveKeys: ["stars"]),
    ])
}

@Suite struct NestedServerKeyTests {
    @Test func theKeysAreParsedOnce() {
        #expect(KeyMapField.path(of: "owner.login") == ["owner", "login"])
        #expect(KeyMapField.path(of: #"first\.name"#) == ["first.name"])
        #expect(KeyMapField.path(of: #"a\.b.c"#) == ["a.b", "c"])
        #expect(KeyMapField.path(of: "plain") == ["plain"])
        expectValidKeyMap(NestedRepo.self)
    }

    @Test(arguments: KeyMapDoor.serverDoors)
    func aServerKeyPathReadsANestedValue(door: KeyMapDoor) throws {
        let repo = try door.decode(NestedRepo.self, #"{"id": 1, "owner": {"login": "octocat", "id": 583231}, "avatar_url": "a", "first.name": "Mona", "rating": 5}"#)
        #expect(repo == NestedRepo(id: 1, ownerLogin: "octocat", ownerID: 583231, avatar: "a", firstName: "Mona", rating: 5))
    }

    @Test(arguments: KeyMapDoor.serverDoors)
    func theFirstPresentAlternateWins(door: KeyMapDoor) throws {
        let second = try door.decode(NestedRepo.self, #"{"id": 1, "owner": {"login": "o"}, "avatarUrl": "b", "owner.avatar_url": "flat"}"#)
        #expect(second.avatar == "b")
        let nested = try door.decode(NestedRepo.self, #"{"id": 1, "owner": {"login": "o", "avatar_url": "c"}, "avatar_url": null}"#)
        #expect(nested.avatar == "c")
        let none = try door.decode(NestedRepo.self, #"{"id": 1, "owner": {"login": "o"}, "avatar_url": null}"#)
        #expect(none.avatar == "")
        #expect(none.ownerID == nil)
    }

    @Test(arguments: KeyMapDoor.serverDoors)
    func errorsNameTheWholeServerPath(door: KeyMapDoor) throws {
        let missing = #expect(throws: ArchiveDecodingError.self) { try door.decode(NestedRepo.self, #"{"id": 1, "owner": {"id": 2}}"#) }
        #expect(missing?.description == "NestedRepo.owner.login: expected String, found nothing")
        let notAnObject = #expect(throws: ArchiveDecodingError.self) { try door.decode(NestedRepo.self, #"{"id": 1, "owner": "octocat"}"#) }
        #expect(notAnObject?.description == "NestedRepo.owner.login: expected String, found nothing")
        let wrong = #expect(throws: ArchiveDecodingError.self) { try door.decode(NestedRepo.self, #"{"id": 1, "owner": {"login": ["o"]}}"#) }
        #expect(wrong?.description.hasPrefix("NestedRepo.owner.login: expected String, found") == true)
    }

    @Test func archivesKeepFlatKeysAndReadFormerOnes() throws {
        let repo = NestedRepo(id: 1, ownerLogin: "octocat", ownerID: 2, avatar: "a", firstName: "Mona", rating: 4)
        let archive = repo.archiveValue
        #expect(archive["ownerLogin"] as? String == "octocat")
        #expect(archive["owner"] == nil)
        #expect(archive["rating"] as? Int == 4)
        #expect(archive["stars"] == nil)
        #expect(try NestedRepo.decode(archive: archive) == repo)
        // An archive written before `stars` was renamed `rating` still loads.
        var old = archive
        old["rating"] = nil
        old["stars"] = 3
        #expect(try NestedRepo.decode(archive: old).rating == 3)
        old["rating"] = 5
        #expect(try NestedRepo.decode(archive: old).rating == 5)
    }
}
