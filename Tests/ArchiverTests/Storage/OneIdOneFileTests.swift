import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// An id's file is named by the id's canonical text; other names that read as the same id
/// (`007`, a lower-case UUID, `-0.0`, 0.6's percent-encoded ids) are legacy names: found by
/// `load`, listed once, moved to the canonical name by the next store, removed by `delete`.
struct OneIdOneFileTests {
    struct Counter: Archivable, Hashable {
        static var archiver: Archiver { testArchiver }
        let id: Int
        let text: String
        var archiveValue: Archive { ["id": id, "text": text] }
        init(id: Int, text: String) { self.id = id; self.text = text }
        init?(archive: Archive) {
            guard let id = archive["id"] as? Int, let text = archive["text"] as? String else { return nil }
            self.init(id: id, text: text)
        }
        static func == (lhs: Counter, rhs: Counter) -> Bool { lhs.id == rhs.id && lhs.text == rhs.text }
    }

    struct Draft: Archivable, Hashable {
        static var archiver: Archiver { testArchiver }
        let id: UUID
        let text: String
        var archiveValue: Archive { ["id": id.uuidString, "text": text] }
        init(id: UUID, text: String) { self.id = id; self.text = text }
        init?(archive: Archive) {
            guard let id = (archive["id"] as? String).flatMap(UUID.init(uuidString:)), let text = archive["text"] as? String else { return nil }
            self.init(id: id, text: text)
        }
        static func == (lhs: Draft, rhs: Draft) -> Bool { lhs.id == rhs.id && lhs.text == rhs.text }
    }

    struct Reading: Archivable, Hashable {
        static var archiver: Archiver { testArchiver }
        let id: Double
        let text: String
        var archiveValue: Archive { ["id": id, "text": text] }
        init(id: Double, text: String) { self.id = id; self.text = text }
        init?(archive: Archive) {
            guard let id = archive["id"] as? Double, let text = archive["text"] as? String else { return nil }
            self.init(id: id, text: text)
        }
        static func == (lhs: Reading, rhs: Reading) -> Bool { lhs.id == rhs.id && lhs.text == rhs.text }
    }

    /// Writes `archive` as the file `name` in the folder of `type`, as 0.6 (or a String id) named it.
    static func plant<Value: Archivable>(_ archive: Archive, as name: String, for type: Value.Type, in archiver: Archiver) throws {
        let folder = try archiver.directoryURL(for: type)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try NSKeyedArchiver.archivedData(withRootObject: NSDictionary(dictionary: archive), requiringSecureCoding: false)
            .write(to: folder.appendingPathComponent(name + ".plist"))
    }

    /// A fresh archiver on the same folder, as the next launch of the app has.
    static func nextLaunch(of archiver: Archiver, _ body: () throws -> Void) throws {
        try TemporaryArchiver.$current.withValue(Archiver(archiveDirectoryURL: archiver.archiveDirectoryURL)) { try body() }
    }

    @Test func intIdsUnderZeroPaddedAndSignedNamesAreOneId() throws {
        try TemporaryArchiver.with { archiver throws in
            try Self.plant(["id": 7, "text": "padded"], as: "007", for: Counter.self, in: archiver)
            try Self.plant(["id": 8, "text": "signed"], as: "+8", for: Counter.self, in: archiver)
            try Self.nextLaunch(of: archiver) {
                #expect(try Counter.load(resourceID: 7)?.text == "padded")
                #expect(try Counter.load(resourceID: 8)?.text == "signed")
                #expect(try Counter.storedResourceIDs() == [7, 8])
                try Counter(id: 7, text: "today").store()
                #expect(try Counter.storedResourceIDs() == [7, 8])
                #expect(try Counter.loadAll().count == 2)
                #expect(try Counter.load(resourceID: 7)?.text == "today")
                try Counter.delete(resourceID: 8)
                #expect(try Counter.load(resourceID: 8) == nil)
                #expect(filesBelow(try archiver.directoryURL(for: Counter.self)) == ["7.plist"])
            }
        }
    }

    @Test func aValueUnderTwoLegacyNamesIsListedOnce() throws {
        try TemporaryArchiver.with { archiver throws in
            try Self.plant(["id": 7, "text": "padded"], as: "007", for: Counter.self, in: archiver)
            try Self.plant(["id": 7, "text": "signed"], as: "+7", for: Counter.self, in: archiver)
            try Self.nextLaunch(of: archiver) {
                #expect(try Counter.storedResourceIDs() == [7])
                #expect(try Counter.loadAll().count == 1)
                try Counter(id: 7, text: "today").store()
                #expect(filesBelow(try archiver.directoryURL(for: Counter.self)) == ["7.plist"])
            }
        }
    }

    /// MIGRATION.md step 6: a 0.6 `String` id holding a lower-case UUID becomes a `UUID` id.
    @Test func aLowerCaseUUIDNameIsTheUUIDsFile() throws {
        try TemporaryArchiver.with { archiver throws in
            let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
            try Self.plant(["id": id.uuidString, "text": "0.6"], as: id.uuidString.lowercased(), for: Draft.self, in: archiver)
            try Self.nextLaunch(of: archiver) {
                #expect(try Draft.load(resourceID: id)?.text == "0.6")
                #expect(try Draft.storedResourceIDs() == [id])
                try Draft(id: id, text: "today").store()
                #expect(try Draft.loadAll() == [Draft(id: id, text: "today")])
                #expect(filesBelow(try archiver.directoryURL(for: Draft.self)) == [id.uuidString + ".plist"])
            }
        }
    }

    @Test func minusZeroAndZeroAreOneFile() throws {
        try TemporaryArchiver.with { _ throws in
            try Reading(id: -0.0, text: "minus").store()
            try Reading(id: 0.0, text: "plus").store()
            #expect(try Reading.load(resourceID: -0.0)?.text == "plus")
            #expect(try Reading.storedResourceIDs().count == 1)
            #expect(try Reading.loadAll().count == 1)
        }
    }

    /// The usual way 0.6 apps kept `/` out of ids: percent-encoding them. The file's name is today's
    /// name of the decoded id; the value in it says whose it is.
    @Test func aPercentEncodedZeroSixNameLoadsByTheIdTheAppUses() throws {
        try TemporaryArchiver.with { archiver throws in
            let encoded = "https%3A%2F%2Fexample.com%2Fa"
            try Self.plant(Note(id: encoded, text: "0.6").archiveValue, as: encoded, for: Note.self, in: archiver)
            try Self.nextLaunch(of: archiver) {
                #expect(try Note.load(resourceID: encoded)?.text == "0.6")
                try Note(id: encoded, text: "today").store()
                #expect(try Note.loadAll() == [Note(id: encoded, text: "today")])
                #expect(try Note.load(resourceID: "https://example.com/a") == nil)
            }
        }
    }

    /// Swift's `==` equates each pair (the standard library's composition); Foundation's on Linux does not.
    @Test func idsEqualUnderEqualsAreOneFile() throws {
        try TemporaryArchiver.with { archiver throws in
            for (index, (first, second)) in ArchiveFileNameTests.tibetanPairs.enumerated() {
                try Note(id: first, text: "first \(index)").store()
                try Note(id: second, text: "second \(index)").store()
                #expect(try Note.load(resourceID: first)?.text == "second \(index)")
            }
            #expect(try Note.storedResourceIDs().count == ArchiveFileNameTests.tibetanPairs.count)
            #expect(filesBelow(try archiver.directoryURL(for: Note.self)).count == ArchiveFileNameTests.tibetanPairs.count)
        }
    }
}
