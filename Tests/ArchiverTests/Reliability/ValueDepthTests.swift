import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// Recursive value types convert at the depth limit on a 512 KiB stack, as archives do in
/// ``StackDepthTests``: each level of a key-mapped, Codable or hand-written conversion costs
/// several KiB of stack in a debug build, so 256 levels (an archive 512 deep) overflow that
/// stack unless the conversion moves to a fresh one. Past the limit, a typed error.
struct ValueDepthTests {
    static let limit = PropertyListCoding.defaultMaximumDepth
    /// Each level of the chains below is two containers, the node's dictionary and its children's
    /// array, and the last node's empty array is one more: this many nodes make an archive
    /// exactly `limit` deep.
    static let nodesAtTheLimit = limit / 2

    /// Containers nested in `value`, the outermost included.
    static func containerDepth(of value: Any) -> Int {
        var deepest = 0
        var pending: [(Any, Int)] = [(value, 1)]
        while let (next, depth) = pending.popLast() {
            if let dictionary = next as? [String: Any] {
                deepest = max(deepest, depth)
                pending += dictionary.values.map { ($0, depth + 1) }
            } else if let array = next as? [Any] {
                deepest = max(deepest, depth)
                pending += array.map { ($0, depth + 1) }
            }
        }
        return deepest
    }

    /// A chain of `count` nodes named "0", "1", …, as a response object.
    static func responseObject(nodes count: Int) -> [String: Any] {
        var node: [String: Any] = ["id": "\(count - 1)", "name": "\(count - 1)", "children": [Any]()]
        for level in stride(from: count - 2, through: 0, by: -1) {
            node = ["id": "\(level)", "name": "\(level)", "children": [node]]
        }
        return node
    }

    /// The names along a chain, read without recursion so that checking costs no stack.
    static func names<Node>(along root: Node, children: (Node) -> [Node], name: (Node) -> String) -> [String]? {
        var names: [String] = []
        var node = root
        while true {
            names.append(name(node))
            let next = children(node)
            if next.isEmpty { return names }
            guard next.count == 1 else { return nil }
            node = next[0]
        }
    }

    static func expectedNames(_ count: Int) -> [String] { (0 ..< count).map(String.init) }

    // MARK: Key maps

    @Test func aKeyMappedValueAtTheLimitIsStoredAndLoaded() throws {
        try TemporaryArchiver.with { archiver throws in
            let outcome = StackDepthTests.onSmallStack { () -> String in
                do {
                    let value = try KeyNode.decode(responseObject: Self.responseObject(nodes: Self.nodesAtTheLimit))
                    let depth = Self.containerDepth(of: value.archiveValue)
                    try value.store(in: archiver)
                    guard let loaded = try KeyNode.load(resourceID: "0", in: archiver) else { return "missing" }
                    let names = Self.names(along: loaded, children: \.children, name: \.name)
                    return names == Self.expectedNames(Self.nodesAtTheLimit) ? "depth \(depth)" : "names differ"
                } catch {
                    return "\(error)"
                }
            }
            #expect(outcome == "depth \(Self.limit)")
        }
    }

    @Test func aKeyMappedValueIsReadFromAResponseObjectAtTheLimit() {
        let outcome = StackDepthTests.onSmallStack { () -> [String]? in
            guard let value = try? KeyNode.decode(responseObject: Self.responseObject(nodes: Self.limit)) else { return nil }
            return Self.names(along: value, children: \.children, name: \.name)
        }
        #expect(outcome == Self.expectedNames(Self.limit))
    }

    @Test func aKeyMappedValueIsReadFromJSONAtTheJSONLimit() {
        // The JSON reader allows 100 levels of arrays and objects: 50 nodes.
        let nodes = JSONReader.maximumDepth / 2
        let outcome = StackDepthTests.onSmallStack { () -> [String]? in
            guard let json = try? JSONSerialization.data(withJSONObject: Self.responseObject(nodes: nodes)),
                  let value = try? KeyNode.decode(json: json) else { return nil }
            return Self.names(along: value, children: \.children, name: \.name)
        }
        #expect(outcome == Self.expectedNames(nodes))
    }

    @Test func aResponseObjectPastTheLimitIsRefusedWithATypedError() {
        let outcome = StackDepthTests.onSmallStack { () -> String in
            do {
                _ = try KeyNode.decode(responseObject: Self.responseObject(nodes: Self.limit + 1))
                return "decoded"
            } catch let error as ArchiveDecodingError {
                guard case .nestedTooDeep(let limit) = error.reason else { return "\(error)" }
                return "nestedTooDeep(limit: \(limit)): \(error)"
            } catch {
                return "untyped: \(error)"
            }
        }
        #expect(outcome?.hasPrefix("nestedTooDeep(limit: \(Self.limit))") == true, "\(String(describing: outcome))")
        #expect(outcome?.contains("nested deeper than \(Self.limit) levels") == true, "\(String(describing: outcome))")
    }

