import Foundation
import Testing
@testable import Archiver

/// A property type that counts how often a key map asks for its placeholder: once per map built.
struct CountedValue: KeyMapValue, Equatable {
    let text: String

    nonisolated(unsafe) static var placeholderCalls = 0
    static let lock = NSLock()

    init(text: String) { self.text = text }

    init(keyMapValue input: KeyMapInput) throws(ArchiveDecodingError) {
        text = try String(keyMapValue: input)
    }

    var keyMapArchiveValue: Any? { text }

    static var keyMapPlaceholder: CountedValue? {
        lock.withLock { placeholderCalls += 1 }
        return CountedValue(text: "")
    }
}

/// A generic value whose map is computed, as a generic type must declare it.
struct Box<Value> { let id: Int; let value: Value }

extension Box: Equatable where Value: Equatable {}

extension Box: KeyMapped, KeyMapValue, Serializable, ArchiveRepresentable where Value: KeyMapValue {
    static var keyMap: KeyMap<Self> {
        KeyMap({ Box(id: $0, value: $1) }, [.property(\.value, server: "contents")])
    }
}

/// A non-generic type holding a generic envelope.
struct Shelf: Equatable { let name: String; let boxes: FlagPage<Box<Int>> }
extension Shelf: KeyMapped { static let keyMap = KeyMap(Shelf.init) }

extension Box: CustomStringConvertible { var description: String { "Box(\(id))" } }

@Suite(.serialized) struct GenericKeyMapTests {
    @Test func aComputedKeyMapIsBuiltOncePerConcreteType() throws {
        _ = Box<CountedValue>.keyMap
        let afterFirst = CountedValue.lock.withLock { CountedValue.placeholderCalls }
        #expect(afterFirst > 0)
        for _ in 0..<5 { _ = Box<CountedValue>.keyMap }
        let box = try Box<CountedValue>.decode(responseObject: ["id": 1, "contents": "a"])
        #expect(box == Box(id: 1, value: CountedValue(text: "a")))
        #expect(CountedValue.lock.withLock { CountedValue.placeholderCalls } == afterFirst)
        // The members are the first map's, not rebuilt copies.
        #expect(Box<CountedValue>.keyMap.fields.map(ObjectIdentifier.init) == Box<CountedValue>.keyMap.fields.map(ObjectIdentifier.init))
    }

    @Test func eachConcreteTypeHasItsOwnMap() throws {
        #expect(try Box<Int>.decode(responseObject: ["id": 1, "contents": 2]) == Box(id: 1, value: 2))
        #expect(try Box<String>.decode(responseObject: ["id": 1, "contents": "two"]) == Box(id: 1, value: "two"))
        #expect(throws: ArchiveDecodingError.self) { try Box<Int>.decode(responseObject: ["id": 1, "contents": "two"]) }
        expectValidKeyMap(Box<Int>.self)
        expectValidKeyMap(Box<[String]>.self)
    }

    @Test func twoMapsOfOneTypeWrittenInDifferentPlacesKeepTheirOwnEntries() throws {
        let renamed = KeyMap({ Box<Int>(id: $0, value: $1) }, [.property(\.value, server: "v")])
        let plain = KeyMap({ Box<Int>(id: $0, value: $1) })
        #expect(try renamed.decode(["id": 1, "v": 3], from: .responseObject) == Box(id: 1, value: 3))
        #expect(try plain.decode(["id": 1, "value": 4], from: .responseObject) == Box(id: 1, value: 4))
    }

    @Test(arguments: KeyMapDoor.serverDoors)
    func aTypeHoldingAGenericEnvelopeDecodesThroughEveryDoor(door: KeyMapDoor) throws {
        let json = #"{"name": "top", "boxes": {"data": [{"id": 1, "contents": 5}], "has_more": true, "first": false}}"#
        let shelf = try door.decode(Shelf.self, json)
        #expect(shelf == Shelf(name: "top", boxes: FlagPage(data: [Box(id: 1, value: 5)], hasMore: true, isFirst: false, total: 0)))
        #expect(try Shelf.decode(archive: shelf.archiveValue) == shelf)
    }
}
