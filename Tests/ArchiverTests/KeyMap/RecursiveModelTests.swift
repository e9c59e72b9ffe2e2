import ArchiverTesting
import Foundation
import Testing
@testable import Archiver

/// A social network's status: a reblog is a status, and so is the status it quotes.
private struct Status: Equatable, Codable {
    let id: String
    let text: String
    let favourited: Bool
    let reblog: Indirect<Status>?
    let replies: [Status]
}

extension Status: KeyMapped, Archivable {
    static let keyMap = KeyMap(Status.init, [
        .property(\.favourited, default: false),
        .property(\.replies, default: []),
    ])
    static var archiver: Archiver { TemporaryArchiver.current ?? .default }
}

/// A model that holds itself through ``Indirect`` decodes, stores, loads and compares through
/// every door, as deep as the server nests it.
struct RecursiveModelTests {
    private let json = #"""
        {"id": "3", "text": "", "reblog": {"id": "2", "text": "quoting", "favourited": true,
         "reblog": {"id": "1", "text": "hello"}}, "replies": [{"id": "4", "text": "hi back"}]}
        """#
    private var expected: Status {
        let original = Status(id: "1", text: "hello", favourited: false, reblog: nil, replies: [])
        let quoting = Status(id: "2", text: "quoting", favourited: true, reblog: Indirect(original), replies: [])
        let reply = Status(id: "4", text: "hi back", favourited: false, reblog: nil, replies: [])
        return Status(id: "3", text: "", favourited: false, reblog: Indirect(quoting), replies: [reply])
    }

    @Test func theMapIsValidAndReadsThroughTheBox() throws {
        expectValidKeyMap(Status.self)
        let status = try Status.decode(json: Data(json.utf8))
        #expect(status == expected)
        #expect(status.reblog?.reblog?.text == "hello")
        #expect(status.reblog?.value.favourited == true)
    }

    @Test func everyServerDoorReadsTheSameValue() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(try Status.decode(responseObject: object) == expected)
        #expect(try Status.decode(json: Data(json.utf8)) == expected)
        #expect(try JSONDecoder().decode(Status.self, from: Data(#"""
            {"id": "3", "text": "", "favourited": false, "replies": [],
             "reblog": {"id": "1", "text": "hello", "favourited": false, "replies": []}}
            """#.utf8)).reblog?.id == "1")
    }

    @Test func theArchiveHoldsTheValueWithoutTheBox() throws {
        let archive = expected.archiveValue
        let reblog = try #require(archive["reblog"] as? [String: Any])
        #expect(reblog["id"] as? String == "2")
        #expect((reblog["reblog"] as? [String: Any])?["text"] as? String == "hello")
        #expect(try Status.decode(archive: archive) == expected)
        #expect(try Status(archivedData: try expected.archivedData()) == expected)
    }

    @Test func itStoresLoadsAndComparesLosslessly() throws {
        try TemporaryArchiver.with { archiver in
            try expected.store(in: archiver)
            #expect(try Status.load(resourceID: "3", in: archiver) == expected)
        }
        let report = try ArchiveComparison.compare(expected)
        #expect(report.isLossless, "\(report)")
    }

    @Test func aChainDeeperThanTheNestingLimitIsRefusedWithAnError() throws {
        var text = #"{"id": "0", "text": ""}"#
        for depth in 1...600 { text = #"{"id": "\#(depth)", "text": "", "reblog": "# + text + "}" }
        #expect(throws: ArchiveDecodingError.self) { try Status.decode(json: Data(text.utf8)) }
    }
}
