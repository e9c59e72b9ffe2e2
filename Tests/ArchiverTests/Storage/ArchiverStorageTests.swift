import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

struct ArchiverStorageTests {
    /// A value whose archive can be made to hold anything, to test what storing refuses.
    struct Loose: Archivable {
        static var archiver: Archiver { testArchiver }
        let id: String
        let extra: Any
        var archiveValue: Archive { ["id": id, "extra": extra] }
        init(id: String, extra: Any) { self.id = id; self.extra = extra }
        init?(archive: Archive) {
            guard let id = archive["id"] as? String, let extra = archive["extra"] else { return nil }
            self.init(id: id, extra: extra)
        }
    }

    @Test func storeLoadDeleteThroughBothAPIs() async throws {
        try TemporaryArchiver.with { archiver throws in
            let note = Note(id: "n1", text: "hello", revision: 3)
            note.storeArchive()
            #expect(Note(resourceID: "n1") == note)
            #expect(try Note.load(resourceID: "n1", in: archiver) == note)
            #expect(try archiver.archive(for: Note.self, resourceID: "n1")?["text"] as? String == "hello")

            let updated = Note(id: "n1", text: "changed", revision: 4)
            let url = try updated.store(in: archiver)
            #expect(url == (try archiver.fileURL(for: Note.self, resourceID: "n1")))
            #expect(try Note.load(resourceID: "n1") == updated)

            note.deleteArchive()
            #expect(Note(resourceID: "n1") == nil)
            #expect(try Note.load(resourceID: "n1") == nil)
            try Note.delete(resourceID: "never stored")
        }
    }

    @Test func enumeratesLoadsAndDeletesAWholeType() async throws {
        try TemporaryArchiver.with { _ throws in
            let notes = (0..<20).map { Note(id: "note-\($0)", text: "text \($0)", revision: $0) }
            notes.storeArchives()
            #expect(try Note.storedResourceIDs() == notes.map(\.id).sorted())
            #expect(try Note.loadAll() == notes.sorted { $0.id < $1.id })
            #expect(Note.unarchivedCollection(withIdentifiers: ["note-3", "missing", "note-1"]).map(\.id) == ["note-3", "note-1"])
            try Note.deleteAll()
            #expect(try Note.storedResourceIDs().isEmpty)
            #expect(try Note.loadAll().isEmpty)
        }
    }

    @Test func cachableStoresOnlyWhenAsked() async throws {
        try TemporaryArchiver.with { _ throws in
            let object: ResponseObject = ["id": "c1", "text": "cached", "revision": 1]
            #expect(Note(responseObject: object, shouldArchive: false) != nil)
            #expect(try Note.load(resourceID: "c1") == nil)
            #expect(Note(responseObject: object, shouldArchive: true) != nil)
            #expect(try Note.load(resourceID: "c1")?.text == "cached")

            let many = Note.archivedCollection(from: ["notes": [object, ["id": "bad"], ["id": "c2", "text": "two", "revision": 2]]], withKey: "notes")
            #expect(many.map(\.id) == ["c1", "c2"])
            #expect(try Note.storedResourceIDs() == ["c1", "c2"])
            #expect(Note.archivedCollection(from: ["notes": "not an array"], withKey: "notes").isEmpty)
        }
    }

    @Test func theEmptyIdIsAnErrorAndANil() async throws {
        try TemporaryArchiver.with { archiver throws in
            #expect(throws: ArchiverError.emptyIdentifier(type: "Note")) { try Note(id: "", text: "x").store() }
            #expect(throws: ArchiverError.emptyIdentifier(type: "Note")) { try Note.load(resourceID: "") }
            #expect(Note(resourceID: "") == nil)
            Note(id: "", text: "x").storeArchive()
            #expect(filesBelow(try #require(archiver.archiveDirectoryURL)).isEmpty)
        }
    }

    @Test func anArchiverWithoutADirectoryFailsClearly() {
        let archiver = Archiver(archiveDirectoryURL: nil)
        #expect(throws: ArchiverError.noArchiveDirectory(type: "Note")) { try Note(id: "a", text: "b").store(in: archiver) }
        #expect(throws: ArchiverError.noArchiveDirectory(type: "Note")) { try Note.load(resourceID: "a", in: archiver) }
    }

    /// Values a property list cannot hold, and the key path the refusal must name.
    enum Unstorable: CaseIterable, Sendable {
        case url, null, structure, nested, set, integerKeys

        var value: Any {
            switch self {
            case .url: URL(fileURLWithPath: "/tmp")
            case .null: NSNull()
            case .structure: Note(id: "x", text: "y")
            case .nested: ["a": [1, 2, ["deep": NSNull()]]]
            case .set: Set([1, 2])
            case .integerKeys: [1: "one"]
            }
        }

