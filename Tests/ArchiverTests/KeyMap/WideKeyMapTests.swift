import Foundation
import Testing
@testable import Archiver

/// A key map of more fields than a decode keeps its field slots for on the stack
/// (``FieldSlots/inlineCount``): every door reads every field.
struct WideKeyMapTests {
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

    static let json = Data("{\"f0\": 0, \"f1\": 3, \"f2\": 6, \"f3\": 9, \"f4\": 12, \"f5\": 15, \"f6\": 18, \"f7\": 21, \"f8\": 24, \"f9\": 27, \"f10\": 30, \"f11\": 33, \"f12\": 36, \"f13\": 39, \"f14\": 42, \"f15\": 45, \"f16\": 48, \"f17\": 51, \"f18\": 54, \"f19\": 57, \"f20\": 60, \"f21\": 63, \"f22\": 66, \"f23\": 69, \"f24\": 72, \"f25\": 75, \"f26\": 78, \"f27\": 81, \"f28\": 84, \"f29\": 87, \"f30\": 90, \"f31\": 93, \"f32\": 96, \"f33\": 99, \"f34\": 102, \"f35\": 105, \"f36\": 108, \"f37\": 111, \"f38\": 114, \"f39\": 117}".utf8)

    @Test func theSlotsOfAWideMapAreAllocated() {
        #expect(Wide40.keyMap.fields.count > FieldSlots.inlineCount)
    }

    @Test func everyDoorReadsEveryFieldOfAWideMap() throws {
        let fromJSON = try Wide40.decode(json: Self.json)
        let values = Mirror(reflecting: fromJSON).children.map { $0.value as? Int }
        #expect(values == (0..<40).map { $0 * 3 })
        let fromArchive = try Wide40(archivedData: fromJSON.archivedData())
        #expect(fromArchive == fromJSON)
        let fromDictionary = try Wide40.decode(archive: fromJSON.archiveValue)
        #expect(fromDictionary == fromJSON)
    }
}
