import Archiver
import ArchiverTesting
import Foundation
import Testing

// Built with an app target's settings: `Shelf` is a main-actor model, `Crate` a nonisolated one.

/// A main-actor model with many entries, so that a load takes long enough to watch.
struct Shelf: Equatable { let id: Int; let books: [String] }
extension Shelf: KeyMapped, Archivable {
    static var archiver: Archiver { TemporaryArchiver.current ?? Archiver(archiveDirectoryURL: nil) }
    static let keyMap = KeyMap(Shelf.init, [.property(\.books, default: [])])
}

/// The same, declared `nonisolated`: decoded and encoded off the main actor.
nonisolated struct Crate: Equatable, Sendable { let id: Int; let books: [String] }
nonisolated extension Crate: KeyMapped, Archivable {
    static let keyMap = KeyMap(Crate.init, [.property(\.books, default: [])])
}

/// A counter the main actor increments while it is free.
@MainActor
final class Ticker {
    var count = 0
    private var task: Task<Void, Never>?
    func start() {
        task = Task { @MainActor in
            while !Task.isCancelled {
                count += 1
                await Task.yield()
            }
        }
    }
    func stop() { task?.cancel() }
}

@Suite(.serialized)
struct BackgroundLoadTests {
    /// Whether the main actor ran while `load` was suspended, in one of a few tries: other suites'
    /// main-actor tests run in parallel and may hold it through one load.
    static func mainActorRuns(during load: () async throws -> Void) async rethrows -> Bool {
        let ticker = Ticker()
        ticker.start()
        defer { ticker.stop() }
        for _ in 0..<5 {
            await Task.yield()
            let before = ticker.count
            try await load()
            if ticker.count > before { return true }
        }
        return false
    }

    /// Enough for a load of about half a second here; the main actor, shared with the suites
    /// running in parallel, only has to move at all (a synchronous load never lets it).
    static let books = (0..<60_000).map { "Book number \($0), a title long enough to parse" }

    @Test func theMainActorKeepsRunningWhileANonisolatedModelLoads() async throws {
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        let archiver = temporary.archiver
        do {
            try Crate(id: 1, books: Self.books).store(in: archiver)
            var synchronous: Crate?
            // The control: a synchronous load never lets the main actor run.
            #expect(try await !Self.mainActorRuns { synchronous = try Crate.load(resourceID: 1, in: archiver) })

            var loaded: Crate?
            #expect(try await Self.mainActorRuns { loaded = try await Crate.loadInBackground(resourceID: 1, in: archiver) },
                    "the main actor did not run during the load")
            #expect(loaded == synchronous)
            #expect(loaded?.books.count == Self.books.count)

            var all: [Crate] = []
            #expect(try await Self.mainActorRuns { all = try await Crate.loadAllInBackground(in: archiver) })
            #expect(all == [synchronous])
        }
    }

    @Test func theMainActorKeepsRunningWhileANonisolatedModelIsEncodedAndStored() async throws {
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        let archiver = temporary.archiver
        let crate = Crate(id: 2, books: Self.books)
        #expect(try await !Self.mainActorRuns { try crate.store(in: archiver) })
        #expect(try await Self.mainActorRuns { try await crate.storeInBackground(in: archiver) },
                "the main actor did not run during the store")
        #expect(try Crate.load(resourceID: 2, in: archiver) == crate)
    }

    /// A main-actor model keeps the forms that run none of its code; the ones that decode or
    /// encode it do not compile with it (CompileTimeCheckTests).
    @Test func aMainActorModelListsAndDeletesInTheBackground() async throws {
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        let archiver = temporary.archiver
        try Shelf(id: 1, books: ["a"]).store(in: archiver)
        #expect(try await Shelf.storedResourceIDsInBackground(in: archiver) == [1])
        try await Shelf.deleteInBackground(resourceID: 1, in: archiver)
        #expect(try Shelf.load(resourceID: 1, in: archiver) == nil)
    }
}
