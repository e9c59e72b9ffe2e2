import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// Sets the modification date of `type`'s archive of `id` to `age` seconds ago.
func age<Value: Archivable>(_ type: Value.Type, _ id: Value.ID, by age: TimeInterval) throws {
    let url = try Value.archiver.fileURL(for: type, resourceID: id)
    try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: url.path)
}

struct ExpiryTests {
    @Test func anExpiredArchiveLoadsAsNilTheThrowingLoadSaysWhyAndItIsRemoved() throws {
        try TemporaryArchiver.with { archiver in
            archiver.maximumAge = 60
            try Note(id: "old", text: "stale").store()
            try age(Note.self, "old", by: 3_600)
            let url = try archiver.fileURL(for: Note.self, resourceID: "old")
            #expect {
                try Note.load(resourceID: "old")
            } throws: { error in
                guard case .expired(let type, let id, let file, let age, let maximumAge)? = error as? ArchiverError else { return false }
                return type == "Note" && id == "old" && file == url && age >= 3_600 && maximumAge == 60
                    && "\(error)".contains("expired")
            }
            #expect(!FileManager.default.fileExists(atPath: url.path))

            try Note(id: "old", text: "stale").store()
            try age(Note.self, "old", by: 3_600)
            #expect(Note(resourceID: "old") == nil)  // 0.6: nil
            #expect(!FileManager.default.fileExists(atPath: url.path))
            #expect(try Note.load(resourceIDs: ["old"]).isEmpty)
        }
    }

    @Test func aFreshArchiveLoadsAndAStoreRestartsTheClock() throws {
        try TemporaryArchiver.with { archiver in
            archiver.maximumAge = 60
            try Note(id: "a", text: "v1").store()
            try age(Note.self, "a", by: 30)
            #expect(try Note.load(resourceID: "a")?.text == "v1")
            try age(Note.self, "a", by: 90)
            try Note(id: "a", text: "v2").store()
            #expect(try Note.load(resourceID: "a")?.text == "v2")
        }
    }

    @Test func expiredArchivesAreNotListedNorLoadedByLoadAll() async throws {
        try await TemporaryArchiver.with { archiver async throws in
            archiver.maximumAge = 60
            try Note(id: "fresh", text: "x").store()
            try Note(id: "old", text: "x").store()
            try age(Note.self, "old", by: 3_600)
            #expect(try Note.storedResourceIDs() == ["fresh"])
            var failures: [ArchiverError] = []
            #expect(try Note.loadAll(failures: &failures).map(\.id) == ["fresh"])
            #expect(failures.isEmpty)
            #expect(try await Note.storedResourceIDsInBackground() == ["fresh"])
            #expect(try await Note.loadAllInBackground(failures: &failures).map(\.id) == ["fresh"])
            #expect(failures.isEmpty)
        }
    }

    @Test func removeExpiredRemovesThemAllAcrossTypes() throws {
        try TemporaryArchiver.with { archiver in
            #expect(try archiver.removeExpired() == 0)  // no maximum age: nothing expires
            archiver.maximumAge = 60
            for id in ["a", "b", "c"] {
                try Note(id: id, text: "x").store()
                try age(Note.self, id, by: 3_600)
            }
            try CacheMemo(id: "m", body: "x").store()
            try age(CacheMemo.self, "m", by: 3_600)
            try Note(id: "fresh", text: "x").store()
            #expect(try archiver.removeExpired() == 4)
            archiver.maximumAge = nil
            #expect(try Note.storedResourceIDs() == ["fresh"])
            #expect(try CacheMemo.storedResourceIDs() == [])
        }
    }

    /// A file written without this version (named by its plain id, by PropertyListSerialization) has an age: its modification date.
    @Test func aFileArchiver06WroteExpiresByItsModificationDate() throws {
        try TemporaryArchiver.with { archiver in
            let folder = try archiver.directoryURL(for: Note.self)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let data = try PropertyListSerialization.data(
                fromPropertyList: ["id": "legacy", "text": "0.6", "revision": 1], format: .binary, options: 0)
            let file = folder.appendingPathComponent("legacy.plist")
            try data.write(to: file)
            #expect(try Note.load(resourceID: "legacy")?.text == "0.6")
            archiver.maximumAge = 60
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: file.path)
            #expect(try Note.storedResourceIDs() == [])
            #expect(Note(resourceID: "legacy") == nil)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func aValueInMemoryExpiresToo() throws {
        try TemporaryArchiver.with { archiver in
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            try Note(id: "a", text: "x").store()
            try age(Note.self, "a", by: 3_600)
            #expect(try Note.load(resourceID: "a") != nil)  // no maximum age yet: in memory now
            archiver.maximumAge = 60
            #expect(Note(resourceID: "a") == nil)
        }
    }
}
