import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// Nested data is read and written without a thread per container: a descent continues on a
/// worker's stack only when the thread's own stack is nearly used up, at most once per descent,
/// and workers are reused. Counted, not timed (speed is measured in the benchmarks): each
/// descent that moved to a worker counts one hop on the thread it started on
/// (`ConversionState.hops`), and each thread started for one counts in `threadsStarted`.
struct ThreadHopTests {
    /// Elements per tree: enough that a hop per element would dwarf a hop per call.
    static let elements = 300

    /// The hops and threads started on this thread while `body` ran.
    static func counting(_ body: () throws -> Void) rethrows -> (hops: Int, threads: Int) {
        let state = ValueNesting.state
        let (hops, threads) = (state.pointee.hops, state.pointee.threadsStarted)
        try body()
        return (state.pointee.hops - hops, state.pointee.threadsStarted - threads)
    }

    /// An archive whose ``elements`` empty dictionaries sit at container depth `depth`, the
    /// root dictionary being depth 1.
    static func tree(elementsAt depth: Int) -> Archive {
        var value: Any = Array(repeating: [String: Any](), count: elements)
        for level in 0 ..< depth - 3 { value = level.isMultiple(of: 2) ? [value] as [Any] : ["k": value] as [String: Any] }
        return ["v": value]
    }

    /// A response object: a chain of nodes whose last one has ``elements`` leaf children, at
    /// value depth `depth` (the root node is depth 1).
    static func nodes(elementsAt depth: Int) -> [String: Any] {
        let leaf: [String: Any] = ["name": "leaf", "children": [Any]()]
        var node: [String: Any] = ["name": "\(depth - 1)", "children": Array(repeating: leaf, count: elements)]
        for level in stride(from: depth - 2, through: 1, by: -1) {
            node = ["name": "\(level)", "children": [node]]
        }
        return node
    }

    /// Trees whose elements sit at depths 15, 16 and 17 (the old code moved to a new thread for
    /// every container at a multiple of 16) are written and read, as archives and as key-mapped
    /// values, on a 512 KiB stack with no hop at all: the cost per element is the same at each
    /// depth, where a hop per element (140 µs against about 1 µs of work) made depth 16 cost
    /// many times depth 15.
    @Test func elementsAtDepthsFifteenToSeventeenCostTheSamePerElement() throws {
        let outcome = StackDepthTests.onSmallStack { () -> [String] in
            var lines: [String] = []
            for depth in 15 ... 17 {
                do {
                    var read: Archive = [:]
                    let archive = try Self.counting {
                        let data = try PropertyListCoding.data(for: Self.tree(elementsAt: depth))
                        read = try PropertyListCoding.archive(from: data)
                    }
                    let readCount = ValueDepthTests.containerDepth(of: read)
                    var decoded: HopNode?
                    let values = try Self.counting {
                        let node = try HopNode.decode(responseObject: Self.nodes(elementsAt: depth))
                        _ = try PropertyListCoding.data(for: node.archiveValue)
                        decoded = node
                    }
                    var leaves = 0, node = decoded
                    while let next = node, !next.children.isEmpty {
                        leaves = next.children.count
                        node = next.children.count == 1 ? next.children[0] : nil
                    }
                    lines.append("depth \(depth): archive \(readCount) deep, \(archive.hops) hops; values \(leaves) leaves, \(values.hops) hops")
                } catch {
                    lines.append("depth \(depth): \(error)")
                }
            }
            return lines
        }
        let expected = (15 ... 17).map { "depth \($0): archive \($0) deep, 0 hops; values \(Self.elements) leaves, 0 hops" }
        #expect(outcome == expected)
    }

    /// With this thread's stack taken to end 48 KiB below here, ``elements`` sibling chains each
    /// 200 containers deep cross that end as they are written: each crossing moves the rest of
    /// its chain to a worker once (a hop per descent, not per container below it), and the
    /// workers are reused, so a few threads at most are started (other tests may hold idle
    /// workers meanwhile), not one per sibling. Reading them back hops not at all: the binary
    /// reader (``BinaryPropertyListDocument``) walks without recursion.
    @Test func aDeepDescentHopsOnceAndSiblingsReuseTheWorker() throws {
        let chain = 200
        let outcome = StackDepthTests.onSmallStack { () -> String in
            var sibling: Any = "leaf"
            for level in 0 ..< chain - 1 { sibling = level.isMultiple(of: 2) ? [sibling] as [Any] : ["k": sibling] as [String: Any] }
            let archive: Archive = ["v": Array(repeating: sibling, count: Self.elements)]
            let state = ValueNesting.state
            let floor = state.pointee.stackFloor
            defer { state.pointee.stackFloor = floor }
            do {
                let data = try PropertyListCoding.data(for: archive)
                state.pointee.stackFloor = DeepRecursion.stackAddress() - (48 << 10)
                var written = Data(), read: Archive = [:]
                let counts = try Self.counting { written = try PropertyListCoding.data(for: archive) }
                let readCounts = try Self.counting { read = try PropertyListCoding.archive(from: written) }
                state.pointee.stackFloor = floor
                // The same bytes as on a stack with room, and read back to them: what was read is
                // the archive (one-key containers are written in one order).
                let same = try written == data && PropertyListCoding.data(for: read) == data
                let hopsPerDescent = counts.hops >= 1 && counts.hops <= Self.elements ? "at most one hop per descent" : "\(counts.hops) hops"
                let threads = counts.threads <= 3 ? "a few threads" : "\(counts.threads) threads"
                let readHops = readCounts.hops == 0 ? "none reading" : "\(readCounts.hops) reading"
                return "\(same ? "same" : "differs"), \(hopsPerDescent), \(threads), \(readHops)"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "same, at most one hop per descent, a few threads, none reading")
    }

    /// A worker that cannot start (here: a stack no thread can have, so `pthread_create` fails)
    /// is a typed error naming the cause, for the archive writer and for key-mapped decoding,
    /// never a wait for a thread that will not run. The archive reader needs no worker: it
    /// walks without recursion, so it reads.
    @Test func aThreadThatCannotStartIsATypedError() throws {
        let outcome = StackDepthTests.onSmallStack { () -> [String] in
            let state = ValueNesting.state
            let floor = state.pointee.stackFloor
            let archive = StackDepthTests.nested(depth: 40)
            let data = try? PropertyListCoding.data(for: archive)
            // Every level hops, and every hop starts a thread with a 1 PiB stack: more than the
            // address space, so that no overcommit setting lets it start.
            state.pointee.stackFloor = UInt.max
            state.pointee.testHooks = TestHooks(workerStackSize: 1 << 50)
            defer {
                state.pointee.stackFloor = floor
                state.pointee.testHooks = nil
            }
            var errors: [String] = []
            do { _ = try PropertyListCoding.data(for: archive); errors.append("written") } catch { errors.append("\(error)") }
            do { _ = try PropertyListCoding.archive(from: data ?? Data()); errors.append("read") } catch { errors.append("\(error)") }
            do { _ = try HopNode.decode(responseObject: Self.nodes(elementsAt: 3)); errors.append("decoded") } catch { errors.append("\(error)") }
            return errors
        }
        let errors = try #require(outcome)
        #expect(errors.count == 3)
        #expect(errors.dropFirst().first == "read")
        for error in [errors.first, errors.last].compactMap(\.self) {
            #expect(error.contains("no thread could be started") && error.contains("pthread_create"), "\(error)")
        }
    }
}

/// A recursive key-mapped value.
private struct HopNode: KeyMapped {
    static let keyMap = KeyMap(HopNode.init)
    var name: String
    var children: [HopNode]
}
