import Archiver
import ArchiverTesting
import Foundation
import Testing

struct TemporaryArchiverTests {
    @Test func theFolderIsRemovedAfterTheBodyEvenWhenItThrows() async throws {
        struct Stop: Error {}
        var folder: URL?
        await #expect(throws: Stop.self) {
            try await TemporaryArchiver.with { archiver async throws in
                folder = try archiver.fileURL(for: Note.self, resourceID: "1").deletingLastPathComponent().deletingLastPathComponent()
                try Note(id: "1", text: "t", rating: 1).store(in: archiver)
                #expect(FileManager.default.fileExists(atPath: try #require(folder).path))
                throw Stop()
            }
        }
        let used = try #require(folder)
        #expect(!FileManager.default.fileExists(atPath: used.path))
    }

    @Test func typesThatReadCurrentStoreInTheTestsArchiverAndChildTasksSeeIt() async throws {
        #expect(TemporaryArchiver.current == nil)
        try await TemporaryArchiver.with { archiver in
            try Note(id: "1", text: "t", rating: 1).store()
            let fromChild = await Task { try? Note.storedResourceIDs() }.value
            #expect(fromChild == ["1"])
            #expect(try Note.storedResourceIDs(in: archiver) == ["1"])
        }
    }

    @Test func eachArchiverHasItsOwnFolderAndReleasingItRemovesIt() throws {
        var archiver: TemporaryArchiver? = TemporaryArchiver(prefix: "Released")
        let other = TemporaryArchiver()
        let folder = try #require(archiver?.directoryURL)
        #expect(folder != other.directoryURL)
        #expect(folder.lastPathComponent.hasPrefix("Released-"))
        try Note(id: "1", text: "t", rating: 1).store(in: #require(archiver).archiver)
        #expect(FileManager.default.fileExists(atPath: folder.path))
        archiver = nil
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
