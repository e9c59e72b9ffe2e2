import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// The account whose folder ``AccountProfile`` uses, as an app that keeps one folder per
/// signed-in account names it.
let signedInAccount = Locked("alice")

/// A type whose folder follows the signed-in account.
struct AccountProfile: Archivable, Hashable {
    static var archiver: Archiver { testArchiver }
    static var directoryName: String { "Profile-" + signedInAccount.withLock { $0 } }
    let id: String
    let name: String
    var archiveValue: Archive { ["id": id, "name": name] }
    init(id: String, name: String) { self.id = id; self.name = name }
    init?(archive: Archive) {
        guard let id = archive["id"] as? String, let name = archive["name"] as? String else { return nil }
        self.init(id: id, name: name)
    }
    static func == (lhs: AccountProfile, rhs: AccountProfile) -> Bool { lhs.id == rhs.id && lhs.name == rhs.name }
}

/// The changes `stream` gives up to and including the next `.cleared`, which the test makes
/// last (a clear reaches every observer of a type), so that nothing waits on a timeout.
func changesUntilCleared<ID>(_ stream: AsyncStream<ArchiveChange<ID>>) async -> [ArchiveChange<ID>] {
    var seen: [ArchiveChange<ID>] = []
    for await change in stream {
        seen.append(change)
        if change == .cleared { break }
    }
    return seen
}

/// Calls `deliver` on the thread that makes each change to `type`'s folder, as it is announced.
func observeSynchronously<Value: Archivable>(
    _ type: Value.Type, in archiver: Archiver, _ deliver: @escaping @Sendable (CacheState.RawChange) -> Void
) -> UInt64 {
    archiver.cache.addObserver(CacheState.Observer(folder: archiver.folder(for: type).cachePath, id: nil, deliver: deliver))
}

/// Holds the first trim pass of `archiver` at `moment` while `meanwhile` runs: `trigger` must
/// make a store that schedules a trim. Returns once every trim has finished.
///
/// `archiver` must be made with test hooks (``withHookedArchiver(_:_:)``).
func holdingFirstTrim(
    of archiver: Archiver, at moment: TestHooks.TrimMoment, trigger: () throws -> Void, meanwhile: () throws -> Void
) throws {
    let reached = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
    let first = Locked(true)
    let hooks = try #require(archiver.testHooks, "holding a trim needs an archiver made with test hooks")
    hooks.onTrim = { at in
        guard at == moment, first.withLock({ first in defer { first = false }; return first }) else { return }
        reached.signal()
        release.wait()
    }
    defer {
        hooks.onTrim = nil
        release.signal()
        archiver.waitForTrims()
    }
    try trigger()
    try #require(reached.wait(timeout: .now() + 120) == .success, "the store scheduled no trim")
    try meanwhile()
}

/// Round 4 of the cache (issue 29): the memory layer keyed by folder and canonical id, one id
/// text for every form, forgetting before telling, eviction through the canonical id and by last
/// use, a limit kept once idle, no record kept per deleted id, future-dated files, a file that
/// holds another id, bounded change streams, and what another writer's changes do.
struct CacheRound4Tests {
    typealias Counter = OneIdOneFileTests.Counter
    typealias Reading = OneIdOneFileTests.Reading

    static func note(_ id: String, _ text: String = String(repeating: "x", count: 1_000)) -> Note { Note(id: id, text: text) }

    /// The size of one ``note(_:_:)`` file with a one-letter id.
    static func noteSize(in archiver: Archiver) throws -> Int {
        let url = try note("p").store()
        defer { try? Note.delete(resourceID: "p") }
        return try #require(FileIO.attributes(of: url.path, hooks: nil)?.size)
    }

    // MARK: 1. Another account's value

