import Foundation
import Testing
@testable import Archiver
@testable import ArchiverCrashWriter

/// A writer killed with SIGKILL at any moment leaves every file the old or the new whole
/// archive, loses nothing it had finished, and leaves at most orphan temporary files in the
/// staging folder.
@Suite(.serialized)
struct CrashSafetyTests {
    @Test func writersKilledAtRandomMomentsLeaveOnlyWholeArchives() async throws {
        guard let writer = Self.crashWriterURL() else {
            Issue.record("""
                ArchiverCrashWriter not found next to the test bundle (\(CommandLine.arguments.first ?? "?")) \
                nor in .build/debug; build it with `swift build --build-tests` or set ARCHIVER_CRASH_WRITER
                """)
            return
        }
        let seed = SeededGenerator.seed(default: 0xC2A5_4ED1)
        var random = SeededGenerator(seed: seed)
        let rounds = Reliability.scale(25, stress: 400)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ArchiverCrashTests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let archiver = Archiver(archiveDirectoryURL: directory)
        let folder = try archiver.directoryURL(for: CrashValue.self)
        let staging = directory.appendingPathComponent(".staging", isDirectory: true)
        let expectedNames = try Self.expectedFileNames(archiver)

        var lastRevision: [String: Int] = [:]
        var kills = 0, wholeFiles = 0, orphans = 0, killsMidWrite = 0, torn = 0, lost = 0, finishedStores = 0
        for round in 0..<rounds {
            // Each writer starts a million revisions above the last, so revisions only grow.
            let process = Process()
            process.executableURL = writer
            process.arguments = [directory.path, String(round * 1_000_000)]
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let ready = output.fileHandleForReading.availableData
            let delay = UInt32.random(in: 0..<300_000, using: &random)
            if !ready.isEmpty { usleep(delay) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // What the writer reported finished before it died: each file must be at least that.
            let printed = String(decoding: ready + output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            var finished: [String: Int] = [:]
            for line in printed.split(separator: "\n") where line.hasPrefix("stored ") {
                let fields = line.split(separator: " ", maxSplits: 2)
                guard fields.count == 3, let revision = Int(fields[1]) else { continue }
                finished[String(fields[2]), default: 0] = max(finished[String(fields[2]), default: 0], revision)
                finishedStores += 1
            }
            guard process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL else {
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                Issue.record("seed \(seed) round \(round): the writer exited with \(process.terminationStatus) before it was killed: \(message)")
                return
            }
            kills += 1

            // Only archive files and hashed ids' id files in the type folder, nothing half-made.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let strangers = names.filter { !expectedNames.contains($0) }
            #expect(strangers.isEmpty, "seed \(seed) round \(round): \(strangers)")
            // The staging folder holds at most the temporary file the writer was killed writing.
            let staged = (try? FileManager.default.contentsOfDirectory(atPath: staging.path)) ?? []
            #expect(staged.allSatisfy { $0.hasSuffix(".tmp") }, "seed \(seed) round \(round): \(staged)")
            if staged.count > orphans { killsMidWrite += 1 }
            orphans = staged.count

            for id in CrashValue.ids {
                do throws(ArchiverError) {
                    // `init?(archive:)` accepts only a payload that matches its revision.
                    let value = try CrashValue.load(resourceID: id, in: archiver)
                    if let value {
                        wholeFiles += 1
                        #expect(value.revision >= lastRevision[id, default: 0], "seed \(seed) round \(round): \(id) went back")
                        if value.revision < finished[id, default: 0] { lost += 1 }
                        lastRevision[id] = value.revision
                    } else if lastRevision[id] != nil || finished[id] != nil {
                        lost += 1
                    }
                } catch {
                    torn += 1
                    Issue.record("seed \(seed) round \(round): \(id) is not whole: \(error)")
                }
            }
            #expect(lost == 0, "seed \(seed) round \(round): a finished store was lost")
        }

        // The folder is still usable: the next store and load work.
        for id in CrashValue.ids {
            let value = CrashValue(id: id, revision: Int.max / 2)
            try value.store(in: archiver)
            #expect(try CrashValue.load(resourceID: id, in: archiver)?.revision == value.revision)  // `==` compares ids only
        }
        Reliability.report("crash", [
            "kills": kills, "kills_mid_write": killsMidWrite, "finished_stores": finishedStores, "whole_files_checked": wholeFiles,
            "torn": torn, "lost": lost,
            "orphan_tmp_files": orphans, "seed": seed,
        ])
        #expect(kills == rounds)
    }

    /// The names `CrashValue.ids` map to in their folder: an archive each, and an id file for hashed ones.
    private static func expectedFileNames(_ archiver: Archiver) throws -> Set<String> {
        var names: Set<String> = []
        for id in CrashValue.ids {
            let url = try archiver.fileURL(for: CrashValue.self, resourceID: id)
            names.insert(url.lastPathComponent)
            names.insert(url.deletingPathExtension().appendingPathExtension(ArchiveFileName.identifierExtension).lastPathComponent)
        }
        return names
    }

    /// The writer SwiftPM built beside this test bundle (the test target depends on it).
    static func crashWriterURL() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [URL] = []
        if let path = environment["ARCHIVER_CRASH_WRITER"] { candidates.append(URL(fileURLWithPath: path)) }
        for executable in [CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }, Bundle.main.executableURL].compactMap({ $0 }) {
            // …/debug/ArchiverPackageTests.xctest, or on Apple platforms …/debug/X.xctest/Contents/MacOS/X
            var directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("ArchiverCrashWriter"))
                directory.deleteLastPathComponent()
            }
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/ArchiverCrashWriter"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
