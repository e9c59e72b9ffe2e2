import Foundation
import Testing
@testable import Archiver

/// `jsonData()` reads each property at its verified offset and writes bytes straight into one
/// buffer; a map that reads with `Mirror` writes the values `Mirror` reports. Both must write the
/// same text, and the text must read back as the value.
struct JSONDataWriterTests {
    /// The text the `Mirror` way writes for `value`.
    private func reflectedJSON<Model: KeyMapped>(_ value: Model) throws -> Data {
        var output = JSONWriter()
        do throws(JSONWriteFailure) {
            try Model.keyMap.writeJSON(reflecting: value, into: &output, depth: 1)
        } catch {
            throw error.encodingError(root: Model.self)
        }
        return Data(output.bytes)
    }

    private func readsAtOffsets<Model: KeyMapped>(_ type: Model.Type) -> Bool {
        if case .readers = Model.keyMap.readers { return true }
        return false
    }

    @Test func theOffsetWayAndTheMirrorWayWriteTheSameText() throws {
        #expect(readsAtOffsets(KeyMappedEverything.self))
        #expect(readsAtOffsets(FastEverything.self))
        #expect(readsAtOffsets(NestedRepo.self))
        let seed = SeededGenerator.seed(default: 0x0015_0A0E)
        var random = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let everything = random.everything()
            let json = try everything.jsonData()
            #expect(json == (try reflectedJSON(everything)), "seed \(seed): \(String(decoding: json, as: UTF8.self))")
            #expect(try KeyMappedEverything.decode(json: json) == everything, "seed \(seed)")
            let fast = FastEverything(
                text: everything.text, flag: everything.flag, int: everything.int, uint64: everything.uint64,
                double: everything.double, decimal: everything.decimal, date: everything.date, url: everything.url,
                note: everything.note, tags: everything.tags, cuisine: everything.cuisine, restaurants: everything.restaurants)
            let fastJSON = try fast.jsonData()
            #expect(fastJSON == (try reflectedJSON(fast)), "seed \(seed)")
            #expect(try FastEverything.decode(json: fastJSON) == fast, "seed \(seed)")
        }
        for ownerID in [nil, 9] as [Int?] {
            let repo = NestedRepo(id: 7, ownerLogin: "octo", ownerID: ownerID, avatar: "a.png", firstName: "Ann", rating: 4)
            #expect(try repo.jsonData() == (try reflectedJSON(repo)))
        }
    }

    @Test func stringsOfEveryByteComeBackEqual() throws {
        var random = SeededGenerator(seed: 0x57E1)
        let pieces = ["\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "☕️", "𝄞", "a", "bc", " "]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let restaurant = Derived.Restaurant(id: text, name: text + "x")
            let json = try restaurant.jsonData()
            let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: String])
            #expect(object == ["id": text, "name": text + "x"])
            #expect(try Derived.Restaurant.decode(json: json) == restaurant)
        }
    }

    @Test func integersAtTheirLimitsAreTheirDigits() {
        func digits<Integer: FixedWidthInteger>(_ value: Integer) -> String {
            var writer = JSONWriter()
            writer.integer(value)
            return String(decoding: writer.bytes, as: UTF8.self)
        }
        for value in [Int64.min, Int64.max, 0, -1, 1, 9, 10, -10, 1_000_000_007] { #expect(digits(value) == String(value)) }
        for value in [UInt64.max, 0, 10] { #expect(digits(value) == String(value)) }
        for value in [Int8.min, Int8.max] { #expect(digits(value) == String(value)) }
        #expect(digits(UInt8.max) == "255")
    }

    @Test func aNestedObjectWithNothingInItIsLeftOut() throws {
        let empty = OptionalOwner(id: 1, login: nil, ownerID: nil)
        #expect(String(decoding: try empty.jsonData(), as: UTF8.self) == #"{"id":1}"#)
        let half = OptionalOwner(id: 2, login: nil, ownerID: 5)
        #expect(String(decoding: try half.jsonData(), as: UTF8.self) == #"{"id":2,"owner":{"id":5}}"#)
        #expect(try OptionalOwner.decode(json: try half.jsonData()) == half)
        #expect(try reflectedJSON(empty) == (try empty.jsonData()))
    }

    /// Before, two server keys one inside the other were refused only when both values were
    /// present: the same map wrote some values and refused others.
    @Test func overlappingServerKeysAreRefusedWhateverTheValues() throws {
        let missing = OverlappingOptional(owner: nil, ownerLogin: "jerry")
        #expect {
            _ = try missing.jsonData()
        } throws: { error in
            "\(error)".contains("write the same server key owner.login")
        }
    }

    @Test func aHundredLevelsFitInASmallStack() throws {
        // Each node is an object and its children an array: 50 nodes are 100 levels of JSON.
        var chain = JSONChain(name: "leaf", children: [])
        for _ in 0..<49 { chain = JSONChain(name: "n", children: [chain]) }
        let deep = chain
        let written = StackDepthTests.onSmallStack { try? deep.jsonData() }
        let json = try #require(written)
        #expect(try JSONChain.decode(json: json) == chain)
    }
}

private struct OptionalOwner: Equatable {
    let id: Int
    let login: String?
    let ownerID: Int?
}

extension OptionalOwner: KeyMapped {
    static let keyMap = KeyMap(OptionalOwner.init, [
        .property(\.login, server: "owner.login"),
        .property(\.ownerID, server: "owner.id"),
    ])
}

private struct OverlappingOptional {
    let owner: Derived.Restaurant?
    let ownerLogin: String
}

extension OverlappingOptional: KeyMapped {
    static let keyMap = KeyMap(OverlappingOptional.init, [.property(\.ownerLogin, server: "owner.login")])
}

private struct JSONChain: Equatable {
    let name: String
    let children: [JSONChain]
}

extension JSONChain: KeyMapped {
    static let keyMap = KeyMap(JSONChain.init, [.property(\.children, default: [])])
}