    @Test func storingAKeyMappedValuePastTheLimitThrows() throws {
        try TemporaryArchiver.with { archiver throws in
            let outcome = StackDepthTests.onSmallStack { () -> String in
                do {
                    try KeyNode.decode(responseObject: Self.responseObject(nodes: Self.nodesAtTheLimit + 1)).store(in: archiver)
                    return "stored"
                } catch {
                    return "\(error)"
                }
            }
            #expect(outcome?.contains("nesting deeper than \(Self.limit)") == true, "\(String(describing: outcome))")
            #expect(try KeyNode.storedResourceIDs(in: archiver).isEmpty)
        }
    }

    // MARK: The Codable bridge

    @Test func anArchiveCodableValueAtTheLimitIsStoredAndLoaded() throws {
        try TemporaryArchiver.with { archiver throws in
            let outcome = StackDepthTests.onSmallStack { () -> String in
                do {
                    let value = try ArchiveDecoder().decode(CodableNode.self, from: Self.responseObject(nodes: Self.nodesAtTheLimit))
                    let depth = Self.containerDepth(of: value.archiveValue)
                    try value.store(in: archiver)
                    guard let loaded = try CodableNode.load(resourceID: "0", in: archiver) else { return "missing" }
                    let names = Self.names(along: loaded, children: \.children, name: \.name)
                    return names == Self.expectedNames(Self.nodesAtTheLimit) ? "depth \(depth)" : "names differ"
                } catch {
                    return "\(error)"
                }
            }
            #expect(outcome == "depth \(Self.limit)")
        }
    }

    @Test func anArchiveCodableValuePastTheLimitIsRefusedWithATypedError() throws {
        let decoded = StackDepthTests.onSmallStack { () -> String in
            do {
                _ = try ArchiveDecoder().decode(CodableNode.self, from: Self.responseObject(nodes: Self.limit + 1))
                return "decoded"
            } catch let error as ArchiveDecodingError {
                guard case .nestedTooDeep(let limit) = error.reason else { return "\(error)" }
                return "nestedTooDeep(limit: \(limit)): \(error)"
            } catch {
                return "untyped: \(error)"
            }
        }
        #expect(decoded?.hasPrefix("nestedTooDeep(limit: \(Self.limit))") == true, "\(String(describing: decoded))")
        #expect(decoded?.contains("nested deeper than \(Self.limit) levels") == true, "\(String(describing: decoded))")

        try TemporaryArchiver.with { archiver throws in
            let stored = StackDepthTests.onSmallStack { () -> String in
                do {
                    let value = try ArchiveDecoder().decode(CodableNode.self, from: Self.responseObject(nodes: Self.nodesAtTheLimit + 1))
                    try value.store(in: archiver)
                    return "stored"
                } catch {
                    return "\(error)"
                }
            }
            #expect(stored?.contains("deeper than \(Self.limit)") == true, "\(String(describing: stored))")
        }
    }

    // MARK: Archiver 0.6's hand-written conformances

    @Test func aHandWrittenValueAtTheLimitIsStoredAndLoaded() throws {
        try TemporaryArchiver.with { archiver throws in
            let outcome = StackDepthTests.onSmallStack { () -> String in
                do {
                    guard let value = HandNode(responseObject: Self.responseObject(nodes: Self.nodesAtTheLimit)) else { return "not decoded" }
                    let depth = Self.containerDepth(of: value.archiveValue)
                    try value.store(in: archiver)
                    guard let loaded = try HandNode.load(resourceID: "0", in: archiver) else { return "missing" }
                    let names = Self.names(along: loaded, children: \.children, name: \.name)
                    return names == Self.expectedNames(Self.nodesAtTheLimit) ? "depth \(depth)" : "names differ"
                } catch {
                    return "\(error)"
                }
            }
            #expect(outcome == "depth \(Self.limit)")
        }
    }
}

/// A recursive key-mapped value.
private struct KeyNode: KeyMapped, Archivable {
    static var archiver: Archiver { testArchiver }
    static let keyMap = KeyMap(KeyNode.init)
    var id: String
    var name: String
    var children: [KeyNode]
}

/// A recursive value through the Codable bridge.
private struct CodableNode: Codable, ArchiveCodable, Archivable {
    static var archiver: Archiver { testArchiver }
    var id: String
    var name: String
    var children: [CodableNode]
}

/// A recursive value written by hand, as for Archiver 0.6, with its collection helpers.
private struct HandNode: Archivable, Serializable {
    static var archiver: Archiver { testArchiver }
    var id: String
    var name: String
    var children: [HandNode]

    init?(responseObject: ResponseObject) {
        guard let id = responseObject["id"] as? String, let name = responseObject["name"] as? String else { return nil }
        self.id = id
        self.name = name
        children = HandNode.serializedCollection(from: responseObject, withKey: "children")
    }

    init?(archive: Archive) {
        guard let id = archive["id"] as? String, let name = archive["name"] as? String else { return nil }
        self.id = id
        self.name = name
        children = HandNode.unarchivedCollection(from: archive, withKey: "children")
    }

    var archiveValue: Archive {
        ["id": id, "name": name, "children": children.archiveValue]
    }
}
