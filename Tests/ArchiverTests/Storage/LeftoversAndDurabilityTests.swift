import Foundation
import Testing
@testable import Archiver
import ArchiverTesting
#if canImport(Glibc)
import Glibc
#endif

/// What killed clears and deletes leave is swept by the next call; a failed store names what it
/// stored; a store that returned is on the disk.
struct LeftoversAndDurabilityTests {
    @Test func trashOfAKilledClearAndOrphanIdFilesGoOnTheNextCall() throws {
        try TemporaryArchiver.with { archiver throws in
            let archives = try #require(archiver.archiveDirectoryURL)
            let folder = try archiver.directoryURL(for: Note.self)
            let long = String(repeating: "long/", count: 60)
            try Note(id: long, text: "hashed").store()
            try Note(id: "kept", text: "kept").store()
            // A delete killed between its two unlinks leaves the id file of a hashed name.
            let archive = try archiver.fileURL(for: Note.self, resourceID: long)
            try FileManager.default.removeItem(at: archive)
            // A clear killed after its rename leaves trash beside and inside the archive directory,
            // just now: no age tells it from a clear still running.
            let beside = archives.deletingLastPathComponent().appendingPathComponent(".\(archives.lastPathComponent).deleting-\(UUID().uuidString)")
            let inside = archives.appendingPathComponent(".Note.deleting-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: beside) }
            for trash in [beside, inside] {
                try FileManager.default.createDirectory(at: trash.appendingPathComponent("Note"), withIntermediateDirectories: true)
                try Data("x".utf8).write(to: trash.appendingPathComponent("Note/a.plist"))
            }

            let kept = try TemporaryArchiver.$current.withValue(Archiver(archiveDirectoryURL: archives)) {
                try Note.load(resourceID: "kept")
            }
            #expect(kept?.text == "kept")
            #expect(!FileManager.default.fileExists(atPath: beside.path))
            #expect(!FileManager.default.fileExists(atPath: inside.path))
            #expect(filesBelow(folder) == ["kept.plist"])
        }
    }

    @Test(.enabled(if: Privileges.canMount, "needs mount (root on Linux) for a full staging folder"))
    func aStoreThatFailsOnTheStagingFileNamesTypeIdAndArchive() throws {
        try TemporaryArchiver.with { archiver throws in
            let archives = try #require(archiver.archiveDirectoryURL)
            let staging = archives.appendingPathComponent(".staging")
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            try Note(id: "first", text: "x").store()
            // A staging folder with no room: a full disk.
            try #require(Privileges.run(["mount", "-t", "tmpfs", "-o", "size=4k", "none", staging.path]))
            defer { _ = Privileges.run(["umount", "-l", staging.path]) }
            let big = Note(id: "big", text: String(repeating: "x", count: 64 * 1024))
            do {
                try big.store()
                Issue.record("a store into a full staging folder succeeded")
            } catch {
                let text = String(describing: error)
                #expect(text.contains("Note"), "\(text)")
                #expect(text.contains("\"big\""), "\(text)")
                #expect(text.contains(try archiver.fileURL(for: Note.self, resourceID: "big").path), "\(text)")
                #expect(text.contains(".staging/"), "\(text)")
            }
            #expect(try Note.load(resourceID: "big") == nil)
        }
    }

    /// A store flushes its file and its folder before it returns, unless the archiver is told not
    /// to; counted with strace, as no test can cut the power.
    @Test(.enabled(if: Self.strace != nil, "needs strace"))
    func aFinishedStoreIsFlushedToTheDisk() throws {
        let tool = try #require(Self.strace)
        let helper = try #require(CrashSafetyTests.crashWriterURL(), "ArchiverCrashWriter is not built")
        let count = { (durable: Bool) -> Int in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("durable-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let log = folder.appendingPathExtension("strace")
            defer { try? FileManager.default.removeItem(at: log) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = ["-f", "-e", "trace=fsync,fdatasync", "-o", log.path, helper.path, "store-once", folder.path, durable ? "durable" : "fast"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return -1 }
            process.waitUntilExit()
            guard process.terminationStatus == 0, let text = try? String(contentsOf: log, encoding: .utf8) else { return -1 }
            return text.split(separator: "\n").filter { $0.contains("fsync(") && $0.contains("= 0") }.count
        }
        #expect(count(true) == 2)
        #expect(count(false) == 0)
    }

    static let strace: String? = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }
}
