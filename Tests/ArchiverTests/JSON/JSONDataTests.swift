import Foundation
import Testing
@testable import Archiver

/// `jsonData()` writes the server's JSON by a value's key map, and `decode(json:)` of it gives the
/// value back.
struct JSONDataTests {
    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func randomValuesOfEveryPropertyTypeComeBackEqual() throws {
        let seed = SeededGenerator.seed(default: 0x0015_0A0D)
        var random = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let value = random.everything()
            let json = try value.jsonData()
            #expect(try KeyMappedEverything.decode(json: json) == value, "seed \(seed): \(String(decoding: json, as: UTF8.self))")
            // Standard JSON, as another stack reads it.
            #expect(try JSONSerialization.jsonObject(with: json) is [String: Any])
        }
    }

    @Test func serverKeysNestedKeysAndLiteralDotsAreTheServers() throws {
        let repo = NestedRepo(id: 7, ownerLogin: "octo", ownerID: 9, avatar: "a.png", firstName: "Ann", rating: 4)
        let json = try repo.jsonData()
        let written = try object(json)
        #expect((written["owner"] as? [String: Any])?["login"] as? String == "octo")
        #expect((written["owner"] as? [String: Any])?["id"] as? Int == 9)
        #expect(written["avatar_url"] as? String == "a.png")
        #expect(written["first.name"] as? String == "Ann")
        #expect(try NestedRepo.decode(json: json) == repo)
        // The members are in the order of the properties, the nested ones in one object.
        #expect(String(decoding: json, as: UTF8.self) == #"{"id":7,"owner":{"login":"octo","id":9},"avatar_url":"a.png","first.name":"Ann","rating":4}"#)
    }

    @Test func nilIsLeftOutAndExcludedPropertiesAreNotWritten() throws {
        let repo = NestedRepo(id: 1, ownerLogin: "o", ownerID: nil, avatar: "", firstName: "", rating: 0)
        let written = try object(try repo.jsonData())
        #expect((written["owner"] as? [String: Any])?.keys.sorted() == ["login"])
        let priced = Priced(price: 4.5, draft: true)
        let pricedJSON = try object(try priced.jsonData())
        #expect(pricedJSON.keys.sorted() == ["price_cents"])
        #expect(pricedJSON["price_cents"] as? Double == 450)
        #expect(try Priced.decode(json: try priced.jsonData()) == Priced(price: 4.5, draft: false))
    }

    @Test func datesAreRFC3339TextInUTC() throws {
        #expect(JSONWriter.rfc3339(Date(timeIntervalSince1970: 1_574_553_600)) == "2019-11-24T00:00:00Z")
        #expect(JSONWriter.rfc3339(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
        #expect(JSONWriter.rfc3339(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(JSONWriter.rfc3339(Date(timeIntervalSince1970: 0.25)) == "1970-01-01T00:00:00.25Z")
        #expect(JSONWriter.rfc3339(Date(timeIntervalSince1970: 1e12)) == nil)
        // Every day of four years, leap days and month ends included, against Foundation's calendar.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for day in stride(from: 10_957, to: 10_957 + 4 * 366, by: 1) {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400 + 3_723)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let expected = String(format: "%04d-%02d-%02dT01:02:03Z", parts.year!, parts.month!, parts.day!)
            #expect(JSONWriter.rfc3339(date) == expected)
        }
    }

    @Test func stringsAreEscaped() throws {
        var writer = JSONWriter()
        writer.string("a\"b\\c\nd\u{01}é☕️")
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == #""a\"b\\c\nd\u0001é☕️""#)
        #expect(try JSONSerialization.jsonObject(with: Data(writer.bytes), options: .fragmentsAllowed) as? String == "a\"b\\c\nd\u{01}é☕️")
    }

    @Test func aValueJSONCannotHoldIsAnErrorNamingItsKeyPath() throws {
        let everything = KeyMappedEverythingSample.with(double: .infinity)
        #expect {
            _ = try everything.jsonData()
        } throws: { error in
            (error as? ArchiveEncodingError)?.path == [.key("double")]
        }
    }

    @Test func aChainDeeperThanTheReaderReadsIsRefused() throws {
        // Each node is an object and its children an array: 50 nodes are 100 levels of JSON.
        var chain = KeyNodeSample.leaf
        for _ in 0..<49 { chain = KeyNodeSample.node(children: [chain]) }
        #expect(try KeyNodeSample.decode(json: try chain.jsonData()) == chain)
        chain = KeyNodeSample.node(children: [chain])
        #expect(throws: ArchiveEncodingError.self) { _ = try chain.jsonData() }
    }
}

