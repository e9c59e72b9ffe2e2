import Archiver
import ArchiverTesting
import Foundation
import Testing

// This target is built with an app's settings (default isolation MainActor, inferred isolated
// conformances, nonisolated(nonsending) by default), so the types below are main-actor types
// unless they say otherwise, as a new Xcode 26 app's are.

/// A main-actor model, declared as the articles declare their models: nothing about isolation.
struct Tag: Equatable { let id: Int; let name: String }
extension Tag: KeyMapped, Archivable {
    static var archiver: Archiver { TemporaryArchiver.current ?? Archiver(archiveDirectoryURL: nil) }
    static let keyMap = KeyMap(Tag.init, [.property(\.name, default: "untitled")])
}

struct AppTargetTests {
    @Test func aMainActorModelDecodesStoresAndLoadsOnTheMainActor() throws {
        try TemporaryArchiver.with { archiver in
            let tag = try #require(Tag(responseObject: ["id": 3]))
            #expect(tag == Tag(id: 3, name: "untitled"))
            try tag.store()
            #expect(try Tag.load(resourceID: 3)?.name == "untitled")
            #expect(try Tag.storedResourceIDs() == [3])
        }
    }

    @Test func aNonisolatedModelIsUsedFromADetachedTaskAndAnotherThread() async throws {
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        let archiver = temporary.archiver
        let id = UUID()
        let stored = try await Task.detached {
            #expect(!Thread.isMainThread)
            let sighting = try Sighting.decode(responseObject: ["id": id.uuidString, "species": "Puffin"])
            try sighting.store(in: archiver)
            return sighting
        }.value
        #expect(stored == Sighting(id: id, species: "Puffin", count: 1))

        let loaded: Sighting? = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try Sighting.load(resourceID: id, in: archiver) })
            }
        }
        #expect(loaded == stored)
        #expect(try Sighting.storedResourceIDs(in: archiver) == [id])
    }

    /// README's quick start, built with these settings as the ArchiverQuickStart executable, runs
    /// and prints what its comments say.
    @Test func theReadmeQuickStartRuns() throws {
        let binary = try #require(Self.executable(named: "ArchiverQuickStart"), "build it with `swift build --build-tests`")
        let caches = FileManager.default.temporaryDirectory.appendingPathComponent("QuickStart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: caches) }
        let process = Process()
        process.executableURL = binary
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = caches.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.components(separatedBy: "\n") == [
            #"4 ["soup", "lunch"] 1"#,
            "true",
            #"Review.id: expected Int, found String "two""#,
            "",
        ])
    }

    /// An executable SwiftPM built beside this test bundle.
    static func executable(named name: String) -> URL? {
        var candidates: [URL] = []
        for executable in [CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }, Bundle.main.executableURL].compactMap({ $0 }) {
            var directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent(name))
                directory.deleteLastPathComponent()
            }
        }
        candidates.append(MigrationDocumentTests.packageRoot.appendingPathComponent(".build/debug/" + name))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
