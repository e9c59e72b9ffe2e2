import Foundation
import Testing
@testable import Archiver

/// The differences the CodableBridge article documents, checked on the Foundation that runs here.
@Suite("Codable differences, as documented")
struct CodableDifferencesTests {
    private func propertyListEncoded<Value: Encodable>(_ value: Value) throws -> Archive {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return try PropertyListCoding.archive(from: encoder.encode(value))
    }

    @Test("PropertyListEncoder writes a URL as a dictionary; ArchiveEncoder as its string")
    func url() throws {
        struct Link: Codable { var url: URL }
        let link = Link(url: URL(string: "https://a.b/menu")!)
        #expect(try propertyListEncoded(link)["url"] as? [String: String] == ["relative": "https://a.b/menu"])
        #expect(try ArchiveEncoder().encode(link)["url"] as? String == "https://a.b/menu")
    }

    @Test("a nil in an array: \"$null\" from PropertyListEncoder, left out by ArchiveEncoder as by a key map")
    func nilInArray() throws {
        struct Slots: Codable { var names: [String?] }
        #expect(try propertyListEncoded(Slots(names: ["a", nil]))["names"] as? [String] == ["a", "$null"])
        #expect(try ArchiveEncoder().encode(Slots(names: ["a", nil]))["names"] as? [String] == ["a"])
        #expect(([String?](["a", nil]).keyMapArchiveValue as? [String]) == ["a"])
    }

    @Test("a nil optional written into a hand-written archive is not storable")
    func handWrittenNil() throws {
        let note: String? = nil
        let archive: Archive = ["note": note as Any]
        #expect(throws: PropertyListError.self) { try PropertyListCoding.data(for: archive) }
    }

    @Test("synthesized Decodable has no default for a missing key, even with an initial value")
    func noDefaults() throws {
        struct Counter: Codable { var id: String; var visits = 0 }
        #expect(throws: ArchiveDecodingError(type: Counter.self, path: [.key("visits")], reason: .missingValue(expected: "Int"))) {
            try ArchiveDecoder().decode(Counter.self, from: ["id": "a"])
        }
        let data = try PropertyListCoding.data(for: ["id": "a"])
        #expect(throws: DecodingError.self) { try PropertyListDecoder().decode(Counter.self, from: data) }
    }

    @Test("Date and Data are the property list's own both ways; Decimal is a dictionary from PropertyListEncoder, its text from ArchiveEncoder")
    func dateDataDecimal() throws {
        struct Stamp: Codable { var when: Date; var bytes: Data; var amount: Decimal }
        let stamp = Stamp(when: Date(timeIntervalSinceReferenceDate: 3), bytes: Data([1]), amount: Decimal(string: "1.25")!)
        let viaPropertyListEncoder = try propertyListEncoded(stamp)
        let viaArchiveEncoder = try ArchiveEncoder().encode(stamp)
        #expect(viaPropertyListEncoder["when"] as? Date == stamp.when)
        #expect(viaArchiveEncoder["when"] as? Date == stamp.when)
        #expect(viaPropertyListEncoder["bytes"] as? Data == stamp.bytes)
        #expect(viaArchiveEncoder["bytes"] as? Data == stamp.bytes)
        #expect(viaPropertyListEncoder["amount"] is Archive)
        #expect(viaArchiveEncoder["amount"] as? String == "1.25")
        #expect(try ArchiveDecoder().decode(Stamp.self, from: viaArchiveEncoder).amount == stamp.amount)
        #expect(try ArchiveDecoder().decode(Stamp.self, from: viaPropertyListEncoder).amount == stamp.amount)
    }
}
