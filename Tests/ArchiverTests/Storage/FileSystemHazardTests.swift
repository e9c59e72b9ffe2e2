import Foundation
import Testing
@testable import Archiver
import ArchiverTesting
#if canImport(Glibc)
import Glibc
#endif

/// What the archiver does with links planted in its folders, folders it may not rename, type
/// folders on other file systems, and the leftovers of killed processes.
struct FileSystemHazardTests {
    /// A folder outside the archive directory, with one file in it, removed after `body`.
    static func withOutsideFolder(_ body: (URL) throws -> Void) throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("precious".utf8).write(to: outside.appendingPathComponent("report.tmp"))
        try body(outside)
    }

    static func expectOutsideUntouched(_ outside: URL) throws {
        #expect(filesBelow(outside) == ["report.tmp"])
        #expect(try Data(contentsOf: outside.appendingPathComponent("report.tmp")) == Data("precious".utf8))
    }

    static func fileSystemFailure(_ error: ArchiverError) -> (operation: String, path: String, reason: String)? {
        guard case .fileSystem(let operation, let file, let reason) = error else { return nil }
        return (operation, file.path, reason)
    }

    // MARK: Links

    @Test func aTypeFolderLinkedOutsideIsRefusedAndNothingOutsideIsReadOrWritten() throws {
        try TemporaryArchiver.with { archiver throws in
            try Self.withOutsideFolder { outside in
                let folder = try archiver.directoryURL(for: Note.self)
                try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: outside)
                try PropertyListCoding.data(for: ["id": "x", "text": "outside", "revision": 1])
                    .write(to: outside.appendingPathComponent("x.plist"))

                let attempts: [() throws -> Void] = [
                    { try Note(id: "n", text: "t").store() },
                    { _ = try Note.load(resourceID: "x") },
                    { _ = try Note.storedResourceIDs() },
                    { try Note.delete(resourceID: "x") },
                ]
                for attempt in attempts {
                    let error = try #require(throws: ArchiverError.self) { try attempt() }
                    let failure = try #require(Self.fileSystemFailure(error))
                    #expect(failure.path == folder.path && failure.reason == FileIO.symbolicLinkReason, "\(error)")
                }
                #expect(filesBelow(outside) == ["report.tmp", "x.plist"])

                // Deleting the type removes the link, not what it points to.
                try Note.deleteAll()
                #expect(filesBelow(outside) == ["report.tmp", "x.plist"])
                try Note(id: "n", text: "t").store()
                #expect(try Note.load(resourceID: "n")?.text == "t")
            }
        }
    }

    @Test func aStagingFolderLinkedOutsideIsRefusedAndNotSwept() throws {
        try TemporaryArchiver.with { archiver throws in
            try Self.withOutsideFolder { outside in
                let archives = try #require(archiver.archiveDirectoryURL)
                try FileManager.default.createDirectory(at: archives, withIntermediateDirectories: true)
                let twoHoursAgo = Date().addingTimeInterval(-2 * 60 * 60)
                try FileManager.default.setAttributes([.modificationDate: twoHoursAgo],
                                                      ofItemAtPath: outside.appendingPathComponent("report.tmp").path)
                try FileManager.default.createSymbolicLink(at: archives.appendingPathComponent(".staging"), withDestinationURL: outside)

                let error = try #require(throws: ArchiverError.self) { try Note(id: "n", text: "t").store() }
                #expect(Self.fileSystemFailure(error)?.path == archives.appendingPathComponent(".staging").path, "\(error)")
                try Self.expectOutsideUntouched(outside)
            }
        }
    }

    @Test func anArchiveFileLinkedOutsideIsNotReadAndAStoreReplacesOnlyTheLink() throws {
        try TemporaryArchiver.with { archiver throws in
            try Self.withOutsideFolder { outside in
                let target = outside.appendingPathComponent("report.tmp")
                try PropertyListCoding.data(for: ["id": "x", "text": "outside", "revision": 1]).write(to: target)
                let secret = try Data(contentsOf: target)
                let file = try archiver.fileURL(for: Note.self, resourceID: "x")
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)

                let error = try #require(throws: ArchiverError.self) { try Note.load(resourceID: "x") }
                guard case .corruptFile(_, _, let url, let reason) = error else { Issue.record("\(error)"); return }
                #expect(url?.path == file.path && reason.contains("not a regular file"))
                #expect(try Note.loadAll().isEmpty)

                try Note(id: "x", text: "inside", revision: 2).store()
                #expect(try Note.load(resourceID: "x") == Note(id: "x", text: "inside", revision: 2))
                #expect(try Data(contentsOf: target) == secret)
                try Note.delete(resourceID: "x")
                #expect(try Data(contentsOf: target) == secret)
            }
        }
    }

    @Test func clearingFollowsNoLinkInsideTheArchiveDirectory() throws {
        try TemporaryArchiver.with { archiver throws in
            try Self.withOutsideFolder { outside in
                try Note(id: "n", text: "t").store()
                let folder = try archiver.directoryURL(for: Note.self)
                try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("inner"), withDestinationURL: outside)
                try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("y.plist"),
                                                           withDestinationURL: outside.appendingPathComponent("report.tmp"))
                try Note.deleteAll()
                try Self.expectOutsideUntouched(outside)
                try Note(id: "n", text: "t").store()
                try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("inner"), withDestinationURL: outside)
                try archiver.removeAll()
                try Self.expectOutsideUntouched(outside)
            }
        }
    }

    // MARK: Folders that cannot be renamed

    @Test(.enabled(if: Privileges.canMakeImmutable, "needs chattr (root on Linux)"))
    func removeAllDeletesInPlaceWhenTheParentIsReadOnly() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("readonly-root-\(UUID().uuidString)")
        let archiver = Archiver(archiveDirectoryURL: root.appendingPathComponent("archives"))
        defer { try? FileManager.default.removeItem(at: root) }
        try TemporaryArchiver.$current.withValue(archiver) {
            try Note(id: "a", text: "a").store()
            try Note(id: String(repeating: "long/", count: 60), text: "b").store()
            try Privileges.withImmutable(root) {
                try archiver.removeAll()
                #expect(try Note.storedResourceIDs().isEmpty)
                #expect(filesBelow(root).isEmpty)
                try Note(id: "c", text: "c").store()
                archiver.clearAll()
                #expect(try Note.load(resourceID: "c") == nil)
            }
        }
    }

    @Test(.enabled(if: Privileges.canMakeImmutable, "needs chattr (root on Linux)"))
    func removeAllThrowsNamingTheFolderItCannotEmpty() throws {
        try TemporaryArchiver.with { archiver throws in
            try Note(id: "a", text: "a").store()
            let folder = try archiver.directoryURL(for: Note.self)
            try Privileges.withImmutable(folder) {
                let error = try #require(throws: ArchiverError.self) { try archiver.removeAll() }
                #expect(Self.fileSystemFailure(error)?.path == folder.appendingPathComponent("a.plist").path, "\(error)")
                let typeError = try #require(throws: ArchiverError.self) { try Note.deleteAll() }
                #expect(Self.fileSystemFailure(typeError)?.path == folder.appendingPathComponent("a.plist").path, "\(typeError)")
            }
            #expect(try Note.load(resourceID: "a")?.text == "a")
        }
    }

    @Test(.enabled(if: Privileges.canMount, "needs mount (root on Linux)"))
    func aTypeFolderOnAnotherFileSystemStoresAndClears() throws {
        try TemporaryArchiver.with { archiver throws in
            let folder = try archiver.directoryURL(for: Note.self)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Privileges.withTmpfs(at: folder) {
                try Note(id: "a", text: "a", revision: 1).store()
                try Note(id: "a", text: "a", revision: 2).store()
                try Note(id: String(repeating: "long/", count: 60), text: "b").store()
                #expect(try Note.load(resourceID: "a") == Note(id: "a", text: "a", revision: 2))
                #expect(try Note.storedResourceIDs().count == 2)
                #expect(filesBelow(folder).allSatisfy { !$0.hasSuffix(".tmp") })
                try Note.deleteAll()
                #expect(try Note.storedResourceIDs().isEmpty)
                try Note(id: "c", text: "c").store()
                try archiver.removeAll()
                #expect(try Note.load(resourceID: "c") == nil)
            }
        }
    }

    // MARK: Stores that cannot finish

    @Test func aStoreOntoAFolderThrowsNamingTheFile() throws {
        try TemporaryArchiver.with { archiver throws in
            let file = try archiver.fileURL(for: Note.self, resourceID: "x")
            try FileManager.default.createDirectory(at: file.appendingPathComponent("inside"), withIntermediateDirectories: true)
            let error = try #require(throws: ArchiverError.self) { try Note(id: "x", text: "t").store() }
            let failure = try #require(Self.fileSystemFailure(error))
            #expect(failure.operation == "rename" && failure.path == file.path, "\(error)")
        }
    }

    @Test(.enabled(if: Privileges.canMakeImmutable, "needs chattr (root on Linux)"))
    func aStoreIntoAReadOnlyTypeFolderThrows() throws {
        try TemporaryArchiver.with { archiver throws in
            try Note(id: "x", text: "old").store()
            let folder = try archiver.directoryURL(for: Note.self)
            try Privileges.withImmutable(folder) {
                let error = try #require(throws: ArchiverError.self) { try Note(id: "x", text: "new").store() }
                #expect(Self.fileSystemFailure(error)?.path == folder.appendingPathComponent("x.plist").path, "\(error)")
            }
            #expect(try Note.load(resourceID: "x")?.text == "old")
        }
    }

    // MARK: Leftovers of killed processes

    @Test func theFirstStoreSweepsTrashAndTemporaryFilesThatKilledProcessesLeft() throws {
        try TemporaryArchiver.with { archiver throws in
            let archives = try #require(archiver.archiveDirectoryURL)
            let folder = try archiver.directoryURL(for: Note.self)
            let staging = archives.appendingPathComponent(".staging")
            let parent = archives.deletingLastPathComponent()
            let name = archives.lastPathComponent
            let stale = [
                parent.appendingPathComponent(".\(name).deleting-\(UUID().uuidString)"),
                archives.appendingPathComponent(".Note.deleting-\(UUID().uuidString)"),
                staging.appendingPathComponent("\(UUID().uuidString).deleting"),
                folder.appendingPathComponent(".\(UUID().uuidString).tmp"),
            ]
            let fresh = parent.appendingPathComponent(".\(name).deleting-\(UUID().uuidString)")
            let foreign = parent.appendingPathComponent(".other.archives.deleting-\(UUID().uuidString)")
            defer { for url in [fresh, foreign] { try? FileManager.default.removeItem(at: url) } }
            let twoHoursAgo = Date().addingTimeInterval(-2 * 60 * 60)
            for url in stale + [fresh, foreign] {
                if url.pathExtension == "tmp" {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data("x".utf8).write(to: url)
                } else {
                    try FileManager.default.createDirectory(at: url.appendingPathComponent("Note"), withIntermediateDirectories: true)
                    try Data("x".utf8).write(to: url.appendingPathComponent("Note/a.plist"))
                }
                if url != fresh {
                    try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: url.path)
                }
            }

            // A clear in progress (here, in this process) holds its trash locked; that trash stays.
            let held = open(fresh.path, O_RDONLY | O_DIRECTORY)
            #expect(flock(held, LOCK_EX) == 0)
            defer { close(held) }

            let next = Archiver(archiveDirectoryURL: archives)
            try TemporaryArchiver.$current.withValue(next) { try Note(id: "n", text: "after a crash").store() }
            for url in stale { #expect(!FileManager.default.fileExists(atPath: url.path), "\(url.lastPathComponent)") }
            #expect(FileManager.default.fileExists(atPath: fresh.path))
            #expect(FileManager.default.fileExists(atPath: foreign.path))
        }
    }

    // MARK: Volumes, below the archiver

    @Test(.enabled(if: Privileges.sharedMemoryIsAnotherVolume, "needs /dev/shm on another file system"))
    func aWriteWhoseStagingIsOnAnotherVolumeStagesBesideTheDestination() throws {
        try TemporaryArchiver.with { archiver throws in
            let folder = try #require(archiver.archiveDirectoryURL)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let staging = URL(fileURLWithPath: "/dev/shm/archiver-staging-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: staging) }
            try FileIO.writeAtomically(Data("whole".utf8), named: "x.plist", in: folder.path, stagingDirectory: staging.path, durable: true, hooks: nil)
            #expect(try Data(contentsOf: folder.appendingPathComponent("x.plist")) == Data("whole".utf8))
            #expect(filesBelow(folder) == ["x.plist"])
            #expect(filesBelow(staging).isEmpty)
        }
    }

    @Test(.enabled(if: Privileges.sharedMemoryIsAnotherVolume, "needs /dev/shm on another file system"))
    func aFolderThatCannotBeRenamedAwayIsEmptiedInPlace() throws {
        try TemporaryArchiver.with { archiver throws in
            let folder = try #require(archiver.archiveDirectoryURL).appendingPathComponent("Note")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("inner"), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: folder.appendingPathComponent("inner/a.plist"))
            try Data("x".utf8).write(to: folder.appendingPathComponent("b.plist"))
            let trash = "/dev/shm/archiver-trash-\(UUID().uuidString)"
            try FileIO.removeFolder(folder.path, via: trash)
            #expect(filesBelow(folder).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: trash))
        }
    }
}

