import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// Archives under the names Archiver 0.6 gave them: the raw id as the file name, the raw type
/// name and `com.<BundleName>.archives` as folder names, files written by NSKeyedArchiver.
struct LegacyFileNameTests {
    /// The bytes 0.6 wrote for `note`: `NSKeyedArchiver.archiveRootObject(_:toFile:)` of its archive.
    static func zeroSixFile(_ note: Note) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: NSDictionary(dictionary: note.archiveValue), requiringSecureCoding: false)
    }

    static func layOut(_ notes: [Note], in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for note in notes {
            try zeroSixFile(note).write(to: folder.appendingPathComponent(note.id + ".plist"))
        }
    }

    static let escapedSinceZeroSix = ["a:b", ".hidden", "caf\u{E9}", "cafe\u{301}x", "100%", "%zz", "C:\\x", " lead", "日本語"]

    @Test func filesUnderRawIdsLoadListAndMoveToTodaysNameOnTheNextStore() throws {
        try TemporaryArchiver.with { archiver throws in
            let folder = try archiver.directoryURL(for: Note.self)
            let notes = Self.escapedSinceZeroSix.enumerated().map { Note(id: $1, text: "0.6 #\($0)", revision: $0) }
            try Self.layOut(notes, in: folder)

            for note in notes {
                #expect(try Note.load(resourceID: note.id) == note, "\(note.id.debugDescription)")
            }
            #expect(Set(try Note.storedResourceIDs()) == Set(notes.map(\.id)))
            #expect(Set(try Note.loadAll()) == Set(notes))

            for note in notes {
                let updated = Note(id: note.id, text: "today", revision: note.revision + 100)
                let url = try updated.store()
                #expect(url.lastPathComponent != note.id + ".plist")
                #expect(try Note.load(resourceID: note.id) == updated)
            }
            var todaysNames: [String] = []
            for note in notes { todaysNames.append(try archiver.fileURL(for: Note.self, resourceID: note.id).lastPathComponent) }
            #expect(filesBelow(folder) == Array(Set(todaysNames)).sorted())
            #expect(try Note.storedResourceIDs().count == notes.count)
        }
    }

    @Test func deletingAValueStoredUnderARawIdRemovesTheZeroSixFile() throws {
        try TemporaryArchiver.with { archiver throws in
            let folder = try archiver.directoryURL(for: Note.self)
            try Self.layOut([Note(id: "a:b", text: "old")], in: folder)
            try Note.delete(resourceID: "a:b")
            #expect(try Note.load(resourceID: "a:b") == nil)
            #expect(filesBelow(folder).isEmpty)
        }
    }

    /// `%2F.plist` is today's file of the id `/`; 0.6's file of the id `%2F` had the same name.
    /// Today's reading wins, and storing `%2F` never touches the value of `/`.
    @Test func aRawNameTodaysMappingProducesBelongsToTodaysId() throws {
        try TemporaryArchiver.with { _ throws in
            let slash = Note(id: "/", text: "slash")
            try slash.store()
            #expect(try Note.load(resourceID: "%2F") == nil)
            try Note(id: "%2F", text: "percent").store()
            #expect(try Note.load(resourceID: "/") == slash)
            #expect(try Note.load(resourceID: "%2F")?.text == "percent")
        }
    }

    @Test func aTypeFolderUnderItsRawNameIsReadAndMovedOnTheNextStore() throws {
        struct Colon: Archivable, Equatable {
            static var archiver: Archiver { testArchiver }
            static var directoryName: String { "Notes:2016 é" }
            let id: String
            var archiveValue: Archive { ["id": id] }
            init(id: String) { self.id = id }
            init?(archive: Archive) { guard let id = archive["id"] as? String else { return nil }; self.id = id }
        }
        try TemporaryArchiver.with { archiver throws in
            let archives = try #require(archiver.archiveDirectoryURL)
            let raw = archives.appendingPathComponent("Notes:2016 é")
            try FileManager.default.createDirectory(at: raw, withIntermediateDirectories: true)
            try NSKeyedArchiver.archivedData(withRootObject: NSDictionary(dictionary: ["id": "x"]), requiringSecureCoding: false)
                .write(to: raw.appendingPathComponent("x.plist"))

            #expect(try Colon.load(resourceID: "x") == Colon(id: "x"))
            #expect(try Colon.storedResourceIDs() == ["x"])
            try Colon(id: "y").store()
            let today = try archiver.directoryURL(for: Colon.self)
            #expect(today.lastPathComponent == "Notes%3A2016 %C3%A9")
            #expect(!FileManager.default.fileExists(atPath: raw.path))
            #expect(filesBelow(today) == ["x.plist", "y.plist"])
            try Colon.deleteAll()
            #expect(try Colon.storedResourceIDs().isEmpty)
        }
    }

    @Test func anArchiveDirectoryUnderTheRawBundleNameIsReadAndMovedOnTheNextStore() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("legacy-root-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let archiver = Archiver(archiveDirectoryURL: nil)
        archiver.rootDirectoryURL = root
        archiver.archiveDirectoryName = "com.Café Crème.archives"
        #expect(archiver.archiveDirectoryURL?.lastPathComponent == "com.Caf%C3%A9 Cr%C3%A8me.archives")
        let raw = root.appendingPathComponent("com.Café Crème.archives")
        let note = Note(id: "abcd", text: "from 0.6")
        try Self.layOut([note], in: raw.appendingPathComponent("Note"))

        try TemporaryArchiver.$current.withValue(archiver) {
            #expect(try Note.load(resourceID: "abcd") == note)
            #expect(try Note.storedResourceIDs() == ["abcd"])
            try Note(id: "efgh", text: "today").store()
            #expect(!FileManager.default.fileExists(atPath: raw.path))
            #expect(try Note.load(resourceID: "abcd") == note)
            try archiver.removeAll()
            #expect(try Note.loadAll().isEmpty)
        }
    }

    @Test func clearingRemovesTheRawArchiveDirectoryToo() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("legacy-root-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let archiver = Archiver(archiveDirectoryURL: nil)
        archiver.rootDirectoryURL = root
        archiver.archiveDirectoryName = "com.Café.archives"
        try Self.layOut([Note(id: "abcd", text: "from 0.6")], in: root.appendingPathComponent("com.Café.archives/Note"))
        try TemporaryArchiver.$current.withValue(archiver) {
            try Note.deleteAll()
            #expect(try Note.load(resourceID: "abcd") == nil)
            try Self.layOut([Note(id: "abcd", text: "from 0.6")], in: root.appendingPathComponent("com.Café.archives/Note"))
            archiver.clearAll()
            #expect(try Note.load(resourceID: "abcd") == nil)
            #expect(filesBelow(root).isEmpty)
        }
    }
}
