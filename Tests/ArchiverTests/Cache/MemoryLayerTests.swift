import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// Counts the file-system calls `body` makes through the file layer of ``testArchiver``, which
/// must be made with test hooks (``withHookedArchiver(_:_:)``).
func fileSystemCalls<T>(_ body: () throws -> T) rethrows -> (result: T, calls: Int) {
    let hooks = testArchiver.testHooks!
    let before = hooks.fileSystemCalls
    let result = try body()
    return (result, hooks.fileSystemCalls - before)
}

/// A second type, to show that the memory layer keys values by type as well as by id.
struct CacheMemo: Archivable, Hashable {
    static var archiver: Archiver { testArchiver }
    let id: String
    let body: String
    var archiveValue: Archive { ["id": id, "body": body] }
    init(id: String, body: String) { self.id = id; self.body = body }
    init?(archive: Archive) {
        guard let id = archive["id"] as? String, let body = archive["body"] as? String else { return nil }
        self.init(id: id, body: body)
    }
}

struct MemoryLayerTests {
    @Test func aHitMakesNoFileSystemCallAndEqualsTheFile() throws {
        try withHookedArchiver { archiver in
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            try Note(id: "a", text: "soup").store()
            let (first, firstCalls) = try fileSystemCalls { try Note.load(resourceID: "a") }
            #expect(firstCalls > 0)
            let (second, secondCalls) = try fileSystemCalls { try Note.load(resourceID: "a") }
            #expect(secondCalls == 0)
            #expect(second == first)
            #expect(second == Note(id: "a", text: "soup"))
            // The 0.6 initializer is served from memory too.
            let (zeroSix, zeroSixCalls) = fileSystemCalls { Note(resourceID: "a") }
            #expect(zeroSixCalls == 0)
            #expect(zeroSix == first)
            #expect(archiver.cache.memoryUsage.count == 1)
        }
    }

    @Test func isOffByDefault() throws {
        try withHookedArchiver { archiver in
            #expect(archiver.memoryLimits == nil)
            try Note(id: "a", text: "soup").store()
            _ = try Note.load(resourceID: "a")
            let (_, calls) = try fileSystemCalls { try Note.load(resourceID: "a") }
            #expect(calls > 0)
        }
    }

    @Test func keysValuesByTypeAndID() throws {
        try TemporaryArchiver.with { archiver in
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            try Note(id: "a", text: "soup").store()
            try CacheMemo(id: "a", body: "bread").store()
            #expect(try Note.load(resourceID: "a")?.text == "soup")
            #expect(try CacheMemo.load(resourceID: "a")?.body == "bread")
            #expect(try Note.load(resourceID: "a")?.text == "soup")
        }
    }

    @Test func everyWriteSpellingKeepsItFresh() throws {
        try TemporaryArchiver.with { archiver in
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            try Note(id: "a", text: "v1").store()
            #expect(try Note.load(resourceID: "a")?.text == "v1")
            Note(id: "a", text: "v2").storeArchive()  // 0.6
            #expect(Note(resourceID: "a")?.text == "v2")
            Note(id: "a", text: "v2").deleteArchive()  // 0.6
            #expect(Note(resourceID: "a") == nil)
            _ = Note(responseObject: ["id": "a", "text": "v3", "revision": 0], shouldArchive: true)  // 0.6 Cachable
            #expect(try Note.load(resourceID: "a")?.text == "v3")
            try Note.delete(resourceID: "a")
            #expect(try Note.load(resourceID: "a") == nil)
            try [Note(id: "a", text: "v4")].store()
            #expect(try Note.load(resourceID: "a")?.text == "v4")
            try Note.deleteAll()
            #expect(try Note.load(resourceID: "a") == nil)
            try Note(id: "a", text: "v5").store()
            #expect(try Note.load(resourceID: "a")?.text == "v5")
            archiver.clearAll()  // 0.6
            #expect(try Note.load(resourceID: "a") == nil)
            try Note(id: "a", text: "v6").store()
            #expect(try Note.loadAll().map(\.text) == ["v6"])
            try archiver.removeAll()
            #expect(try Note.loadAll().isEmpty)
        }
    }

    @Test func theAsyncFormsShareIt() async throws {
        try await withHookedArchiver { archiver async throws in
            archiver.memoryLimits = Archiver.MemoryLimits(count: 10, bytes: 1 << 20)
            try await Note(id: "a", text: "v1").storeInBackground()
            #expect(try await Note.loadInBackground(resourceID: "a")?.text == "v1")
            let (_, calls) = try fileSystemCalls { try Note.load(resourceID: "a") }
            #expect(calls == 0)
            try await Note(id: "a", text: "v2").storeInBackground()
            #expect(try Note.load(resourceID: "a")?.text == "v2")
            try await Note.deleteInBackground(resourceID: "a")
            #expect(try await Note.loadInBackground(resourceID: "a") == nil)
        }
    }

    @Test func isBoundedByCountAndBytes() throws {
        try withHookedArchiver { archiver in
            archiver.memoryLimits = Archiver.MemoryLimits(count: 3, bytes: 1 << 20)
            for index in 0..<10 { try Note(id: "n\(index)", text: "x").store() }
            for index in 0..<10 { _ = try Note.load(resourceID: "n\(index)") }
            #expect(archiver.cache.memoryUsage.count <= 3)
            // The most recently used stays.
            #expect(fileSystemCalls { Note(resourceID: "n9") }.calls == 0)

            let size = try #require(FileIO.attributes(of: Note.archiver.fileURL(for: Note.self, resourceID: "n0").path, hooks: nil)?.size)
            archiver.memoryLimits = Archiver.MemoryLimits(count: 100, bytes: size * 2)
            for index in 0..<10 { _ = try Note.load(resourceID: "n\(index)") }
            let usage = archiver.cache.memoryUsage
            #expect(usage.bytes <= size * 2)
            #expect(usage.count <= 2)
            archiver.memoryLimits = nil
            #expect(archiver.cache.memoryUsage.count == 0)
        }
    }
}
