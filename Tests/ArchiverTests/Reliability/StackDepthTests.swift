import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// Loading and storing at the depth limit fit in 512 KiB of stack: the default for secondary
/// threads, GCD and Swift concurrency on Apple platforms. Each test runs on a `Thread` with that
/// stack (a crash here is a stack overflow), in a debug build, whose frames are the largest.
struct StackDepthTests {
    static let smallStack = 512 * 1024
    static let limit = PropertyListCoding.defaultMaximumDepth

    /// Runs `body` on a thread with a 512 KiB stack and returns what it returned.
    static func onSmallStack<Value: Sendable>(_ body: @escaping @Sendable () -> Value?) -> Value? {
        let result = Locked<Value?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        thread.stackSize = smallStack
        thread.start()
        done.wait()
        return result.withLock { $0 }
    }

    /// An archive whose nesting is `depth` containers, the root dictionary included.
    static func nested(depth: Int) -> Archive {
        var value: Any = "leaf"
        for level in 0 ..< depth - 1 { value = level.isMultiple(of: 2) ? [value] as [Any] : ["k": value] as [String: Any] }
        return ["v": value]
    }

    /// Written, read, and written again on the small stack: the same bytes both times, and what
    /// was read is the archive (compared on the test's own stack).
    @Test func theBinaryWriterAndReaderWorkAtTheLimit() throws {
        let outcome: Result<[Data], PropertyListError>? = Self.onSmallStack {
            Result { () throws(PropertyListError) -> [Data] in
                let data = try PropertyListCoding.data(for: Self.nested(depth: Self.limit))
                let read = try PropertyListCoding.archive(from: data)
                return [data, try PropertyListCoding.data(for: read)]
            }
        }
        let written = try #require(outcome).get()
        #expect(written[0] == written[1])
        #expect(PropertyListValue(try PropertyListCoding.archive(from: written[0])) == PropertyListValue(Self.nested(depth: Self.limit)))
    }

    @Test func pastTheLimitBothRefuseWithATypedError() throws {
        let outcome = Self.onSmallStack {
            do {
                _ = try PropertyListCoding.data(for: Self.nested(depth: Self.limit + 1))
                return "written"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome?.contains("nesting deeper than \(Self.limit)") == true, "\(String(describing: outcome))")

        let data = try PropertyListCoding.data(for: Self.nested(depth: Self.limit + 1), maximumDepth: Self.limit + 1)
        let read = Self.onSmallStack {
            do {
                _ = try PropertyListCoding.archive(from: data)
                return "read"
            } catch {
                return "\(error)"
            }
        }
        #expect(read?.contains("nesting deeper than \(Self.limit)") == true, "\(String(describing: read))")
    }

    @Test func storingAndLoadingAValueAtTheLimitWorks() async throws {
        try TemporaryArchiver.with { archiver throws in
            let outcome = Self.onSmallStack {
                do {
                    try Deep(id: "d", archive: Self.nested(depth: Self.limit)).store(in: archiver)
                    let loaded = try Deep.load(resourceID: "d", in: archiver)
                    return loaded.map { "\($0.archiveValue.count) keys" } ?? "missing"
                } catch {
                    return "\(error)"
                }
            }
            #expect(outcome == "2 keys")
            let loaded = try #require(try Deep.load(resourceID: "d", in: archiver))
            #expect(PropertyListValue(loaded.archiveValue) == PropertyListValue(Self.nested(depth: Self.limit).merging(["id": "d"]) { $1 }))
        }
    }

    /// Built object by object (NSKeyedArchiver on Linux takes seconds per level this deep).
    @Test func aKeyedArchiveAtTheLimitIsInterpretedAndPastItRefused() throws {
        for (depth, expected) in [(Self.limit, "read"), (Self.limit + 2, "nestingTooDeep")] {
            var graph = KeyedArchiveGraph()
            var inner = graph.array([])
            for _ in 0 ..< depth - 1 { inner = graph.array([inner]) }
            nonisolated(unsafe) let archive = graph.archive(root: inner)
            let outcome = Self.onSmallStack { () -> String in
                do {
                    return try KeyedArchiveInterpreter.rootObject(ofKeyedArchive: archive, options: .init(), maximumDepth: Self.limit)
                        is [Any] ? "read" : "not an array"
                } catch {
                    if case KeyedArchiveError.malformed(_, "is nested deeper than \(Self.limit)") = error { return "nestingTooDeep" }
                    return "\(error)"
                }
            }
            #expect(outcome == expected, "depth \(depth)")
        }
    }
}

/// A value that is its archive, for storing any nesting.
private struct Deep: Archivable {
    static var archiver: Archiver { testArchiver }
    let id: String
    let archive: Archive
    var archiveValue: Archive { archive.merging(["id": id]) { $1 } }
    init(id: String, archive: Archive) {
        self.id = id
        self.archive = archive
    }
    init?(archive: Archive) {
        guard let id = archive["id"] as? String else { return nil }
        self.init(id: id, archive: archive)
    }
}
