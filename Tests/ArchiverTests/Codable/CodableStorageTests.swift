import Foundation
import Testing
@testable import Archiver

@Suite("Codable storage")
final class CodableStorageTests {
    let archiver = makeTemporaryArchiver()

    deinit {
        try? archiver.removeAll()
    }

    @Test("an Identifiable Codable type stores as a binary property list and loads equal")
    func storeAndLoadIdentifiable() throws {
        let note = IdentifiedNote(id: "n1", text: "Soup", created: Date(timeIntervalSinceReferenceDate: 12.5))
        let url = try archiver.store(codable: note)
        #expect(url == (try archiver.fileURL(forCodable: IdentifiedNote.self, resourceID: "n1")))
        #expect(url.deletingLastPathComponent().lastPathComponent == "IdentifiedNote")
        let bytes = try Data(contentsOf: url)
        #expect(bytes.starts(with: Data("bplist00".utf8)))
        #expect(try archiver.load(codable: IdentifiedNote.self, resourceID: "n1") == note)
        #expect(try archiver.resourceIDs(ofCodable: IdentifiedNote.self) == ["n1"])
        try archiver.delete(codable: IdentifiedNote.self, resourceID: "n1")
        #expect(try archiver.load(codable: IdentifiedNote.self, resourceID: "n1") == nil)
        #expect(try archiver.resourceIDs(ofCodable: IdentifiedNote.self) == [])
    }

    @Test("the file is a plain binary property list, which PropertyListDecoder also reads")
    func fileIsPropertyListEncoderOutput() throws {
        let note = IdentifiedNote(id: "n2", text: "Bread", created: Date(timeIntervalSinceReferenceDate: 0))
        let url = try archiver.store(codable: note)
        #expect(try PropertyListDecoder().decode(IdentifiedNote.self, from: Data(contentsOf: url)) == note)
    }

    @Test("ids map to file names as the core maps them, so unsafe ids stay in the folder")
    func idLayoutIsShared() throws {
        for id in ["../escape", "a/b", "é", String(repeating: "x", count: 300)] {
            let note = DoublyIdentified(id: id, body: "b")
            let url = try archiver.store(codable: note)
            #expect(url.deletingLastPathComponent().lastPathComponent == "DoublyIdentified")
            #expect(try archiver.load(codable: DoublyIdentified.self, resourceID: id)?.body == "b")
        }
        #expect(try archiver.resourceIDs(ofCodable: DoublyIdentified.self).sorted()
            == ["../escape", "a/b", "é", String(repeating: "x", count: 300)].sorted())
    }

    @Test("a type that is also Archivable shares its folder and file names")
    func sharedFolderWithArchivable() throws {
        let note = CodableNote(id: "shared-\(UUID().uuidString)", text: "t")
        let url = try CodableNote.archiver.store(codable: note)
        #expect(url == (try CodableNote.archiver.fileURL(for: CodableNote.self, resourceID: note.id)))
        #expect(sameFields(try CodableNote.load(resourceID: note.id), note))
        try CodableNote.archiver.delete(codable: CodableNote.self, resourceID: note.id)
    }

    @Test("the empty id is refused, as the core refuses it")
    func emptyIdentifier() {
        #expect(throws: ArchiverError.emptyIdentifier(type: "IdentifiedNote")) {
            try archiver.store(codable: IdentifiedNote(id: "", text: "", created: Date()))
        }
        #expect(throws: ArchiverError.emptyIdentifier(type: "IdentifiedNote")) {
            try archiver.load(codable: IdentifiedNote.self, resourceID: "")
        }
    }

    @Test("an encoding failure names the coding path, and nothing is written")
    func encodingFailure() throws {
        #expect(throws: ArchiverError.invalidPropertyList(type: "Refusing", id: "r", keyPath: "amount",
                                                         found: "amount must not be negative")) {
            try archiver.store(codable: Refusing(id: "r", amount: -1))
        }
        #expect(try archiver.resourceIDs(ofCodable: Refusing.self) == [])
    }

    @Test("a damaged file is corrupt, a foreign one fails to decode with its coding path, a huge one is not read")
    func badFiles() throws {
        let url = try archiver.store(codable: IdentifiedNote(id: "bad", text: "t", created: Date()))

        try Data("garbage".utf8).write(to: url)
        #expect {
            try archiver.load(codable: IdentifiedNote.self, resourceID: "bad")
        } throws: { error in
            guard case .corruptFile(type: "IdentifiedNote", id: "bad", file: url, reason: _) = error as? ArchiverError else { return false }
            return true
        }

        let foreign: Archive = ["id": "bad", "text": 3, "created": Date()]
        try PropertyListSerialization.data(fromPropertyList: foreign, format: .binary, options: 0).write(to: url)
        // What PropertyListDecoder says it found differs by platform ("an integer", "a number").
        #expect {
            try archiver.load(codable: IdentifiedNote.self, resourceID: "bad")
        } throws: { error in
            guard case .decodingFailed("IdentifiedNote", "bad", url, let decodingError) = error as? ArchiverError,
                  case .typeMismatch(expected: "String", found: _) = decodingError.reason
            else { return false }
            return decodingError.keyPath == "IdentifiedNote.text"
        }

        let small = Archiver(archiveDirectoryURL: archiver.archiveDirectoryURL)
        small.limits.maximumFileSize = 4
        #expect {
            try small.load(codable: IdentifiedNote.self, resourceID: "bad")
        } throws: { error in
            guard case .fileTooLarge = error as? ArchiverError else { return false }
            return true
        }
    }

    @Test("a file nested deeper than the limit is refused before PropertyListDecoder reads it")
    func depthLimit() throws {
        let url = try archiver.store(codable: IdentifiedNote(id: "deep", text: "t", created: Date()))
        var nested: Any = "leaf"
        for _ in 0..<20 { nested = [nested] }
        try PropertyListSerialization.data(fromPropertyList: ["id": "deep", "x": nested], format: .binary, options: 0).write(to: url)
        let shallow = Archiver(archiveDirectoryURL: archiver.archiveDirectoryURL)
        shallow.limits.maximumDepth = 8
        #expect {
            try shallow.load(codable: IdentifiedNote.self, resourceID: "deep")
        } throws: { error in
            guard case .corruptFile = error as? ArchiverError else { return false }
            return true
        }
    }
}
