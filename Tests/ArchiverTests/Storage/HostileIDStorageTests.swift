import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// Every hostile id stores, loads, lists and deletes inside its type's folder, and no other.
struct HostileIDStorageTests {
    @Test func hostileIdsRoundTripThroughDiskWithoutLeavingTheirFolder() async throws {
        try TemporaryArchiver.with { archiver throws in
            let folder = try archiver.directoryURL(for: Note.self)
            let archiveDirectory = try #require(archiver.archiveDirectoryURL)
            for (index, id) in ArchiveFileNameTests.hostileIDs.enumerated() {
                let note = Note(id: id, text: "note \(index)", revision: index)
                let url = try note.store()
                #expect(url.deletingLastPathComponent().standardizedFileURL == folder.standardizedFileURL)
                #expect(try Note.load(resourceID: id) == note, "\(id.debugDescription)")
            }
            // Ids equal under `==` (the normalisation variants) are one value, listed composed.
            let stored = try Note.storedResourceIDs()
            let distinct = Set(ArchiveFileNameTests.hostileIDs.map(ArchiveFileName.canonical))
            #expect(Set(stored.map { Array($0.utf8) }) == Set(distinct.map { Array($0.utf8) }))
            #expect(stored.count == distinct.count)

            // Nothing was written anywhere but the Note folder (and the staging folder is empty).
            let outside = filesBelow(archiveDirectory).filter { !$0.hasPrefix("Note/") }
            #expect(outside.isEmpty, "\(outside)")

            for id in ArchiveFileNameTests.hostileIDs {
                try Note.delete(resourceID: id)
                #expect(try Note.load(resourceID: id) == nil)
            }
            #expect(filesBelow(folder).isEmpty)
        }
    }

    @Test func hostileDirectoryNamesStayInsideTheArchiveDirectory() async throws {
        struct Escapee: Archivable {
            static var archiver: Archiver { testArchiver }
            static var directoryName: String { "../../escaped" }
            let id: String
            var archiveValue: Archive { ["id": id] }
            init(id: String) { self.id = id }
            init?(archive: Archive) { guard let id = archive["id"] as? String else { return nil }; self.id = id }
        }
        try TemporaryArchiver.with { archiver throws in
            let url = try Escapee(id: "x").store()
            let archiveDirectory = try #require(archiver.archiveDirectoryURL).standardizedFileURL
            #expect(url.deletingLastPathComponent().deletingLastPathComponent().standardizedFileURL == archiveDirectory)
            #expect(url.deletingLastPathComponent().lastPathComponent == "%2E.%2F..%2Fescaped")
            #expect(Escapee(resourceID: "x")?.id == "x")
        }
    }

    /// `UniquelyIdentifiable` calls "café" composed and decomposed equal, so the archiver does too.
    @Test func normalisationVariantsAreOneValue() async throws {
        try TemporaryArchiver.with { archiver throws in
            let composed = Note(id: "caf\u{E9}", text: "composed")
            let decomposed = Note(id: "cafe\u{301}", text: "decomposed")
            #expect(composed.id == decomposed.id)
            try composed.store()
            try decomposed.store()
            #expect(try Note.load(resourceID: "caf\u{E9}")?.text == "decomposed")
            #expect(try Note.load(resourceID: "cafe\u{301}")?.text == "decomposed")
            #expect(try Note.storedResourceIDs().map { Array($0.utf8) } == [Array("caf\u{E9}".utf8)])
            #expect(filesBelow(try archiver.directoryURL(for: Note.self)) == ["caf%C3%A9.plist"])
            try Note.delete(resourceID: "caf\u{E9}")
            #expect(try Note.load(resourceID: "cafe\u{301}") == nil)
        }
    }

    @Test func hashedIdsAreListedFromTheFileBesideThem() async throws {
        try TemporaryArchiver.with { archiver throws in
            let id = String(repeating: "long/", count: 100)
            let note = Note(id: id, text: "long")
            let url = try note.store()
            #expect(url.lastPathComponent.hasPrefix("%%"))
            let identifierFile = url.deletingPathExtension().appendingPathExtension("id")
            #expect(try String(contentsOf: identifierFile, encoding: .utf8) == id)
            #expect(try Note.storedResourceIDs() == [id])
            #expect(try Note.loadAll() == [note])

            // A hashed file whose id file is missing or names another id is not listed.
            try Data("other".utf8).write(to: identifierFile)
            #expect(try Note.storedResourceIDs().isEmpty)
            try note.delete()
            #expect(filesBelow(try archiver.directoryURL(for: Note.self)).isEmpty)
        }
    }
}
