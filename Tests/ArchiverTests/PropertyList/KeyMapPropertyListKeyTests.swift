import Foundation
import Testing
@testable import Archiver

/// A load finds each field's member by comparing its archive key with the key objects: short
/// ASCII keys as two masked words, the rest in full. Every length around the words' edges, a
/// count written in the long form, a key object in UTF-16, members in any order, and a later
/// duplicate that wins, must find what a dictionary lookup finds.
@Suite struct KeyMapPropertyListKeyTests {
    struct Keys: KeyMapped {
        let a: Int
        let eightxxx: Int
        let fifteenLetters1: Int
        let sixteenLetters12: Int
        let seventeenLetters1: Int
        let café: Int
        static let keyMap = KeyMap(Keys.init)
    }

    static func ascii(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return bytes.count < 15 ? [0x50 | UInt8(bytes.count)] + bytes : [0x5F, 0x10, UInt8(bytes.count)] + bytes
    }

    static func utf16(_ text: String) -> [UInt8] {
        let units = Array(text.utf16)
        return [0x60 | UInt8(units.count)] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    @Test func everyKeyLengthAndEncodingFindsItsMember() throws {
        // Keys (objects 1…8) then values 10…17 (objects 9…16), members not in the map's order.
        let keys: [[UInt8]] = [
            Self.ascii("sixteenLetters12"),
            [0x5F, 0x10, 0x01, 0x61],  // "a", its count in the long form
            Self.ascii("seventeenLetters1"),
            Self.utf16("eightxxx"),
            Self.ascii("fifteenLetters1"),
            Self.utf16("cafe\u{301}"),  // canonically equivalent to the key "café"
            Self.ascii("a"),  // a duplicate: the later member wins
            Self.ascii("fifteenLetters2"),  // no field's: same length, one byte apart
        ]
        let values = (0 ..< keys.count).map { [0x10, UInt8(10 + $0)] }
        let dictionary: [UInt8] = [0xD8] + (1 ... 8).map(UInt8.init) + (9 ... 16).map(UInt8.init)
        let data = craftedPropertyList([dictionary] + keys + values)
        let document = try BinaryPropertyListDocument(data: data, maximumDepth: 512)
        let decoded = try Keys.keyMap.decode(propertyList: document, at: document.topObject)
        #expect(decoded.a == 16)
        #expect(decoded.eightxxx == 13)
        #expect(decoded.fifteenLetters1 == 14)
        #expect(decoded.sixteenLetters12 == 10)
        #expect(decoded.seventeenLetters1 == 12)
        #expect(decoded.café == 15)
    }

    @Test func aMissingKeyIsMissingWhateverItsNeighboursLengths() throws {
        let keys: [[UInt8]] = [Self.ascii("a"), Self.ascii("eightxxy"), Self.ascii("sixteenLetters1")]
        let values = (0 ..< keys.count).map { [0x10, UInt8(10 + $0)] }
        let dictionary: [UInt8] = [0xD3, 1, 2, 3, 4, 5, 6]
        let data = craftedPropertyList([dictionary] + keys + values)
        let document = try BinaryPropertyListDocument(data: data, maximumDepth: 512)
        #expect(throws: ArchiveDecodingError.self) { try Keys.keyMap.decode(propertyList: document, at: document.topObject) }
    }
}
