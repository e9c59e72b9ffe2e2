import Foundation
import Testing
@testable import Archiver

@Suite("ArchiveDecoder")
struct CodableArchiveDecoderTests {
    @Test("decodes what ArchiveEncoder encodes, to an equal value")
    func roundTripInMemory() throws {
        let archive = try ArchiveEncoder().encode(Everything.sample)
        #expect(try ArchiveDecoder().decode(Everything.self, from: archive) == Everything.sample)
    }

    @Test("decodes the archive after a trip through a property-list file, as Foundation reads it back")
    func roundTripThroughBytes() throws {
        let data = try PropertyListCoding.data(for: ArchiveEncoder().encode(Everything.sample))
        let root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        // Not normalised: nested dictionaries may be [AnyHashable: Any] and numbers NSNumber.
        let archive = try #require(ArchiveValueDecoder.dictionary(root))
        #expect(try ArchiveDecoder().decode(Everything.self, from: archive) == Everything.sample)
    }

    @Test("a value of the wrong type names the coding path, what was expected and what was found")
    func typeMismatch() {
        let archive: Archive = ["id": "n1", "text": "x", "tags": ["a", 42]]
        #expect(throws: ArchiveDecodingError(type: CodableNote.self, path: [.key("tags"), .index(1)],
                                             reason: .typeMismatch(expected: "String", found: "number 42"))) {
            try ArchiveDecoder().decode(CodableNote.self, from: archive)
        }
    }

    @Test("a missing key names the key")
    func missingKey() {
        do {
            _ = try ArchiveDecoder().decode(Everything.Inner.self, from: ["optional": 1])
            Issue.record("expected an error")
        } catch {
            #expect(error.path == [.key("name")])
            #expect(error.reason == .missingValue(expected: "String"))
            #expect(error.description == "Inner.name: expected String, found nothing")
        }
    }

    @Test("a missing key or NSNull is nil for an optional, and an error for anything else")
    func nullAndMissing() throws {
        #expect(try ArchiveDecoder().decode(Everything.Inner.self, from: ["name": "a"]).optional == nil)
        #expect(try ArchiveDecoder().decode(Everything.Inner.self, from: ["name": "a", "optional": NSNull()]).optional == nil)
        #expect(throws: ArchiveDecodingError(type: Everything.Inner.self, path: [.key("name")],
                                             reason: .typeMismatch(expected: "String", found: "null"))) {
            try ArchiveDecoder().decode(Everything.Inner.self, from: ["name": NSNull()])
        }
        #expect(throws: ArchiveDecodingError(type: Everything.Inner.self, path: [.key("name")],
                                             reason: .missingValue(expected: "String"))) {
            try ArchiveDecoder().decode(Everything.Inner.self, from: [:])
        }
    }

    @Test("numbers convert only when nothing is lost, by the same rules as key maps")
    func numberConversions() throws {
        let decoder = ArchiveDecoder()
        #expect(try decoder.decode(Double.self, from: 4) == 4)
        #expect(try decoder.decode(Int.self, from: NSNumber(value: 4.0)) == 4)
        #expect(try decoder.decode(UInt64.self, from: NSNumber(value: UInt64.max)) == .max)
        #expect(try decoder.decode(Float.self, from: 0.1) == Float(0.1))
        #expect(throws: ArchiveDecodingError(type: Int.self, reason: .invalidValue(expected: "Int", found: "number 4.5"))) {
            try decoder.decode(Int.self, from: 4.5)
        }
        #expect(throws: ArchiveDecodingError(type: UInt8.self, reason: .invalidValue(expected: "UInt8", found: "number 300"))) {
            try decoder.decode(UInt8.self, from: 300)
        }
        #expect(throws: ArchiveDecodingError(type: Int.self, reason: .typeMismatch(expected: "Int", found: "Bool true"))) {
            try decoder.decode(Int.self, from: true)
        }
        // The key maps' rules: 0 and 1 are Booleans, "4" is the Int 4; 2 and "4x" are not.
        #expect(try decoder.decode(Bool.self, from: 1) == true)
        #expect(try decoder.decode(Int.self, from: "4") == 4)
        #expect(throws: ArchiveDecodingError(type: Bool.self, reason: .invalidValue(expected: "Bool", found: "number 2"))) {
            try decoder.decode(Bool.self, from: 2)
        }
        #expect(throws: ArchiveDecodingError(type: Int.self, reason: .invalidValue(expected: "Int", found: "String \"4x\""))) {
            try decoder.decode(Int.self, from: "4x")
        }
    }

    @Test("dates, data and URLs also read from the strings a server sends")
    func foundationValuesFromStrings() throws {
        let decoder = ArchiveDecoder()
        #expect(try decoder.decode(Date.self, from: "2001-01-01T00:00:10Z") == Date(timeIntervalSinceReferenceDate: 10))
        #expect(try decoder.decode(Date.self, from: "2001-01-01T00:00:10.500Z") == Date(timeIntervalSinceReferenceDate: 10.5))
        #expect(try decoder.decode(Data.self, from: "AAEC/w==") == Data([0, 1, 2, 255]))
        #expect(try decoder.decode(URL.self, from: "https://a.b/c") == URL(string: "https://a.b/c"))
        #expect(throws: ArchiveDecodingError(type: Date.self, reason: .invalidValue(expected: "Date (ISO 8601 such as 2016-06-01T12:00:00Z or 2016-06-01, or seconds since 1970)", found: "String \"yesterday\""))) {
            try decoder.decode(Date.self, from: "yesterday")
        }
        #expect(throws: ArchiveDecodingError(type: URL.self, reason: .invalidValue(expected: "URL", found: "String \"\""))) {
            try decoder.decode(URL.self, from: "")
        }
        #expect(throws: ArchiveDecodingError(type: Data.self, reason: .typeMismatch(expected: "Data (base 64)", found: "number 3"))) {
            try decoder.decode(Data.self, from: 3)
        }
    }

    @Test("a value of the wrong shape throws instead of trapping")
    func wrongShapes() {
        #expect(throws: ArchiveDecodingError(type: Everything.Inner.self,
                                             reason: .typeMismatch(expected: "dictionary", found: "array of 1"))) {
            try ArchiveDecoder().decode(Everything.Inner.self, from: [1])
        }
        #expect(throws: ArchiveDecodingError(type: [Int].self, reason: .typeMismatch(expected: "[Int]", found: "String \"x\""))) {
            try ArchiveDecoder().decode([Int].self, from: "x")
        }
        #expect(throws: ArchiveDecodingError.self) {
            try ArchiveDecoder().decode(Pair.self, from: [1])
        }
    }

    @Test("errors thrown by init(from:) keep their coding path, and user code catching DecodingError still works")
    func userErrors() throws {
        do {
            _ = try ArchiveDecoder().decode(Positive.self, from: ["value": -1])
            Issue.record("expected an error")
        } catch {
            #expect(error.path == [.key("value")])
            #expect(error.reason == .custom("must be positive"))
        }
        // A type that catches keyNotFound to default a value sees the DecodingError it expects.
        #expect(try ArchiveDecoder().decode(Defaulting.self, from: [:]).count == 7)
    }

    @Test("decode(_:from:) errors of one property nest under the enclosing type for a hand-written conformance")
    func nestedEntryPoint() {
        do {
            _ = try ArchiveDecoder().decode([Int].self, from: [1, "two"])
            Issue.record("expected an error")
        } catch {
            let nested = error.nested(in: CodableNote.self, at: [.key("counts")])
            #expect(nested.description == "CodableNote.counts[1]: expected Int, found String \"two\"")
        }
    }
}

/// Two values in an unkeyed container, to run past the end of a shorter array.
struct Pair: Decodable {
    var first: Int
    var second: Int
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        first = try container.decode(Int.self)
        second = try container.decode(Int.self)
    }
}

struct Positive: Decodable {
    var value: Int
    enum CodingKeys: String, CodingKey { case value }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(Int.self, forKey: .value)
        guard value > 0 else {
            throw DecodingError.dataCorruptedError(forKey: .value, in: container, debugDescription: "must be positive")
        }
    }
}

struct Defaulting: Decodable {
    var count: Int
    enum CodingKeys: String, CodingKey { case count }
    init(from decoder: any Decoder) throws {
        do {
            count = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .count)
        } catch DecodingError.keyNotFound {
            count = 7
        }
    }
}
