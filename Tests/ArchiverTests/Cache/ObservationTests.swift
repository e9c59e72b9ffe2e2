import Foundation
import Observation
import Testing
@testable import Archiver
import ArchiverTesting

/// Collects `count` changes from `changes`, or gives up after a minute (a loaded machine, TSan).
func collect<ID: Hashable & Sendable>(_ count: Int, from changes: AsyncStream<ArchiveChange<ID>>) async -> [ArchiveChange<ID>] {
    await withTaskGroup(of: [ArchiveChange<ID>]?.self) { group in
        group.addTask {
            var collected: [ArchiveChange<ID>] = []
            for await change in changes {
                collected.append(change)
                if collected.count == count { break }
            }
            return collected
        }
        group.addTask {
            try? await Task.sleep(nanoseconds: 60_000_000_000)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? []
    }
}

struct ObservationTests {
    @Test func aTypesChangesArriveInOrderFromEverySpelling() async throws {
        try await TemporaryArchiver.with { archiver async throws in
            let changes = Note.changes()
            try Note(id: "a", text: "x").store()
            Note(id: "b", text: "x").storeArchive()  // 0.6
            Note(id: "b", text: "x").deleteArchive()  // 0.6
            try await Note.deleteInBackground(resourceID: "a")
            try CacheMemo(id: "m", body: "other type").store()
            try Note.deleteAll()
            try await Note(id: "c", text: "x").storeInBackground()
            archiver.clearAll()
            #expect(await collect(7, from: changes) == [
                .stored("a"), .stored("b"), .deleted("b"), .deleted("a"), .cleared, .stored("c"), .cleared,
            ])
        }
    }

    @Test func anIDsChangesLeaveOtherIDsOut() async throws {
        try await TemporaryArchiver.with { _ async throws in
            let changes = Note.changes(of: "a")
            try Note(id: "b", text: "x").store()
            try Note(id: "a", text: "x").store()
            try Note.delete(resourceID: "b")
            try Note.delete(resourceID: "a")
            #expect(await collect(2, from: changes) == [.stored("a"), .deleted("a")])
        }
    }

    @Test func expiryAndEvictionAreDeletions() async throws {
        try await TemporaryArchiver.with { archiver async throws in
            let changes = Note.changes()
            archiver.maximumAge = 60
            try Note(id: "a", text: "x").store()
            try age(Note.self, "a", by: 3_600)
            #expect(Note(resourceID: "a") == nil)
            try Note(id: "b", text: "x").store()
            archiver.maximumTotalSize = 1
            try archiver.trimToSizeLimit()
            #expect(await collect(4, from: changes) == [.stored("a"), .deleted("a"), .stored("b"), .deleted("b")])
        }
    }

    @MainActor
    @Test func anArchivedValueChangesWithTheStoredValue() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        let archiver = temporary.archiver
        try Note(id: "a", text: "v1").store(in: archiver)
        let model = ArchivedValue<Note>(resourceID: "a", in: archiver)
        #expect(await waitUntil { model.value?.text == "v1" })
        try Note(id: "a", text: "v2").store(in: archiver)
        #expect(await waitUntil { model.value?.text == "v2" })
        try Note.delete(resourceID: "a", in: archiver)
        #expect(await waitUntil { model.value == nil })
        #expect(model.error == nil)
    }

    @MainActor
    @Test func archivedValuesHoldEveryValueOfTheType() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        let archiver = temporary.archiver
        try Note(id: "a", text: "x").store(in: archiver)
        let model = ArchivedValues<Note>(in: archiver)
        #expect(await waitUntil { model.values.map(\.id) == ["a"] })
        try Note(id: "b", text: "x").store(in: archiver)
        #expect(await waitUntil { model.values.map(\.id) == ["a", "b"] })
        try Note.deleteAll(in: archiver)
        #expect(await waitUntil { model.values.isEmpty })
    }

    /// Waits until `condition` holds, waking only when what it reads reports a change through
    /// `withObservationTracking`, as a view would; `false` after five minutes: under TSan the
    /// suites that run beside it hold the main actor for over a minute at a time.
    ///
    /// The condition is checked before each wait, so a change made before the wait began (the
    /// model's first load can finish before the test gets here) is not waited for in vain; and a
    /// model that changes without telling its observers never satisfies the wait.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    func waitUntil(_ condition: @escaping @MainActor () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(300)
        while !condition() {
            let changed = AsyncStream<Void>.makeStream()
            let holds = withObservationTracking {
                condition()
            } onChange: {
                changed.continuation.yield()
            }
            if holds { return true }
            guard ContinuousClock.now < deadline else { return false }
            let arrived = await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for await _ in changed.stream { return true }
                    return false
                }
                group.addTask {
                    try? await Task.sleep(until: deadline)
                    return false
                }
                let first = await group.next() ?? false
                group.cancelAll()
                changed.continuation.finish()
                return first
            }
            guard arrived else { return false }
            // The change is reported before it is made; the loop reads it once the model set it.
            await Task.yield()
        }
        return true
    }
}
