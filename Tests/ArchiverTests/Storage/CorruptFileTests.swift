import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// An unreadable file is a miss for the 0.6 API and a typed error for the throwing one, and
/// never disturbs another id.
struct CorruptFileTests {
    private func writeRaw(_ bytes: Data, id: String, archiver: Archiver) throws -> URL {
        let url = try archiver.fileURL(for: Note.self, resourceID: id)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
        return url
    }

    private func expectCorrupt(_ id: String, reason: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Note(resourceID: id) == nil, sourceLocation: sourceLocation)
        do {
            let loaded = try Note.load(resourceID: id)
            Issue.record("loaded \(String(describing: loaded)) from a corrupt file", sourceLocation: sourceLocation)
        } catch {
            switch error {
            case .corruptFile(let type, let errorID, _, let errorReason):
                #expect(type == "Note" && errorID == id, sourceLocation: sourceLocation)
                if let reason { #expect(errorReason == reason, sourceLocation: sourceLocation) }
            case .decodingFailed(let type, let errorID, _, _):
                #expect(type == "Note" && errorID == id, sourceLocation: sourceLocation)
            default:
                Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func emptyForeignAndWrongRootFilesAreMisses() async throws {
        try TemporaryArchiver.with { archiver throws in
            let neighbour = Note(id: "neighbour", text: "intact", revision: 7)
            try neighbour.store()

            _ = try writeRaw(Data(), id: "empty", archiver: archiver)
            expectCorrupt("empty", reason: "is empty")
            _ = try writeRaw(Data("hello, world".utf8), id: "text", archiver: archiver)
            expectCorrupt("text")
            _ = try writeRaw(Data("{\"id\": \"json\"}".utf8), id: "json", archiver: archiver)
            expectCorrupt("json")
            let arrayRoot = try PropertyListSerialization.data(fromPropertyList: [1, 2], format: .binary, options: 0)
            _ = try writeRaw(arrayRoot, id: "array", archiver: archiver)
            expectCorrupt("array", reason: "root is not a dictionary")
            let stringRoot = try PropertyListSerialization.data(fromPropertyList: "just a string", format: .binary, options: 0)
            _ = try writeRaw(stringRoot, id: "string", archiver: archiver)
            expectCorrupt("string")
            _ = try writeRaw(Data("bplist00".utf8), id: "header", archiver: archiver)
            expectCorrupt("header")

            #expect(try Note.load(resourceID: "neighbour") == neighbour)
            var failures: [ArchiverError] = []
            #expect(try Note.loadAll(in: archiver, failures: &failures) == [neighbour])
            #expect(failures.count == 6)
        }
    }

    @Test func aDirectoryWhereTheFileShouldBeIsAMiss() async throws {
        try TemporaryArchiver.with { archiver throws in
            let url = try archiver.fileURL(for: Note.self, resourceID: "folder")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            expectCorrupt("folder", reason: "is not a regular file (a folder, link or device)")
        }
    }

    @Test func everyTruncationOfAValidFileIsAMiss() async throws {
        try TemporaryArchiver.with { archiver throws in
            let note = Note(id: "whole", text: String(repeating: "text ", count: 20), revision: 1)
            let bytes = try Data(contentsOf: try note.store())
            for length in 0..<bytes.count {
                _ = try writeRaw(bytes.prefix(length), id: "cut", archiver: archiver)
                expectCorrupt("cut")
            }
            #expect(try Note.load(resourceID: "whole") == note)
        }
    }

    @Test func randomAndBitFlippedFilesNeverCrash() async throws {
        let seed = SeededGenerator.seed(default: 0x5EED_F11E)
        var random = SeededGenerator(seed: seed)
        try TemporaryArchiver.with { archiver throws in
            let note = Note(id: "whole", text: "bits", revision: 1)
            let valid = try Data(contentsOf: try note.store())
            for round in 0..<300 {
                var bytes: Data
                if round.isMultiple(of: 2) {
                    bytes = Data((0..<Int.random(in: 0..<200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
                    if round.isMultiple(of: 4) { bytes = Data("bplist00".utf8) + bytes }
                } else {
                    bytes = valid
                    for _ in 0..<Int.random(in: 1...4, using: &random) {
                        let index = Int.random(in: 0..<bytes.count, using: &random)
                        bytes[index] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
                    }
                }
                _ = try writeRaw(bytes, id: "fuzzed", archiver: archiver)
                // Either a miss or, if the flip left a valid archive, a value: never a crash.
                do throws(ArchiverError) {
                    _ = try Note.load(resourceID: "fuzzed")
                } catch {
                    switch error {
                    case .corruptFile, .decodingFailed: break
                    default: Issue.record("seed \(seed) round \(round): unexpected \(error)")
                    }
                }
            }
            #expect(try Note.load(resourceID: "whole") == note, "seed \(seed)")
        }
    }

    @Test func filesOverTheSizeLimitAreNotRead() async throws {
        try TemporaryArchiver.with { archiver throws in
            let note = Note(id: "big", text: String(repeating: "x", count: 10_000))
            let url = try note.store()
            archiver.limits.maximumFileSize = 1_000
            #expect(Note(resourceID: "big") == nil)
            do throws(ArchiverError) {
                _ = try Note.load(resourceID: "big")
                Issue.record("read a file over the limit")
            } catch {
                guard case .fileTooLarge(_, _, let file, let size, let limit) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(file == url && limit == 1_000 && size > 10_000)
            }
        }
    }
}
