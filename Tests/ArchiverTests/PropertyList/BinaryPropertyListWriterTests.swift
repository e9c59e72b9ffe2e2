import Foundation
import Testing
@testable import Archiver

@Suite struct BinaryPropertyListWriterTests {
    @Test func writesTheSmallestLayout() throws {
        let data = try PropertyListCoding.data(for: ["a": 1])
        let expected: [UInt8] = Array("bplist00".utf8) + [
            0x51, 0x61,                  // object 1 at 8: "a"
            0x10, 0x01,                  // object 2 at 10: 1
            0xD1, 0x01, 0x02,            // object 0 at 12: { 1: 2 }
            0x0C, 0x08, 0x0A,            // offset table at 15
            0, 0, 0, 0, 0, 0, 1, 1,
            0, 0, 0, 0, 0, 0, 0, 3,      // objects
            0, 0, 0, 0, 0, 0, 0, 0,      // top object
            0, 0, 0, 0, 0, 0, 0, 15,     // offset table
        ]
        #expect(Array(data) == expected)
    }

    @Test(arguments: [
        (Int64(0), [0x10, 0x00]),
        (255, [0x10, 0xFF]),
        (256, [0x11, 0x01, 0x00]),
        (65_536, [0x12, 0x00, 0x01, 0x00, 0x00]),
        (1 << 32, [0x13, 0, 0, 0, 0x01, 0, 0, 0, 0]),
        (-1, [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
    ] as [(Int64, [UInt8])])
    func writesIntegersInTheFewestBytes(value: Int64, encoded: [UInt8]) throws {
        let data = try PropertyListCoding.data(for: ["a": value])
        #expect(Array(data[10 ..< 10 + encoded.count]) == encoded)
    }

    @Test func writesLargeUnsignedAsSixteenBytes() throws {
        let data = try PropertyListCoding.data(for: ["a": UInt64.max])
        #expect(Array(data[10 ..< 27]) == [0x14] + Array(repeating: 0, count: 8) + Array(repeating: 0xFF, count: 8))
    }

    /// JSONSerialization on Linux reads `-9223372036854775807` as an NSDecimalNumber whose C type
    /// is `double`: written as a real, a response's id lost its last digits on store.
    @Test func writesIntegralDecimalNumbersAsIntegers() throws {
        let response = try #require(try JSONSerialization.jsonObject(with: Data("[-9223372036854775807, 18446744073709551615, 0.5]".utf8)) as? [Any])
        let data = try PropertyListCoding.data(for: ["a": response[0], "b": response[1], "c": response[2]])
        let read = try PropertyListCoding.archive(from: data)
        #expect((read["a"] as? NSNumber)?.int64Value == -9223372036854775807)
        #expect((read["b"] as? NSNumber)?.uint64Value == .max)
        #expect((read["c"] as? NSNumber)?.doubleValue == 0.5)
        let decimal = try PropertyListCoding.data(for: ["a": NSDecimalNumber(string: "-4611686018427387905")])
        #expect((try PropertyListCoding.archive(from: decimal)["a"] as? NSNumber)?.stringValue == "-4611686018427387905")
    }

    @Test func writesStringsAsASCIIOrUTF16() throws {
        let ascii = try PropertyListCoding.data(for: ["a": "ab"])
        #expect(Array(ascii[10 ..< 13]) == [0x52, 0x61, 0x62])
        let astral = try PropertyListCoding.data(for: ["a": "é𝄞"])
        #expect(Array(astral[10 ..< 17]) == [0x63, 0x00, 0xE9, 0xD8, 0x34, 0xDD, 0x1E])
    }

    @Test func writesDatesAsSecondsSince2001() throws {
        let data = try PropertyListCoding.data(for: ["a": Date(timeIntervalSinceReferenceDate: 1)])
        #expect(Array(data[10 ..< 19]) == [0x33, 0x3F, 0xF0, 0, 0, 0, 0, 0, 0])
    }

    @Test func writesEachKeyOnce() throws {
        let data = try PropertyListCoding.data(for: PropertyListFixtures.user(reviewCount: 50))
        let occurrences = data.indices.filter { data[$0...].starts(with: Array("restaurant".utf8)) }
        #expect(occurrences.count == 1)
    }

    @Test func tellsBooleansFromNumbers() throws {
        let archive: Archive = [
            "Bool": true,
            "NSNumber(true)": NSNumber(value: true),
            "NSNumber(1)": NSNumber(value: 1),
            "NSNumber(Int8 1)": NSNumber(value: Int8(1)),
            "Int 1": 1,
        ]
        let read = try PropertyListCoding.archive(from: PropertyListCoding.data(for: archive))
        #expect(read["Bool"] as? Bool == true && isBoolean(read["Bool"]!))
        #expect(isBoolean(read["NSNumber(true)"]!))
        for key in ["NSNumber(1)", "NSNumber(Int8 1)", "Int 1"] {
            #expect(!isBoolean(read[key]!), "\(key)")
            #expect(read[key] as? Int == 1, "\(key)")
        }
    }

    @Test func acceptsFoundationAndBridgedContainers() throws {
        let archive: Archive = [
            "NSArray": NSArray(array: ["a", 1]),
            "NSDictionary": NSDictionary(dictionary: ["k": "v"]),
            "AnyHashable keys": [AnyHashable("k"): 1] as [AnyHashable: Any],
            "[String: String]": ["k": "v"],
            "[Int]": [1, 2, 3],
            "NSString": NSString(string: "s"),
            "NSData": NSData(data: Data([1])),
            "NSDate": NSDate(timeIntervalSinceReferenceDate: 5),
            "NSNumber Double": NSNumber(value: 0.5),
            "NSNumber Float": NSNumber(value: Float(0.25)),
            "NSNumber UInt64.max": NSNumber(value: UInt64.max),
            "NSNumber Int64.min": NSNumber(value: Int64.min),
        ]
        let read = try PropertyListCoding.archive(from: PropertyListCoding.data(for: archive))
        #expect(PropertyListValue(read) == PropertyListValue(archive))
    }

    @Test func namesTheUnsupportedValue() {
        let cases: [(Archive, keyPath: String, found: String)] = [
            (["photo": NSNull()], "photo", "null"),
            (["reviews": [["id": "1"], ["photo": URL(fileURLWithPath: "/x")]] as [Archive]], "reviews[1].photo", "URL"),
            (["a": [[1], [2, NSNull()]] as [[Any]]], "a[1][1]", "null"),
            (["a": ["b": ["c": Substring("x")] as Archive] as Archive], "a.b.c", "Substring"),
            (["keys": [AnyHashable(1): "one"] as [AnyHashable: Any]], "keys", "dictionary key number 1"),
        ]
        for (archive, keyPath, found) in cases {
            #expect(throws: PropertyListError.unsupportedValue(keyPath: keyPath, found: found)) {
                try PropertyListCoding.data(for: archive)
            }
        }
    }

    @Test func refusesNestingDeeperThanTheLimit() throws {
        var archive: Archive = ["leaf": 1]
        for _ in 0 ..< 3 { archive = ["n": archive] }
        _ = try PropertyListCoding.data(for: archive, maximumDepth: 4)
        #expect(throws: PropertyListError.unsupportedValue(keyPath: "n.n.n", found: "nesting deeper than 3")) {
            try PropertyListCoding.data(for: archive, maximumDepth: 3)
        }
    }
}
