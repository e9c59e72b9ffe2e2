import Foundation
import Testing
import ArchiverTesting
@testable import Archiver

/// A Codable type with an id is stored by the same methods as every `Archivable` type, once it
/// declares `ArchiveCodable, Archivable`: no door of its own.
@Suite("Codable storage")
struct CodableStorageTests {
    let temporary = TemporaryArchiver()
    var archiver: Archiver { temporary.archiver }

    @Test("an Identifiable Codable type stores as a binary property list and loads with every field")
    func storeAndLoadIdentifiable() throws {
        let note = IdentifiedNote(id: "n1", text: "Soup", created: Date(timeIntervalSinceReferenceDate: 12.5))
        let url = try note.store(in: archiver)
        #expect(url == (try archiver.fileURL(for: IdentifiedNote.self, resourceID: "n1")))
        #expect(url.deletingLastPathComponent().lastPathComponent == "IdentifiedNote")
        let bytes = try Data(contentsOf: url)
        #expect(bytes.starts(with: Data("bplist00".utf8)))
        #expect(sameFields(try IdentifiedNote.load(resourceID: "n1", in: archiver), note))
        #expect(try IdentifiedNote.storedResourceIDs(in: archiver) == ["n1"])
        try IdentifiedNote.delete(resourceID: "n1", in: archiver)
        #expect(try IdentifiedNote.load(resourceID: "n1", in: archiver) == nil)
        #expect(try IdentifiedNote.storedResourceIDs(in: archiver) == [])
    }

    @Test("the file is a plain binary property list, which PropertyListDecoder also reads")
    func fileIsPropertyListEncoderOutput() throws {
        let note = IdentifiedNote(id: "n2", text: "Bread", created: Date(timeIntervalSinceReferenceDate: 0))
        let url = try note.store(in: archiver)
        #expect(sameFields(try PropertyListDecoder().decode(IdentifiedNote.self, from: Data(contentsOf: url)), note))
    }

    @Test("ids map to file names as the core maps them, so unsafe ids stay in the folder")
    func idLayoutIsShared() throws {
        for id in ["../escape", "a/b", "é", String(repeating: "x", count: 300)] {
            let note = DoublyIdentified(id: id, body: "b")
            let url = try note.store(in: archiver)
            #expect(url.deletingLastPathComponent().lastPathComponent == "DoublyIdentified")
            #expect(try DoublyIdentified.load(resourceID: id, in: archiver)?.body == "b")
        }
        #expect(try DoublyIdentified.storedResourceIDs(in: archiver).sorted()
            == ["../escape", "a/b", "é", String(repeating: "x", count: 300)].sorted())
    }

    @Test("the empty id is refused, as for every Archivable type")
    func emptyIdentifier() {
        #expect(throws: ArchiverError.emptyIdentifier(type: "IdentifiedNote")) {
            try IdentifiedNote(id: "", text: "", created: Date()).store(in: archiver)
        }
        #expect(throws: ArchiverError.emptyIdentifier(type: "IdentifiedNote")) {
            try IdentifiedNote.load(resourceID: "", in: archiver)
        }
    }

    @Test("an encoding failure names the coding path and the reason, and nothing is written")
    func encodingFailure() throws {
        #expect {
            try Refusing(id: "r", amount: -1).store(in: archiver)
        } throws: { error in
            guard case .invalidPropertyList(type: "Refusing", id: "r", keyPath: "amount", found: let found) = error as? ArchiverError
            else { return false }
            return found.contains("amount must not be negative")
        }
        #expect(try Refusing.storedResourceIDs(in: archiver) == [])
    }

    @Test("a damaged file is corrupt, a foreign one fails to decode with its coding path, a huge one is not read")
    func badFiles() throws {
        let url = try IdentifiedNote(id: "bad", text: "t", created: Date()).store(in: archiver)

        try Data("garbage".utf8).write(to: url)
        #expect {
            try IdentifiedNote.load(resourceID: "bad", in: archiver)
        } throws: { error in
            guard case .corruptFile(type: "IdentifiedNote", id: "bad", file: url, reason: _) = error as? ArchiverError else { return false }
            return true
        }

        let foreign: Archive = ["id": "bad", "text": 3, "created": Date()]
        try PropertyListSerialization.data(fromPropertyList: foreign, format: .binary, options: 0).write(to: url)
        #expect {
            try IdentifiedNote.load(resourceID: "bad", in: archiver)
        } throws: { error in
            guard case .decodingFailed("IdentifiedNote", "bad", url, let decodingError) = error as? ArchiverError,
                  case .typeMismatch(expected: "String", found: _) = decodingError.reason
            else { return false }
            return decodingError.keyPath == "IdentifiedNote.text"
        }

        let small = Archiver(archiveDirectoryURL: archiver.archiveDirectoryURL)
        small.limits.maximumFileSize = 4
        #expect {
            try IdentifiedNote.load(resourceID: "bad", in: small)
        } throws: { error in
            guard case .fileTooLarge = error as? ArchiverError else { return false }
            return true
        }
    }

    @Test("a file nested deeper than the limit is refused before it is decoded")
    func depthLimit() throws {
        let url = try IdentifiedNote(id: "deep", text: "t", created: Date()).store(in: archiver)
        var nested: Any = "leaf"
        for _ in 0..<20 { nested = [nested] }
        try PropertyListSerialization.data(fromPropertyList: ["id": "deep", "x": nested], format: .binary, options: 0).write(to: url)
        let shallow = Archiver(archiveDirectoryURL: archiver.archiveDirectoryURL)
        shallow.limits.maximumDepth = 8
        #expect {
            try IdentifiedNote.load(resourceID: "deep", in: shallow)
        } throws: { error in
            guard case .corruptFile = error as? ArchiverError else { return false }
            return true
        }
    }
}