    @Test func theMemoryLayerNeverServesAValueOfAnotherFolder() async throws {
        try await TemporaryArchiver.with { archiver async throws in
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            signedInAccount.withLock { $0 = "alice" }
            try AccountProfile(id: "me", name: "Alice").store()
            #expect(try AccountProfile.load(resourceID: "me")?.name == "Alice")  // remembered
            signedInAccount.withLock { $0 = "bob" }
            #expect(try AccountProfile.load(resourceID: "me") == nil)
            #expect(try await AccountProfile.loadInBackground(resourceID: "me") == nil)
            #expect(AccountProfile(resourceID: "me") == nil)
            try AccountProfile(id: "me", name: "Bob").store()
            #expect(try AccountProfile.load(resourceID: "me")?.name == "Bob")
            signedInAccount.withLock { $0 = "carol" }
            #expect(try AccountProfile.load(resourceID: "me") == nil)
            signedInAccount.withLock { $0 = "alice" }
            #expect(try AccountProfile.load(resourceID: "me")?.name == "Alice")
        }
    }

    // MARK: 2. Two forms, two ids

    @Test func everyFormOfAnIdWithTwoSpellingsReachesItsOneFile() async throws {
        try await TemporaryArchiver.with { archiver async throws in
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            let folder = try archiver.directoryURL(for: Reading.self)
            let ofNegativeZero = Reading.changes(of: -0.0)
            let ofZero = Reading.changes(of: 0.0)
            try Reading(id: 0.0, text: "sync").store()
            try await Reading(id: -0.0, text: "background").storeInBackground()
            #expect(filesBelow(folder) == ["0.0.plist"])
            #expect(try Reading.load(resourceID: 0.0)?.text == "background")
            #expect(try await Reading.loadInBackground(resourceID: -0.0)?.text == "background")
            try Reading(id: -0.0, text: "sync again").store()
            #expect(try await Reading.loadInBackground(resourceID: -0.0)?.text == "sync again")
            try await Reading.deleteInBackground(resourceID: -0.0)
            #expect(filesBelow(folder) == [])
            #expect(try Reading.load(resourceID: 0.0) == nil)
            try Reading.deleteAll()
            let expected: [ArchiveChange<Double>] = [.stored(0.0), .stored(0.0), .stored(0.0), .deleted(0.0), .cleared]
            #expect(await changesUntilCleared(ofNegativeZero) == expected)
            #expect(await changesUntilCleared(ofZero) == expected)
        }
    }

    // MARK: 3. Stale after a change

    /// A load made as the change is announced (on the thread that made it) finds the new value.
    @Test func aLoadMadeWhenAChangeIsAnnouncedFindsTheChange() throws {
        try TemporaryArchiver.with { archiver in
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            try Note(id: "a", text: "v1").store()
            #expect(try Note.load(resourceID: "a")?.text == "v1")  // remembered
            let seen = Locked<[String?]>([])
            let token = observeSynchronously(Note.self, in: archiver) { _ in
                let text = Note(resourceID: "a")?.text
                seen.withLock { $0.append(text) }
            }
            defer { archiver.cache.removeObserver(token) }
            try Note(id: "a", text: "v2").store()
            #expect(try Note.load(resourceID: "a")?.text == "v2")  // remembered
            try Note.delete(resourceID: "a")
            #expect(seen.withLock { $0 } == ["v2", nil])
        }
    }

