import Foundation
import Testing
@testable import Archiver

/// Wide key maps, whose field slots take a large part of the thread's (``FieldSlots``): every door
/// reads every field.
struct WideKeyMapTests {
    struct Wide32: KeyMapped, Equatable {
        let f0: Int
        let f1: Int
        let f2: Int
        let f3: Int
        let f4: Int
        let f5: Int
        let f6: Int
        let f7: Int
        let f8: Int
        let f9: Int
        let f10: Int
        let f11: Int
        let f12: Int
        let f13: Int
        let f14: Int
        let f15: Int
        let f16: Int
        let f17: Int
        let f18: Int
        let f19: Int
        let f20: Int
        let f21: Int
        let f22: Int
        let f23: Int
        let f24: Int
        let f25: Int
        let f26: Int
        let f27: Int
        let f28: Int
        let f29: Int
        let f30: Int
        let f31: Int
        static let keyMap = KeyMap(Wide32.init)
    }

    struct Wide40: KeyMapped, Equatable {
        let f0: Int
        let f1: Int
        let f2: Int
        let f3: Int
        let f4: Int
        let f5: Int
        let f6: Int
        let f7: Int
        let f8: Int
        let f9: Int
        let f10: Int
        let f11: Int
        let f12: Int
        let f13: Int
        let f14: Int
        let f15: Int
        let f16: Int
        let f17: Int
        let f18: Int
        let f19: Int
        let f20: Int
        let f21: Int
        let f22: Int
        let f23: Int
        let f24: Int
        let f25: Int
        let f26: Int
        let f27: Int
        let f28: Int
        let f29: Int
        let f30: Int
        let f31: Int
        let f32: Int
        let f33: Int
        let f34: Int
        let f35: Int
        let f36: Int
        let f37: Int
        let f38: Int
        let f39: Int
        static let keyMap = KeyMap(Wide40.init)
    }

    static func json(fields count: Int) -> Data {
        Data(("{" + (0..<count).map { "\"f\($0)\": \($0 * 3)" }.joined(separator: ", ") + "}").utf8)
    }

    @Test func everyDoorReadsEveryFieldOfAWideMap() throws {
        try check(Wide32.self, fields: 32)
        try check(Wide40.self, fields: 40)
    }

    private func check<Model: KeyMapped & Equatable>(_: Model.Type, fields count: Int) throws {
        let fromJSON = try Model.decode(json: Self.json(fields: count))
        let values = Mirror(reflecting: fromJSON).children.map { $0.value as? Int }
        #expect(values == (0..<count).map { $0 * 3 })
        let fromArchive = try Model(archivedData: fromJSON.archivedData())
        #expect(fromArchive == fromJSON)
        let fromDictionary = try Model.decode(archive: fromJSON.archiveValue)
        #expect(fromDictionary == fromJSON)
    }
}