/// A value of every property type with one property chosen.
private enum KeyMappedEverythingSample {
    static func with(double: Double) -> KeyMappedEverything {
        var random = SeededGenerator(seed: 1)
        let base = random.everything()
        return KeyMappedEverything(
            text: base.text, flag: base.flag, int: base.int, int8: base.int8, int16: base.int16, int32: base.int32,
            int64: base.int64, uint: base.uint, uint8: base.uint8, uint16: base.uint16, uint32: base.uint32,
            uint64: base.uint64, double: double, float: base.float, decimal: base.decimal, date: base.date,
            data: base.data, url: base.url, uuid: base.uuid, note: base.note, numbers: base.numbers, tags: base.tags,
            scores: base.scores, cuisine: base.cuisine, priority: base.priority, restaurants: base.restaurants,
            favorite: base.favorite)
    }
}

/// A tree: each level is one object in JSON.
private struct KeyNodeSample: Equatable {
    let name: String
    let children: [KeyNodeSample]

    static let leaf = KeyNodeSample(name: "leaf", children: [])
    static func node(children: [KeyNodeSample]) -> KeyNodeSample { KeyNodeSample(name: "n", children: children) }
}

extension KeyNodeSample: KeyMapped {
    static let keyMap = KeyMap(KeyNodeSample.init, [.property(\.children, default: [])])
}

/// A repository whose owner is written twice: as an object, and its login as `owner.login`.
private struct OverlappingRepo {
    let owner: Derived.Restaurant
    let ownerLogin: String
}

extension OverlappingRepo: KeyMapped {
    static let keyMap = KeyMap(OverlappingRepo.init, [.property(\.ownerLogin, server: "owner.login")])
}

/// What a review of the JSON writer found: each failed before its fix.
struct JSONDataReviewTests {
    @Test func aDateFarOutIsAnErrorNotATrap() throws {
        let far = try Post2.decode(json: Data(#"{"at": 1e19}"#.utf8))
        #expect(throws: ArchiveEncodingError.self) { _ = try far.jsonData() }
        #expect(JSONWriter.rfc3339(Date(timeIntervalSince1970: -1e19)) == nil)
        #expect(JSONWriter.rfc3339(Date(timeIntervalSince1970: 253_402_300_799)) == "9999-12-31T23:59:59Z")
    }

    @Test func everyDateComesBackEqual() throws {
        var random = SeededGenerator(seed: 0xDA7E)
        for _ in 0..<2_000 {
            let interval = Double(Int64.random(in: -2_000_000_000_000 ... 4_000_000_000_000, using: &random)) / 1_000 + Double.random(in: 0..<1, using: &random) / 1_000
            let value = Post2(at: Date(timeIntervalSince1970: interval))
            #expect(try Post2.decode(json: try value.jsonData()) == value, "\(interval)")
        }
        let now = Post2(at: Date())
        #expect(try Post2.decode(json: try now.jsonData()) == now)
    }

    @Test func millisecondsComeBackWhole() throws {
        for count: Int64 in [-233_669_155_234, 1_574_553_600_500, -1, 0, 4_102_444_800_001] {
            let read = try KeyMapDates.millisecondsSince1970.read(NSNumber(value: count))
            #expect(KeyMapDates.millisecondsSince1970.write(read) as? Int64 == count, "\(count)")
        }
    }

    @Test func overlappingServerKeysAreAnErrorNotALoss() throws {
        let repo = OverlappingRepo(owner: Derived.Restaurant(id: "m", name: "Monk's"), ownerLogin: "jerry")
        #expect {
            _ = try repo.jsonData()
        } throws: { error in
            "\(error)".contains("write the same server key owner.login")
        }
    }

    @Test func foundationNumbersKeepTheirKind() throws {
        let text = String(decoding: try CountedWrapper(count: 3).jsonData(), as: UTF8.self)
        #expect(text == #"{"count":{"half":0.5,"n":3,"yes":true}}"#, "\(text)")
    }
}

private struct Post2: Equatable {
    let at: Date
}

extension Post2: KeyMapped {
    static let keyMap = KeyMap(Post2.init)
}

/// A transform that writes Foundation numbers, as a dictionary read from a response holds them.
private struct CountedWrapper {
    let count: Int
}

extension CountedWrapper: KeyMapped {
    static let keyMap = KeyMap(CountedWrapper.init, [.transform(\.count, decode: { value throws(ArchiveDecodingError) in
        try Int(keyMapValue: KeyMapInput((value as? [String: Any])?["n"] ?? value, from: .responseObject))
    }, encode: { count in ["n": NSNumber(value: count), "half": NSNumber(value: 0.5), "yes": NSNumber(value: true)] as [String: Any] })])
}
