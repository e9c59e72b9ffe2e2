import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// Volumes that fold case (macOS's default APFS): ids that differ in any way keep two files, and
/// no fallback to a 0.6 name reads, moves or deletes a file that is another id's.
///
/// Each scenario runs twice: through the file layer's seam that folds case (every run, any file
/// system), and on a real case-folding file system, a FUSE passthrough (Scripts/casefold-fuse.py),
/// where /dev/fuse, fusermount and fusepy are there (.ci/run installs them).
struct CaseFoldingVolumeTests {
    /// Runs `body` with an archiver whose archive directory is `archives`, bound for the test
    /// types; with `hooks`, one made for a test.
    static func with(_ archives: URL, hooks: TestHooks?, _ body: () throws -> Void) throws {
        try TemporaryArchiver.$current.withValue(Archiver(archiveDirectoryURL: archives, testHooks: hooks)) { try body() }
    }

    /// Plants the file Archiver 0.6 wrote for `note`: its raw id as the name.
    static func plantZeroSixFile(_ note: Note, in archives: URL) throws {
        try LegacyFileNameTests.layOut([note], in: archives.appendingPathComponent("Note"))
    }

    /// The scenarios, in the archive directory `archives` on a volume that folds case.
    static func scenarios(in archives: URL, hooks: TestHooks? = nil) throws {
        // Base-62 ids that differ only in case.
        try with(archives, hooks: hooks) {
            try Note(id: "aB3", text: "first").store()
            try Note(id: "Ab3", text: "second").store()
            #expect(try Note.load(resourceID: "aB3")?.text == "first")
            #expect(try Note.load(resourceID: "Ab3")?.text == "second")
            #expect(try Note.storedResourceIDs() == ["Ab3", "aB3"])
            try Note.delete(resourceID: "aB3")
            #expect(try Note.load(resourceID: "Ab3")?.text == "second")
            #expect(try Note.load(resourceID: "aB3") == nil)
        }
        // 0.6's raw name for `a%2fb` is, ignoring case, today's file of `a/b`.
        try with(archives, hooks: hooks) {
            let slash = Note(id: "a/b", text: "slash")
            try slash.store()
            #expect(try Note.load(resourceID: "a%2fb") == nil)
            try Note(id: "a%2fb", text: "percent").store()
            #expect(try Note.load(resourceID: "a/b") == slash)
            #expect(try Note.load(resourceID: "a%2fb")?.text == "percent")
            try Note.delete(resourceID: "a%2fb")
            #expect(try Note.load(resourceID: "a/b") == slash)
        }
        // A 0.6 file whose name folds onto today's name of another id is not that id's.
        let zeroSix = Note(id: "x%2fy", text: "from 0.6")
        try plantZeroSixFile(zeroSix, in: archives)
        try with(archives, hooks: hooks) {
            #expect(try Note.load(resourceID: "x/y") == nil)
            #expect(try Note.load(resourceID: "x%2fy") == zeroSix)
            try Note(id: "x/y", text: "today").store()
            #expect(try Note.load(resourceID: "x%2fy") == zeroSix)
            #expect(try Note.load(resourceID: "x/y")?.text == "today")
            #expect(Set(try Note.storedResourceIDs()).isSuperset(of: ["x/y", "x%2fy"]))
        }
        // A 0.6 app's upper-case UUID text, and a lower-case one that is another id.
        let upper = Note(id: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", text: "upper, from 0.6")
        try plantZeroSixFile(upper, in: archives)
        try with(archives, hooks: hooks) {
            #expect(try Note.load(resourceID: upper.id.lowercased()) == nil)
            #expect(try Note.load(resourceID: upper.id) == upper)
            try Note(id: upper.id.lowercased(), text: "lower").store()
            #expect(try Note.load(resourceID: upper.id) == upper)
            #expect(try Note.load(resourceID: upper.id.lowercased())?.text == "lower")
        }
    }

    @Test func throughTheFileLayerSeamThatFoldsCase() throws {
        try TemporaryArchiver.with { archiver throws in
            let archives = try #require(archiver.archiveDirectoryURL)
            try Self.scenarios(in: archives, hooks: TestHooks(foldsCase: true))
        }
    }

    @Test(.enabled(if: CaseFoldingMount.isAvailable, "needs /dev/fuse, fusermount and python3's fusepy (apt-get install libfuse2 fuse; pip install fusepy)"))
    func onACaseFoldingFileSystem() throws {
        try CaseFoldingMount.with { mount in
            let archives = mount.appendingPathComponent("com.Test.archives")
            #expect(FileIO.foldsCase(mount.appendingPathComponent("probe").path) == nil)
            try FileManager.default.createDirectory(at: archives, withIntermediateDirectories: true)
            #expect(FileIO.foldsCase(archives.path) == true)
            try Self.scenarios(in: archives)
        }
    }

    @Test func aVolumeThatKeepsCaseIsToldFromOneThatFoldsIt() throws {
        try TemporaryArchiver.with { archiver throws in
            let archives = try #require(archiver.archiveDirectoryURL)
            try FileManager.default.createDirectory(at: archives, withIntermediateDirectories: true)
            #expect(FileIO.foldsCase(archives.path) == false)
            try Note(id: "aB3", text: "x").store()
            #expect(try archiver.fileURL(for: Note.self, resourceID: "aB3").lastPathComponent == "aB3.plist")
        }
    }
}

/// A case-folding FUSE file system (Scripts/casefold-fuse.py) mounted for one test.
enum CaseFoldingMount {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Scripts/casefold-fuse.py").standardized

    static let isAvailable: Bool = {
        #if os(Linux)
        guard access("/dev/fuse", R_OK | W_OK) == 0, Privileges.run(["which", "fusermount"]),
              Privileges.run(["python3", "-c", "import fuse"]) else { return false }
        return (try? with { _ in }) != nil
        #else
        return false
        #endif
    }()

    static func with(_ body: (URL) throws -> Void) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("casefold-\(UUID().uuidString)")
        let backing = base.appendingPathComponent("backing"), mount = base.appendingPathComponent("mount")
        try FileManager.default.createDirectory(at: backing, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, backing.path, mount.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            _ = Privileges.run(["fusermount", "-u", mount.path])
            process.waitUntilExit()
        }
        var mounted = stat(), parent = stat()
        for _ in 0 ..< 100 {
            if stat(mount.path, &mounted) == 0, stat(base.path, &parent) == 0, mounted.st_dev != parent.st_dev { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard mounted.st_dev != parent.st_dev else { throw CocoaError(.fileReadUnknown) }
        try body(mount)
    }
}
