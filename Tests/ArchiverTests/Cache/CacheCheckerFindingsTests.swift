import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// Defects of the size limit the model-based checker (Reliability/ModelBasedCacheTests.swift)
/// found that issue 29 did not list, each reduced to the few calls that show it.
struct CacheCheckerFindingsTests {
    static func note(_ id: String) -> Note { Note(id: id, text: String(repeating: "x", count: 1_000)) }

    /// The documentation orders the size limit's removals by the values "loaded or stored longest
    /// ago": a load the memory layer serves is a load, so the value an app reads most is the last
    /// to go, not the first.
    @Test(arguments: [false, true])
    func aLoadServedFromMemoryCountsAsAUseForTheSizeLimit(inBackground: Bool) async throws {
        try await TemporaryArchiver.with { archiver async throws in
            let size = try CacheRound4Tests.noteSize(in: archiver)
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            archiver.maximumTotalSize = size * 2 + size / 2  // room for two
            try Self.note("read").store()
            #expect(try Note.load(resourceID: "read") != nil)  // from the file, remembered
            try Self.note("stored").store()
            archiver.waitForTrims()
            // From memory: no file is opened, and the value is used after "stored" was.
            let again = inBackground ? try await Note.loadInBackground(resourceID: "read") : try Note.load(resourceID: "read")
            #expect(again != nil)
            try Self.note("new").store()
            archiver.waitForTrims()
            #expect(try Note.storedResourceIDs().sorted() == ["new", "read"])
        }
    }

    /// A value remembered from a 0.6-named file (`007.plist`) that another archiver on the folder
    /// has since replaced under today's name (`7.plist`) is still served from memory, as the
    /// documentation allows: that load is a use of the id's archive, the file that holds it now,
    /// so the size limit removes a value used longer ago first. Found by the model checker
    /// (seed 1346324779348943088) as `[lru] the size limit removed 0.0 … but kept 7 …, used before
    /// it`: the use was noted against the gone 0.6 file, and the new file counted from its date.
    @Test func aLoadFromMemoryOfAValueReadUnderItsZeroSixNameIsAUseOfTheFileThatHoldsItNow() throws {
        typealias Counter = OneIdOneFileTests.Counter
        try TemporaryArchiver.with { archiver in
            try OneIdOneFileTests.plant(["id": 7, "text": "padded"], as: "007", for: Counter.self, in: archiver)
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            archiver.maximumTotalSize = 1 << 30
            #expect(try Counter.load(resourceID: 7, in: archiver)?.text == "padded")  // from 007.plist, remembered
            let other = Archiver(archiveDirectoryURL: archiver.archiveDirectoryURL)
            let folder = try archiver.directoryURL(for: Counter.self)
            try Counter(id: 7, text: "padded").store(in: other)
            try Counter(id: 8, text: "padded").store(in: other)
            #expect(filesBelow(folder) == ["7.plist", "8.plist"])  // 007.plist replaced
            // 7 was written before 8, and this archiver has used neither since they were written.
            let now = Date()
            try FileManager.default.setAttributes([.modificationDate: now - 3_600], ofItemAtPath: folder.appendingPathComponent("7.plist").path)
            try FileManager.default.setAttributes([.modificationDate: now - 1_800], ofItemAtPath: folder.appendingPathComponent("8.plist").path)
            #expect(try Counter.load(resourceID: 7, in: archiver)?.text == "padded")  // from memory: a use, after 8's store
            archiver.maximumTotalSize = try archiver.totalSize() - 1  // room for one of the two
            #expect(try archiver.trim() == 1)
            #expect(filesBelow(folder) == ["7.plist"])
        }
    }

    /// An id too long for a file name is stored under its hash with an `.id` file beside it: the
    /// store adds both to the folder, so both count toward the estimate that decides whether a
    /// trim is due, and the folder is back under the limit once the store's trim ends.
    @Test func aHashedIdsIdFileCountsTowardTheSizeLimit() throws {
        try TemporaryArchiver.with { archiver in
            let long = Self.note(String(repeating: "long-", count: 60))
            let url = try long.store()
            #expect(url.lastPathComponent.hasPrefix("%%"))  // hashed, with an `.id` file
            let archive = try #require(FileIO.attributes(of: url.path, hooks: nil)?.size)
            let identifier = try archiver.totalSize() - archive
            #expect(identifier > 100)
            try Note.deleteAll()
            let size = try CacheRound4Tests.noteSize(in: archiver)
            let limit = size + archive + identifier / 2  // room for the short note and the long one's archive, not its `.id` file
            archiver.maximumTotalSize = limit
            try Self.note("a").store()  // the first store measures the folder
            archiver.waitForTrims()
            #expect(try archiver.totalSize() == size)
            try long.store()
            archiver.waitForTrims()
            #expect(try archiver.totalSize() <= limit)
            #expect(try Note.storedResourceIDs() == [long.id])
        }
    }
}

extension CacheCheckerFindingsTests {
    /// Changes reach observers "in the order they were made": a store that takes the folder over
    /// the limit is made before the trim it schedules removes anything, so it is announced before
    /// that trim is even scheduled, and every observer hears the store first. (The trim waits at
    /// its start until the store has been announced, so the order does not depend on which thread
    /// runs first.)
    @Test func aStoreIsAnnouncedBeforeTheTrimItSchedulesRemovesAnything() throws {
        try withHookedArchiver { archiver in
            let size = try CacheRound4Tests.noteSize(in: archiver)
            archiver.maximumTotalSize = size + size / 2  // room for one
            try Self.note("old").store()
            archiver.waitForTrims()
            let announced = DispatchSemaphore(value: 0)
            let heard = Locked<[String]>([])
            let trimScheduledBeforeAnnouncement = Locked<Bool?>(nil)
            let token = observeSynchronously(Note.self, in: archiver) { change in
                heard.withLock { $0.append("\(change.kind) \(change.id ?? "")") }
                if change.kind == .stored, change.id == "new" {
                    trimScheduledBeforeAnnouncement.withLock { $0 = archiver.cache.evictions.wait(timeout: .now()) == .timedOut }
                    announced.signal()
                }
            }
            defer { archiver.cache.removeObserver(token) }
            archiver.testHooks!.onTrim = { moment in
                if moment == .started { _ = announced.wait(timeout: .now() + 10) }
            }
            defer { archiver.testHooks!.onTrim = nil }
            try Self.note("new").store()
            archiver.waitForTrims()
            #expect(trimScheduledBeforeAnnouncement.withLock { $0 } == false)
            #expect(heard.withLock { $0 } == ["stored new", "deleted old"])
        }
    }
}