    /// With the memory layer on, an `ArchivedValue` shows each change: the reload it makes on a
    /// change finds the new value, not the one remembered before it.
    @MainActor
    @Test func anArchivedValueWithTheMemoryLayerShowsEachChange() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        let archiver = temporary.archiver
        archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
        try Note(id: "a", text: "v1").store(in: archiver)
        let model = ArchivedValue<Note>(resourceID: "a", in: archiver)
        #expect(await ObservationTests().waitUntil { model.value?.text == "v1" })
        try await Note(id: "a", text: "v2").storeInBackground(in: archiver)
        #expect(await ObservationTests().waitUntil { model.value?.text == "v2" })
        try await Note.deleteInBackground(resourceID: "a", in: archiver)
        #expect(await ObservationTests().waitUntil { model.value == nil })
    }

    // MARK: 4. Evicted but remembered

    @Test func anEvictedLegacyFileIsForgottenAndAnnouncedUnderItsId() async throws {
        try await TemporaryArchiver.with { archiver async throws in
            try OneIdOneFileTests.plant(["id": 7, "text": "padded"], as: "007", for: Counter.self, in: archiver)
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            #expect(try Counter.load(resourceID: 7)?.text == "padded")  // remembered
            let changes = Counter.changes(of: 7)
            archiver.maximumTotalSize = 1
            #expect(try archiver.trimToSizeLimit() == 1)
            #expect(filesBelow(try archiver.directoryURL(for: Counter.self)) == [])
            #expect(try Counter.load(resourceID: 7) == nil)
            try Counter.deleteAll()
            #expect(await changesUntilCleared(changes) == [.deleted(7), .cleared])
        }
    }

    // MARK: 8. The size limit removes the newest

    /// Stores made after a background trim began stay; the oldest goes, and once idle the
    /// folder holds the newest that fit.
    @Test func aBackgroundTrimNeverRemovesAValueStoredAfterItBegan() throws {
        try withHookedArchiver { archiver in
            let size = try Self.noteSize(in: archiver)
            archiver.maximumTotalSize = size + size / 2  // room for one
            try holdingFirstTrim(of: archiver, at: .started) {
                try Self.note("a").store()
            } meanwhile: {
                try Self.note("b").store()
                try Self.note("c").store()
            }
            #expect(try Note.storedResourceIDs() == ["c"])
        }
    }

    /// A file whose old modification date was ahead of the clock, stored again after the trim
    /// listed the folder, keeps its new value.
    @Test func aTrimNeverRemovesAValueStoredAfterItListedTheFolder() throws {
        try withHookedArchiver { archiver in
            let size = try Self.noteSize(in: archiver)
            try Self.note("x", String(repeating: "o", count: 1_000)).store()
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(3_600)],
                                                  ofItemAtPath: archiver.fileURL(for: Note.self, resourceID: "x").path)
            archiver.maximumTotalSize = size + size / 2  // room for one
            try holdingFirstTrim(of: archiver, at: .listed) {
                try Self.note("y").store()
            } meanwhile: {
                try Self.note("x", String(repeating: "n", count: 1_000)).store()
            }
            #expect(try Note.load(resourceID: "x")?.text == String(repeating: "n", count: 1_000))
            #expect(try archiver.totalSize() <= size + size / 2)
        }
    }

    // MARK: 9. Over the limit while idle

    @Test func storesMadeWhileATrimRunsAreTrimmedBeforeItEnds() throws {
        try withHookedArchiver { archiver in
            let size = try Self.noteSize(in: archiver)
            archiver.maximumTotalSize = size * 2 + size / 2  // room for two
            try holdingFirstTrim(of: archiver, at: .listed) {
                try Self.note("a").store()
            } meanwhile: {
                for id in ["b", "c", "d", "e"] { try Self.note(id).store() }
            }
            #expect(try archiver.totalSize() <= size * 2 + size / 2)
            #expect(try Note.storedResourceIDs() == ["d", "e"])
        }
    }

    // MARK: 11. A record per id ever stored

    @Test func deletedArchivesLeaveNoRecordOfTheirUse() async throws {
        try await TemporaryArchiver.with { archiver async throws in
            archiver.maximumTotalSize = 1 << 30
            var paths: [String] = []
            for index in 0..<40 {
                let url = try Note(id: "n\(index)", text: "x").store()
                _ = try Note.load(resourceID: "n\(index)")
                paths.append(url.path)
            }
            for index in 0..<10 { try Note.delete(resourceID: "n\(index)") }
            for index in 10..<20 { try await Note.deleteInBackground(resourceID: "n\(index)") }
            for index in 20..<30 { Note(id: "n\(index)", text: "x").deleteArchive() }
            #expect(paths.filter { archiver.cache.lastUse(of: $0) != nil }.count == 10)
            try Note.deleteAll()
            #expect(paths.filter { archiver.cache.lastUse(of: $0) != nil }.isEmpty)
            try Note(id: "again", text: "x").store()
            try archiver.removeAll()
            #expect(archiver.cache.lastUse(of: paths[0]) == nil)
            #expect(archiver.cache.useRecordCount == 0)
        }
    }

    // MARK: Seen, no reproduction: a file dated in the future

    /// A file dated in the future has the age of its distance from now: with no maximum age
    /// every archive has expired, and one dated further ahead than the maximum age has too.
    @Test func aFileDatedInTheFutureExpiresOnceItIsTheMaximumAgeAhead() throws {
        try TemporaryArchiver.with { archiver in
            func date(_ id: String, _ offset: TimeInterval) throws {
                try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(offset)],
                                                      ofItemAtPath: archiver.fileURL(for: Note.self, resourceID: id).path)
            }
            for id in ["ahead", "far", "near", "past"] { try Note(id: id, text: "x").store() }
            try date("ahead", 3_600)
            try date("far", 7_200)
            try date("near", 30)
            try date("past", -30)
            archiver.maximumAge = 0
            #expect(try Note.storedResourceIDs() == [])
            #expect(throws: ArchiverError.self) { try Note.load(resourceID: "ahead") }
            archiver.maximumAge = 60
            #expect(try Note.storedResourceIDs() == ["near", "past"])
            #expect(try archiver.trim() == 1)  // "far"; "ahead" went with its load
            #expect(try Note.load(resourceID: "near")?.text == "x")
            #expect(try Note.load(resourceID: "past")?.text == "x")
            try Note(id: "fresh", text: "x").store()
            archiver.maximumAge = 0
            #expect(Note(resourceID: "fresh") == nil)  // even one stored just now
        }
    }

    // MARK: Seen, no reproduction: a file that holds another id

    @Test func aFileHoldingTheValueOfAnotherIdIsRefused() throws {
        try TemporaryArchiver.with { archiver in
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            let two = try Note(id: "2", text: "two").store()
            try FileManager.default.copyItem(at: two, to: two.deletingLastPathComponent().appendingPathComponent("1.plist"))
            #expect {
                try Note.load(resourceID: "1")
            } throws: { error in
                guard case .corruptFile(_, let id, _, let reason)? = error as? ArchiverError else { return false }
                return id == "1" && reason.contains("\"2\"")
            }
            #expect(Note(resourceID: "1") == nil)
            var failures: [ArchiverError] = []
            #expect(try Note.loadAll(failures: &failures).map(\.id) == ["2"])
            #expect(failures.count == 1)
            #expect(try Note.load(resourceID: "2")?.text == "two")
        }
    }

    // MARK: Seen, no reproduction: a stream nobody reads

    @Test func aStreamNobodyReadsKeepsOnlyTheNewestChanges() async throws {
        try await TemporaryArchiver.with { archiver async throws in
            archiver.syncsToDisk = false
            let limit = changeBufferLimit
            let changes = Note.changes()
            for index in 0..<(limit + 44) { try await Note.deleteInBackground(resourceID: "n\(index)") }
            try Note.deleteAll()
            let seen = await changesUntilCleared(changes)
            #expect(seen.count == limit)
            #expect(seen.first == .deleted("n45"))
            #expect(seen.last == .cleared)
        }
    }

    // MARK: Another writer

    /// What another process writes is not seen by a value in memory until this archiver writes,
    /// deletes or clears it, it leaves the layer, or the layer is turned off; without the memory
    /// layer every load reads the file.
    @Test func anotherWritersChangesAreSeenOnlyOnceTheValueLeavesMemory() throws {
        try TemporaryArchiver.with { archiver in
            let other = Archiver(archiveDirectoryURL: archiver.archiveDirectoryURL)
            try Note(id: "a", text: "v1").store()
            try Note(id: "a", text: "v2").store(in: other)
            #expect(try Note.load(resourceID: "a")?.text == "v2")  // no memory layer: the file
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            #expect(try Note.load(resourceID: "a")?.text == "v2")  // remembered
            try Note(id: "a", text: "v3").store(in: other)
            #expect(try Note.load(resourceID: "a")?.text == "v2")  // from memory: not seen
            try Note.delete(resourceID: "a", in: other)
            #expect(try Note.load(resourceID: "a")?.text == "v2")  // still from memory
            try Note(id: "a", text: "v4").store(in: other)
            archiver.memoryLimits = nil
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            #expect(try Note.load(resourceID: "a")?.text == "v4")  // the layer was emptied
            try Note(id: "a", text: "v5").store(in: other)
            try Note.deleteAll()  // this archiver's clear forgets the type
            try Note(id: "a", text: "v6").store(in: other)
            #expect(try Note.load(resourceID: "a")?.text == "v6")
        }
    }
}

extension CacheState {
    /// How many files' uses are recorded.
    var useRecordCount: Int { withLock { uses.count } }
}