        var keyPath: String {
            self == .nested ? "extra.a[2].deep" : "extra"
        }
    }

    @Test(arguments: Unstorable.allCases)
    func nonPropertyListValuesAreRefusedByKeyPathAndWriteNothing(_ unstorable: Unstorable) async throws {
        try TemporaryArchiver.with { archiver throws in
            let previous = Loose(id: "v", extra: "previous")
            try previous.store()
            do throws(ArchiverError) {
                try Loose(id: "v", extra: unstorable.value).store()
                Issue.record("storing \(unstorable) did not throw")
            } catch {
                guard case .invalidPropertyList(let type, let id, let path, _) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(type == "Loose")
                #expect(id == "v")
                #expect(path == unstorable.keyPath)
            }
            #expect(try Loose.load(resourceID: "v")?.extra as? String == "previous")
            #expect(filesBelow(try #require(archiver.archiveDirectoryURL)) == ["Loose/v.plist"])
        }
    }

    @Test func propertyListValuesOfEveryKindRoundTrip() async throws {
        try TemporaryArchiver.with { _ throws in
            let date = Date(timeIntervalSinceReferenceDate: 123_456.5)
            let value: [String: Any] = [
                "string": "text", "int": -42, "int64": Int64.min, "uint32": UInt32.max, "uint64": UInt64.max, "double": 2.5, "float": Float(1.5),
                "bool": true, "date": date, "data": Data([0, 1, 2, 255]), "array": [1, "two", [3.0]], "dict": ["k": ["n": 1]],
                "empty": [String: Any](), "emptyArray": [Any](), "unicode": "Monk's Café 😀",
            ]
            try Loose(id: "all", extra: value).store()
            let loaded = try #require(try Loose.load(resourceID: "all")?.extra as? [String: Any])
            #expect(loaded.sameContent(as: value))
            #expect(loaded["int"] as? Int == -42)
            #expect(loaded["bool"] as? Bool == true)
            #expect(loaded["date"] as? Date == date)
            #expect((loaded["dict"] as? [String: Any])?["k"] is [String: Any])
        }
    }

    @Test func decodingFailuresNameTypeIdAndFile() async throws {
        try TemporaryArchiver.with { archiver throws in
            try Loose(id: "n", extra: "not a note").store()
            let url = try archiver.fileURL(for: Note.self, resourceID: "n")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: try archiver.fileURL(for: Loose.self, resourceID: "n"), to: url)
            #expect(throws: ArchiverError.decodingFailed(
                type: "Note", id: "n", file: url,
                error: ArchiveDecodingError(type: Note.self, reason: .rejected(initializer: "init?(archive:)"))
            )) { try Note.load(resourceID: "n") }
            #expect(Note(resourceID: "n") == nil)
        }
    }

    @Test func errorsDescribeThemselves() {
        let file = URL(fileURLWithPath: "/archives/User/a.plist")
        #expect(ArchiverError.invalidPropertyList(type: "User", id: "a", keyPath: "reviews[0].photo", found: "URL").description
            == #"User "a": cannot store reviews[0].photo: URL is not a property-list value"#)
        #expect(ArchiverError.corruptFile(type: "User", id: "a", file: file, reason: "is not a property list").description
            == #"User "a": /archives/User/a.plist is not a property list"#)
        let decoding = ArchiveDecodingError(type: Note.self, path: [.key("reviews"), .index(1), .key("id")],
                                            reason: .typeMismatch(expected: "String", found: "number 42"))
        #expect(decoding.description == "Note.reviews[1].id: expected String, found number 42")
        // Data and files you name have no id, and `Data` no file: the message leaves them out.
        #expect(ArchiverError.invalidPropertyList(type: "Movie", id: nil, keyPath: "", found: "URL").description
            == "Movie: cannot archive the value: URL is not a property-list value")
        #expect(ArchiverError.corruptFile(type: "Movie", id: nil, file: nil, reason: "is empty").description
            == "Movie: not an archive: is empty")
        #expect(ArchiverError.decodingFailed(type: "Note", id: nil, file: URL(fileURLWithPath: "/tmp/n.plist"), error: decoding).description
            == "Note: /tmp/n.plist does not decode: Note.reviews[1].id: expected String, found number 42")
        #expect(ArchiverError.decodingFailed(type: "Note", id: nil, file: nil, error: decoding).description
            == "Note: does not decode: Note.reviews[1].id: expected String, found number 42")
        #expect(ArchiverError.refusedKeyedArchive(type: "Note", id: nil, file: nil, error: .malformed(keyPath: "root.me", reason: "contains itself")).description
            .hasPrefix("Note: the data is a keyed archive that is refused: "))
        // JSON text and response objects are both "the response".
        #expect(ArchiverError.invalidResponseObject(type: "Note", error: decoding).description
            == "Note: the response does not decode, so nothing was stored: Note.reviews[1].id: expected String, found number 42")
        #expect(decoding.nested(in: Loose.self, at: [.key("notes"), .index(0)]).keyPath == "Loose.notes[0].reviews[1].id")
    }
}

