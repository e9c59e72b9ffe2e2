import Foundation
import Testing
@testable import Archiver

/// The field slots a decode from a JSON text or a binary property list takes from its thread's
/// stack of slots (``FieldSlots``): nested models deeper than the stack holds get theirs
/// allocated and read every level, and every decode gives back what it took, when it fails too.
struct FieldSlotTests {
    /// Enough nodes that their slots overflow the thread's, and few enough for the JSON reader's
    /// 100 levels of containers (two a node).
    static let nodesPastTheStack = 45

    /// A chain of `count` nodes as a JSON text. The deepest node's id and the root's tag are
    /// given as text, so that a test can make either unreadable.
    static func chain(nodes count: Int, deepestID: String? = nil, rootTag: String = #""t""#) -> Data {
        func node(_ level: Int, children: String, id: String? = nil, tag: String = #""t""#) -> String {
            let numbers = (0 ..< 10).map { #""f\#($0)": \#(level * 10 + $0)"# }.joined(separator: ", ")
            return #"{"id": \#(id ?? "\"\(level)\""), "name": "\#(level)", \#(numbers), "children": \#(children), "tag": \#(tag)}"#
        }
        var text = node(count - 1, children: "[]", id: deepestID)
        for level in stride(from: count - 2, through: 0, by: -1) {
            text = node(level, children: "[\(text)]", tag: level == 0 ? rootTag : #""t""#)
        }
        return Data(text.utf8)
    }

    static func names(along root: SlotNode) -> [String] {
        var names: [String] = []
        var node: SlotNode? = root
        while let next = node {
            names.append(next.name)
            node = next.children.first
        }
        return names
    }

    static var slotsInUse: Int { ValueNesting.state.pointee.fieldSlotsInUse }

    /// The names of the first `count` nodes of a chain.
    static func expectedNames(_ count: Int) -> [String] {
        (0 ..< count).map { String($0) }
    }

    @Test func aChainDeeperThanTheThreadsSlotsReadsEveryLevelThroughEachDocument() throws {
        let count = Self.nodesPastTheStack
        #expect(count * SlotNode.keyMap.fields.count > FieldSlots.stackCapacity)
        let fromJSON = try SlotNode.decode(json: Self.chain(nodes: count))
        #expect(Self.names(along: fromJSON) == Self.expectedNames(count))
        #expect(fromJSON.children.first?.f9 == 19)
        #expect(Self.slotsInUse == 0)
        let fromArchive = try SlotNode(archivedData: fromJSON.archivedData())
        #expect(Self.names(along: fromArchive) == Self.expectedNames(count))
        #expect(Self.slotsInUse == 0)
    }

    @Test(arguments: [3, nodesPastTheStack])
    func aDecodeThatFailsGivesBackItsSlots(nodes count: Int) throws {
        // The deepest node fails, and its parent drops it, as a lenient list does.
        let dropped = try SlotNode.decode(json: Self.chain(nodes: count, deepestID: "{}"))
        #expect(Self.names(along: dropped) == Self.expectedNames(count - 1))
        #expect(Self.slotsInUse == 0)
        // The root fails after every level below it was read.
        #expect(throws: ArchiveDecodingError.self) { try SlotNode.decode(json: Self.chain(nodes: count, rootTag: "{}")) }
        #expect(Self.slotsInUse == 0)
        // The same through a binary property list.
        let value = try SlotNode.decode(json: Self.chain(nodes: count))
        var archive = try #require(PropertyListSerialization.propertyList(from: value.archivedData(), format: nil) as? [String: Any])
        archive["tag"] = ["not": "a string"]
        let broken = try PropertyListSerialization.data(fromPropertyList: archive, format: .binary, options: 0)
        #expect(throws: (any Error).self) { try SlotNode(archivedData: broken) }
        #expect(Self.slotsInUse == 0)
        // And the next decode on this thread reads its value whole.
        let again = try SlotNode(archivedData: value.archivedData())
        #expect(Self.names(along: again) == Self.expectedNames(count))
        #expect(Self.slotsInUse == 0)
    }
}

struct SlotNode: KeyMapped {
    static let keyMap = KeyMap(SlotNode.init)
    let id: String
    let name: String
    let f0: Int, f1: Int, f2: Int, f3: Int, f4: Int, f5: Int, f6: Int, f7: Int, f8: Int, f9: Int
    let children: [SlotNode]
    let tag: String
}