/// What the machine lets a test do to file systems: mount a tmpfs, make a folder immutable.
enum Privileges {
    static func run(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func probe(_ check: (URL) -> Bool) -> Bool {
        #if os(Linux)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        return check(folder)
        #else
        return false
        #endif
    }

    static let canMakeImmutable = probe { folder in
        guard run(["chattr", "+i", folder.path]) else { return false }
        let refused = !FileManager.default.createFile(atPath: folder.appendingPathComponent("x").path, contents: Data())
        _ = run(["chattr", "-i", folder.path])
        return refused
    }

    static let canMount = probe { folder in
        guard run(["mount", "-t", "tmpfs", "none", folder.path]) else { return false }
        return run(["umount", folder.path])
    }

    static let sharedMemoryIsAnotherVolume: Bool = {
        var shared = stat(), temporary = stat()
        guard stat("/dev/shm", &shared) == 0, stat(FileManager.default.temporaryDirectory.path, &temporary) == 0 else { return false }
        return shared.st_dev != temporary.st_dev
    }()

    static func withImmutable(_ folder: URL, _ body: () throws -> Void) throws {
        guard run(["chattr", "+i", folder.path]) else { throw CocoaError(.fileWriteNoPermission) }
        defer { _ = run(["chattr", "-i", folder.path]) }
        try body()
    }

    static func withTmpfs(at folder: URL, _ body: () throws -> Void) throws {
        guard run(["mount", "-t", "tmpfs", "none", folder.path]) else { throw CocoaError(.fileWriteNoPermission) }
        defer { _ = run(["umount", "-l", folder.path]) }
        try body()
    }
}
