import Foundation
import Testing
@testable import Archiver

@Suite("ArchiveEncoder")
struct CodableArchiveEncoderTests {
    @Test("holds property-list values as a hand-written archive would")
    func encodesPropertyListValues() throws {
        let archive = try ArchiveEncoder().encode(Everything.sample)
        #expect(archive["text"] as? String == "Soup")
        #expect(archive["count"] as? Int == 42)
        #expect(archive["small"] as? Int8 == -3)
        // Above Int64.max, as its decimal text: the integer rule of the one table.
        #expect(archive["huge"] as? String == "18446744073709551615")
        #expect(archive["ratio"] as? Double == 0.25)
        #expect(archive["flag"] as? Bool == true)
        #expect(archive["when"] as? Date == Everything.sample.when)
        #expect(archive["blob"] as? Data == Data([0, 1, 2, 255]))
        #expect(archive["link"] as? String == "https://example.com/menu?item=soup")
        #expect(archive["tags"] as? [String] == ["hot", "lunch"])
        #expect(archive["scores"] as? [String: Int] == ["taste": 5, "price": 3])
        let nested = try #require(archive["nested"] as? Archive)
        #expect(nested["name"] as? String == "bread")
    }

    @Test("leaves nil out of dictionaries")
    func omitsNilKeys() throws {
        let archive = try ArchiveEncoder().encode(Everything.sample)
        #expect(archive["note"] == nil)
        #expect(archive.keys.contains("note") == false)
        let nested = try #require(archive["nested"] as? Archive)
        #expect(Set(nested.keys) == ["name"])
    }

    @Test("an archive it makes is written by the core as it is")
    func archiveIsStorable() throws {
        let archive = try ArchiveEncoder().encode(Everything.sample)
        let data = try PropertyListCoding.data(for: archive)
        let read = try PropertyListCoding.archive(from: data)
        #expect(read["link"] as? String == "https://example.com/menu?item=soup")
        #expect(read["huge"] as? String == "18446744073709551615")
        #expect(try ArchiveDecoder().decode(Everything.self, from: read).huge == .max)
    }

    @Test("a nil in an array is left out, as a key map leaves it out")
    func nilInArrayIsLeftOut() throws {
        let note = CodableNote(id: "n1", text: "x", tags: ["a", nil])
        #expect(try ArchiveEncoder().encode(note)["tags"] as? [String] == ["a"])
    }

    @Test("a value whose encode(to:) throws fails with its coding path")
    func refusingValueThrows() {
        struct Crate: Codable { var items: [Refusing] }
        let error = #expect(throws: ArchiveEncodingError.self) { try ArchiveEncoder().encode(Crate(items: [Refusing(id: "r", amount: -1)])) }
        #expect(error?.path == [.key("items"), .index(0), .key("amount")])
        #expect(error?.reason == .invalidValue("amount must not be negative"))
    }

    @Test("a value that is not a dictionary is no archive, but is a property-list value")
    func singleValues() throws {
        #expect(throws: ArchiveEncodingError(type: Int.self, reason: .notADictionary(found: "number 42"))) {
            try ArchiveEncoder().encode(42)
        }
        #expect(try ArchiveEncoder().encodeValue(42) as? Int == 42)
        #expect(try ArchiveEncoder().encodeValue(URL(string: "https://a.b/c")!) as? String == "https://a.b/c")
        #expect(try ArchiveEncoder().encodeValue(["b", "a"]) as? [String] == ["b", "a"])
        #expect(throws: ArchiveEncodingError(type: String?.self, reason: .nilValue)) {
            try ArchiveEncoder().encodeValue(String?.none)
        }
    }

    @Test("an error thrown by encode(to:) keeps its coding path")
    func userErrorKeepsPath() {
        do {
            _ = try ArchiveEncoder().encode(Refusing(id: "r", amount: -1))
            Issue.record("expected an error")
        } catch {
            #expect(error.path == [.key("amount")])
            #expect(error.reason == .invalidValue("amount must not be negative"))
            #expect(error.description == "Refusing.amount: amount must not be negative")
        }
    }

    @Test("asking for two kinds of container at one place throws instead of trapping")
    func conflictingContainers() {
        struct Confused: Encodable {
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: ArchiveCodingKey.self)
                try keyed.encode(1, forKey: ArchiveCodingKey(stringValue: "a"))
                var unkeyed = encoder.unkeyedContainer()
                try unkeyed.encode(2)
            }
        }
        #expect(throws: ArchiveEncodingError.self) { try ArchiveEncoder().encode(Confused()) }
    }

    @Test("a subclass and its superclass share the keyed container, or nest under super")
    func classInheritance() throws {
        let archive = try ArchiveEncoder().encode(Dish(name: "soup", spicy: true))
        #expect(archive["name"] as? String == "soup")
        #expect(archive["spicy"] as? Bool == true)
        let nested = try ArchiveEncoder().encode(NestedDish(name: "bread", crusty: true))
        #expect((nested["super"] as? Archive)?["name"] as? String == "bread")
        #expect(try ArchiveDecoder().decode(NestedDish.self, from: nested).name == "bread")
    }

    @Test("userInfo reaches encode(to:)")
    func userInfoReachesValue() throws {
        var encoder = ArchiveEncoder()
        encoder.userInfo[Tagged.prefixKey] = "v2-"
        let archive = try encoder.encode(Tagged(name: "a"))
        #expect(archive["name"] as? String == "v2-a")
    }
}

class Food: Codable {
    var name: String
    init(name: String) { self.name = name }
}

final class Dish: Food, @unchecked Sendable {
    var spicy: Bool
    enum CodingKeys: String, CodingKey { case spicy }
    init(name: String, spicy: Bool) {
        self.spicy = spicy
        super.init(name: name)
    }
    required init(from decoder: any Decoder) throws {
        spicy = try decoder.container(keyedBy: CodingKeys.self).decode(Bool.self, forKey: .spicy)
        try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(spicy, forKey: .spicy)
        try super.encode(to: encoder)
    }
}

final class NestedDish: Food, @unchecked Sendable {
    var crusty: Bool
    enum CodingKeys: String, CodingKey { case crusty }
    init(name: String, crusty: Bool) {
        self.crusty = crusty
        super.init(name: name)
    }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        crusty = try container.decode(Bool.self, forKey: .crusty)
        try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(crusty, forKey: .crusty)
        try super.encode(to: container.superEncoder())
    }
}

struct Tagged: Encodable {
    static let prefixKey = CodingUserInfoKey(rawValue: "prefix")!
    var name: String
    enum CodingKeys: String, CodingKey { case name }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode((encoder.userInfo[Self.prefixKey] as? String ?? "") + name, forKey: .name)
    }
}
