import Foundation
import Testing
@testable import ArchiverMigrate

/// The command line: diagnostics and exit status, `--write` and its refusals, `--force`.
struct MigrateCommandTests {
    struct Run {
        let status: MigrateCommand.Status
        let output: String
        let errors: String
    }

    func run(_ arguments: String..., in folder: TemporaryFolder) -> Run {
        var output = "", errors = ""
        let status = MigrateCommand.run(arguments, in: folder.url, output: { output += $0 }, errors: { errors += $0 })
        return Run(status: status, output: output, errors: errors)
    }

    static let convertible = """
    import Archiver

    struct Tag {
        let name: String
    }

    extension Tag: Serializable {
        init?(responseObject: ResponseObject) {
            guard let name = responseObject["name"] as? String else { return nil }
            self.name = name
        }
    }

    """

    // MARK: Diagnostics

    /// A file with custom initializer logic, a computed key and a property set from two keys:
    /// each is reported with its line and the reason, left as it was, and the exit status says so.
    @Test func whatCannotBeConvertedIsReportedByLineAndLeftInPlace() throws {
        let folder = try TemporaryFolder()
        let source = try Fixtures.text("Fixtures/Diagnostics/Unconvertible.swift")
        try folder.write(source, to: "Unconvertible.swift")
        let result = run("Unconvertible.swift", in: folder)
        #expect(result.status == .leftInPlace)
        let lines = result.errors.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"Unconvertible.swift:16: left in place: Profile: a property set from 2 keys: `"\(responseObject["first_name"] as? String ?? "") \(responseObject["last_name"] as? String ?? "")"`"#))
        #expect(lines.contains(#"Unconvertible.swift:29: left in place: Photo: a computed key: `"url_" + photoSize`; a key map's keys are constants"#))
        #expect(lines.contains("Unconvertible.swift:41: left in place: Account: custom logic in the initializer: `id.lowercased()`"))
        #expect(lines.last == "archiver-migrate: 1 type converted (Tag), 3 left in place")

        // The types left in place are untouched: the diff only replaces Tag's conformance.
        let removed = result.output.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }
        #expect(removed.count == 5)
        #expect(removed.allSatisfy { !$0.contains("Profile") && !$0.contains("Photo") && !$0.contains("Account") })
        #expect(result.output.contains("+    static let keyMap = KeyMap(Tag.init)"))
    }

    @Test func everythingConvertedExitsWithZero() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.convertible, to: "Tag.swift")
        let result = run("Tag.swift", in: folder)
        #expect(result.status == .converted)
        #expect(result.output.hasPrefix("--- a/Tag.swift\n+++ b/Tag.swift\n@@ "))
        #expect(try folder.read("Tag.swift") == Self.convertible, "without --write the file is not touched")
    }

    @Test func aFileThatDoesNotParseIsNeverWritten() throws {
        let folder = try TemporaryFolder()
        let broken = Self.convertible + "\nstruct Broken {\n    let x: = 3\n"
        try folder.write(broken, to: "Tag.swift")
        let result = run("--write", "--force", "Tag.swift", in: folder)
        #expect(result.status == .leftInPlace)
        #expect(result.errors.contains("Tag.swift:15: left in place: cannot parse the file, so nothing in it is changed"))
        #expect(try folder.read("Tag.swift") == broken)
        #expect(result.output.isEmpty)
    }

    // MARK: --write

    @Test func writeRewritesACommittedFile() throws {
        let folder = try TemporaryFolder()
        try folder.git("init", "-q")
        try folder.write(Self.convertible, to: "Tag.swift")
        try folder.git("add", "Tag.swift")
        try folder.git("commit", "-q", "-m", "Tag")
        let result = run("--write", "Tag.swift", in: folder)
        #expect(result.status == .converted)
        let written = try folder.read("Tag.swift")
        #expect(written.contains("extension Tag: KeyMapped {\n    static let keyMap = KeyMap(Tag.init)\n}"))
        #expect(!written.contains("init?(responseObject:"))
        #expect(try folder.git("diff", "--stat").contains("Tag.swift"), "git can give the file back")
    }

    @Test func writeRefusesAFileWithUncommittedChangesUnlessForced() throws {
        let folder = try TemporaryFolder()
        try folder.git("init", "-q")
        try folder.write(Self.convertible, to: "Tag.swift")
        try folder.git("add", "Tag.swift")
        try folder.git("commit", "-q", "-m", "Tag")
        let edited = Self.convertible + "// an edit not yet committed\n"
        try folder.write(edited, to: "Tag.swift")

        let refused = run("--write", "Tag.swift", in: folder)
        #expect(refused.status == .leftInPlace)
        #expect(refused.errors.contains("Tag.swift: not written: it has uncommitted changes; commit or stash it first, or pass --force"))
        #expect(try folder.read("Tag.swift") == edited)

        let forced = run("--write", "--force", "Tag.swift", in: folder)
        #expect(forced.status == .converted)
        let written = try folder.read("Tag.swift")
        #expect(written.contains("static let keyMap = KeyMap(Tag.init)"))
        #expect(written.hasSuffix("// an edit not yet committed\n"))
    }

    @Test func writeRefusesAFileGitDoesNotHold() throws {
        let folder = try TemporaryFolder()
        try folder.git("init", "-q")
        try folder.write(Self.convertible, to: "Tag.swift")
        let untracked = run("--write", "Tag.swift", in: folder)
        #expect(untracked.status == .leftInPlace)
        #expect(untracked.errors.contains("Tag.swift: not written: it is not committed to git"))
        #expect(try folder.read("Tag.swift") == Self.convertible)
    }

    @Test func writeRefusesAFileGitIgnores() throws {
        let folder = try TemporaryFolder()
        try folder.git("init", "-q")
        try folder.write("Tag.swift\n", to: ".gitignore")
        try folder.write(Self.convertible, to: "Tag.swift")
        let ignored = run("--write", "Tag.swift", in: folder)
        #expect(ignored.status == .leftInPlace)
        #expect(ignored.errors.contains("Tag.swift: not written: it is not committed to git"))
        #expect(try folder.read("Tag.swift") == Self.convertible)
    }

    @Test func writeRefusesAFileOutsideGit() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.convertible, to: "Tag.swift")
        let result = run("--write", "Tag.swift", in: folder)
        #expect(result.status == .leftInPlace)
        #expect(result.errors.contains("Tag.swift: not written: it is not in a git repository"))
        #expect(try folder.read("Tag.swift") == Self.convertible)
    }

    /// The printed diff is a patch `git apply` takes, and applying it gives what `--write` writes.
    @Test func thePrintedDiffAppliesWithGit() throws {
        let folder = try TemporaryFolder()
        try folder.git("init", "-q")
        let names = Fixtures.before.map(\.key)
        for name in names {
            try folder.write(try Fixtures.text("Fixtures/Before/\(name)"), to: name)
        }
        try folder.git("add", ".")
        try folder.git("commit", "-q", "-m", "Before")
        var patch = ""
        let status = MigrateCommand.run(names, in: folder.url, output: { patch += $0 }, errors: { _ in })
        #expect(status == .leftInPlace, "the Coding classes that archiveSessions(_:) uses are kept")
        try folder.write(patch, to: "migration.patch")
        try folder.git("apply", "migration.patch")
        for name in names {
            #expect(try folder.read(name) == Fixtures.text("Fixtures/Converted/\(name)"), "\(name)")
        }
        try folder.git("checkout", "--", ".")
        let alone = run("--write", "User.swift", in: folder)
        #expect(alone.status == .converted)
        #expect(alone.errors.contains("User.swift:19: note: User holds Review, which is not among the files given: Review must be key-mapped too (or declare KeyMapValue) for this key map to compile"))
        #expect(try folder.read("User.swift") == Fixtures.text("Fixtures/Converted/User.swift"))
    }

    // MARK: Arguments

    @Test func badArgumentsExitWithTwo() throws {
        let folder = try TemporaryFolder()
        #expect(run(in: folder).status == .usage)
        #expect(run("--frobnicate", "A.swift", in: folder).status == .usage)
        #expect(run("--force", "A.swift", in: folder).status == .usage)
        #expect(run("Missing.swift", in: folder).errors.contains("Missing.swift: no such Swift file or folder"))
        #expect(run("--help", in: folder).output.hasPrefix("usage: archiver-migrate"))
    }

    @Test func aFolderIsReadWithItsSubfolders() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("Models/Nested"), withIntermediateDirectories: true)
        try folder.write(Self.convertible, to: "Models/Nested/Tag.swift")
        let result = run("Models", in: folder)
        #expect(result.status == .converted)
        #expect(result.output.hasPrefix("--- a/Models/Nested/Tag.swift"))
    }

    /// The executable passes the command's status on as its exit status.
    @Test func theExecutableExitsWithTheStatus() throws {
        let executable = try #require(Self.executableURL(), "archiver-migrate not found next to the test bundle")
        let folder = try TemporaryFolder()
        try folder.write(try Fixtures.text("Fixtures/Diagnostics/Unconvertible.swift"), to: "Unconvertible.swift")
        try folder.write(Self.convertible, to: "Tag.swift")
        for (file, expected) in [("Unconvertible.swift", Int32(1)), ("Tag.swift", 0)] {
            let process = Process()
            process.executableURL = executable
            process.arguments = [file]
            process.currentDirectoryURL = folder.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == expected, "\(file)")
        }
    }

    /// An archive reader that requires a key the server's reader defaults: a key map's archives
    /// would fall back to the server's default, so the tool leaves the type as it was, reports
    /// the line, and the executable exits 1.
    @Test func aRuleOfOneDoorTheKeyMapCannotSayExitsNonZeroWithItsLine() throws {
        let executable = try #require(Self.executableURL(), "archiver-migrate not found next to the test bundle")
        let folder = try TemporaryFolder()
        let source = """
        import Archiver

        struct Shop {
            let id: String
            let year: Int
        }

        extension Shop: Serializable, ArchiveRepresentable {
            init?(responseObject: ResponseObject) {
                guard let id = responseObject["id"] as? String else { return nil }
                self.init(id: id, year: responseObject["year"] as? Int ?? 1970)
            }

            var archiveValue: Archive { ["id": id, "year": year] }

            init?(archive: Archive) {
                guard let id = archive["id"] as? String,
                      let year = archive["year"] as? Int else { return nil }
                self.init(id: id, year: year)
            }
        }

        """
        try folder.write(source, to: "Shop.swift")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--write", "--force", "Shop.swift"]
        process.currentDirectoryURL = folder.url
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(text.contains("Shop.swift:18: left in place: Shop.year: responses default to 1970 but archives refuse a missing key"), "\(text)")
        #expect(text.contains("0 types converted, 1 left in place"), "\(text)")
        #expect(try folder.read("Shop.swift") == source)
    }

    static func executableURL() -> URL? {
        let candidates = [CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }, Bundle.main.executableURL].compactMap { $0 }
        for start in candidates {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let url = directory.appendingPathComponent("archiver-migrate")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
                directory = directory.deletingLastPathComponent()
            }
        }
        return nil
    }
}
