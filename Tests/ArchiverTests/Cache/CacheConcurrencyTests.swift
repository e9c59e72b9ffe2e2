import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// The memory layer, expiry and eviction with many tasks writing the same ids at once.
/// (In Scripts/tsan.sh's filter: the name ends in ConcurrencyTests.)
struct CacheConcurrencyTests {
    static func note(id: String, revision: Int) -> Note { ConcurrencyTests.note(id: id, revision: revision) }

    /// Loads racing stores never leave an old value in memory: after the race, each id's value
    /// from memory equals its file read without memory.
    @Test func aValueFromMemoryEqualsTheFileAfterRacingWrites() async throws {
        try await TemporaryArchiver.with { archiver async throws in
            archiver.memoryLimits = Archiver.MemoryLimits(count: 100, bytes: 16 << 20)
            let ids = (0..<4).map { "m\($0)" }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<6 {
                    group.addTask {
                        for operation in 0..<120 {
                            let id = ids[(task + operation) % ids.count]
                            switch (task + operation) % 5 {
                            case 0, 1: try Self.note(id: id, revision: task * 1_000 + operation).store(in: archiver)
                            case 2: try await Self.note(id: id, revision: task * 1_000 + operation).storeInBackground(in: archiver)
                            case 3: if let loaded = try await Note.loadInBackground(resourceID: id, in: archiver) { #expect(ConcurrencyTests.isWhole(loaded)) }
                            default: if let loaded = try Note.load(resourceID: id, in: archiver) { #expect(ConcurrencyTests.isWhole(loaded)) }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let disk = Archiver(archiveDirectoryURL: archiver.archiveDirectoryURL)
            for id in ids {
                let fromMemory = try Note.load(resourceID: id, in: archiver)
                #expect(fromMemory == (try Note.load(resourceID: id, in: disk)))
            }
        }
    }

    /// Removals by expiry racing stores of the same ids never remove what a store just wrote:
    /// each task's load right after its store finds a value.
    @Test func expiryNeverRemovesAnArchiveBeingWritten() async throws {
        try await TemporaryArchiver.with { archiver async throws in
            archiver.maximumAge = 3_600
            let ids = (0..<4).map { "e\($0)" }
            try await withThrowingTaskGroup(of: Void.self) { group in
                // One writer per id, so that only the removals race its store and its load.
                for (task, id) in ids.enumerated() {
                    group.addTask {
                        for operation in 0..<80 {
                            try Self.note(id: id, revision: task * 1_000 + operation).store(in: archiver)
                            let loaded = try? Note.load(resourceID: id, in: archiver)
                            #expect(loaded != nil, "a fresh store of \(id) was removed")
                            // Age it, so that the removals find it expired before its next store.
                            try? age(Note.self, id, by: 7_200)
                        }
                    }
                }
                group.addTask {
                    for _ in 0..<80 {
                        _ = try archiver.removeExpired()
                        for id in ids { _ = Note(resourceID: id) }
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    /// Eviction racing stores: every store succeeds, every load is whole, and once the writes
    /// stop the folder is trimmed under the limit.
    @Test func evictionRacingStoresKeepsArchivesWholeAndEndsUnderTheLimit() async throws {
        try await TemporaryArchiver.with { archiver async throws in
            let size = try Self.note(id: "probe", revision: 0).store(in: archiver)
            let fileSize = try #require(FileIO.attributes(of: size.path, hooks: nil)?.size)
            try Note.delete(resourceID: "probe", in: archiver)
            archiver.maximumTotalSize = fileSize * 5
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<4 {
                    group.addTask {
                        for operation in 0..<60 {
                            let id = "v\((task * 7 + operation) % 12)"
                            try Self.note(id: id, revision: operation).store(in: archiver)
                            if let loaded = try Note.load(resourceID: id, in: archiver) { #expect(ConcurrencyTests.isWhole(loaded)) }
                        }
                    }
                }
                try await group.waitForAll()
            }
            archiver.waitForTrims()
            try archiver.trimToSizeLimit()
            #expect(try archiver.totalSize() <= fileSize * 5 + fileSize / 10)
            for id in try Note.storedResourceIDs(in: archiver) {
                let loaded = try #require(try Note.load(resourceID: id, in: archiver))
                #expect(ConcurrencyTests.isWhole(loaded))
            }
        }
    }
}