struct ThrowingVariantTests {
    @Test func arraysStoreAndLoadByIdsWithErrors() async throws {
        try TemporaryArchiver.with { _ throws in
            let notes = [Note(id: "a", text: "1"), Note(id: "b", text: "2")]
            try notes.store()
            #expect(try Note.load(resourceIDs: ["b", "missing", "a"]) == [notes[1], notes[0]])
            #expect(throws: ArchiverError.emptyIdentifier(type: "Note")) { try [Note(id: "c", text: "3"), Note(id: "", text: "")].store() }
            #expect(try Note.load(resourceID: "c") != nil)
        }
    }

    @Test func cachingThrowsForAResponseObjectThatDoesNotDecode() async throws {
        try TemporaryArchiver.with { _ throws in
            let cached = try Note.cache(responseObject: ["id": "r", "text": "ok", "revision": 2])
            #expect(try Note.load(resourceID: "r") == cached)
            #expect(throws: ArchiverError.invalidResponseObject(
                type: "Note", error: ArchiveDecodingError(type: Note.self, reason: .rejected(initializer: "init?(responseObject:)"))
            )) { try Note.cache(responseObject: ["id": "s"]) }
            #expect(try Note.load(resourceID: "s") == nil)
        }
    }
}

struct StagingSweepTests {
    @Test func aNewArchiverSweepsOrphanedTemporaryFilesButNotFreshOnes() async throws {
        try TemporaryArchiver.with { archiver throws in
            let staging = try #require(archiver.archiveDirectoryURL).appendingPathComponent(".staging")
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            let orphan = staging.appendingPathComponent("orphan.tmp")
            let fresh = staging.appendingPathComponent("in-flight.tmp")
            let foreign = staging.appendingPathComponent("notes.txt")
            for url in [orphan, fresh, foreign] { try Data("x".utf8).write(to: url) }
            let twoHoursAgo = Date().addingTimeInterval(-2 * 60 * 60)
            try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: orphan.path)
            try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: foreign.path)

            // Another archiver on the same folder, as the next launch of an app would make.
            let next = Archiver(archiveDirectoryURL: archiver.archiveDirectoryURL)
            try Note(id: "n", text: "after a crash").store(in: next)
            #expect(!FileManager.default.fileExists(atPath: orphan.path))
            #expect(FileManager.default.fileExists(atPath: fresh.path))
            #expect(FileManager.default.fileExists(atPath: foreign.path))
            #expect(try Note.load(resourceID: "n", in: next)?.text == "after a crash")
        }
    }
}

struct ArchiverArgumentTests {
    @Test func theArchiverArgumentChoosesTheArchiverAndDefaultsToTheTypes() async throws {
        try TemporaryArchiver.with { archiver throws in
            let other = TemporaryArchiver(prefix: "Other")
            let note = Note(id: "n", text: "elsewhere")
            try note.store(in: other.archiver)
            #expect(try Note.load(resourceID: "n") == nil)  // the type's archiver is the bound one
            #expect(try Note.load(resourceID: "n", in: other.archiver) == note)
            #expect(try Note.load(resourceIDs: ["n", "m"], in: other.archiver) == [note])
            #expect(try Note.storedResourceIDs(in: other.archiver) == ["n"])
            #expect(try Note.storedResourceIDs() == [])

            try note.store()
            #expect(try Note.storedResourceIDs(in: archiver) == ["n"])
            try Note.delete(resourceID: "n", in: other.archiver)
            #expect(try Note.load(resourceID: "n", in: other.archiver) == nil)
            #expect(try Note.load(resourceID: "n") == note)

            try [note, Note(id: "m", text: "too")].store(in: other.archiver)
            var failures: [ArchiverError] = []
            #expect(try Note.loadAll(in: other.archiver, failures: &failures).map(\.id) == ["m", "n"])
            #expect(failures.isEmpty)
            try note.delete(in: other.archiver)
            #expect(try Note.loadAll(in: other.archiver).map(\.id) == ["m"])
            try Note.deleteAll(in: other.archiver)
            #expect(try Note.storedResourceIDs(in: other.archiver) == [])
            #expect(try Note.loadAll() == [note])

            let cached = try Note.cache(responseObject: ["id": "r", "text": "t", "revision": 1], in: other.archiver)
            let fromJSON = try Note.cache(json: Data(#"{"id": "j", "text": "t", "revision": 2}"#.utf8), in: other.archiver)
            #expect(try Note.load(resourceIDs: ["r", "j"], in: other.archiver) == [cached, fromJSON])
            #expect(try Note.storedResourceIDs() == ["n"])
        }
    }
}
