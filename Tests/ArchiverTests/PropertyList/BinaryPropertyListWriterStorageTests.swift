import Foundation
import Testing
@testable import Archiver

/// Writes reuse the arrays of the last one (``BinaryPropertyListWriter/Storage``): what a write
/// produces never depends on what an earlier, larger, failed or concurrent one left in them.
struct BinaryPropertyListWriterStorageTests {
    /// `count` records whose strings carry `tag`; the numbers and the strings repeat across tags.
    static func archive(count: Int, tag: String) -> Archive {
        ["tag": tag, "records": (0..<count).map { index -> Archive in
            ["n": index, "s": "\(tag)-\(index)", "shared": "record-\(index % 7)", "é": "\(tag) é \(index)"]
        }]
    }

    static func records(of data: Data) throws -> [[String: Any]] {
        let decoded = try PropertyListSerialization.propertyList(from: data, format: nil)
        return try #require((decoded as? [String: Any])?["records"] as? [[String: Any]])
    }

    @Test func aSmallWriteAfterALargeOneWritesTheSameBytesAsAFreshOne() throws {
        let small = Self.archive(count: 3, tag: "small")
        let fresh = try PropertyListCoding.data(for: small)
        // Strings of the large write that the small one repeats ("record-1") must not resolve to
        // the large write's object numbers: the string table is emptied between writes.
        let large = try PropertyListCoding.data(for: Self.archive(count: 5_000, tag: "large"))
        #expect(try Self.records(of: large).count == 5_000)
        let reused = try PropertyListCoding.data(for: small)
        #expect(reused == fresh)
        let records = try Self.records(of: reused)
        #expect(records.map { $0["s"] as? String } == ["small-0", "small-1", "small-2"])
        #expect(records.map { $0["shared"] as? String } == ["record-0", "record-1", "record-2"])
    }

    /// Emptying the string table clears exactly the slots its strings took, also after it grew:
    /// none of them is found afterwards, and the table fills again as a new one does.
    @Test func anEmptiedStringTableFindsNothingAndFillsAgain() {
        func add(_ texts: [String], to table: inout StringTable) {
            for (object, text) in texts.enumerated() {
                var text = text
                ByteReader.withUTF8(of: &text) { bytes in
                    let hash = StringTable.hash(bytes)
                    if case .absent(let slot) = table.find(bytes, hash: hash) {
                        table.insert(bytes, hash: hash, object: object, at: slot)
                    }
                }
            }
        }
        func objects(of texts: [String], in table: StringTable) -> [Int?] {
            texts.map { text in
                var text = text
                return ByteReader.withUTF8(of: &text) { bytes in
                    if case .found(let object) = table.find(bytes, hash: StringTable.hash(bytes)) { return object }
                    return nil
                }
            }
        }
        let many = (0..<5_000).map { "string-\($0)" }
        var table = StringTable()
        add(many, to: &table)
        #expect(objects(of: many, in: table) == Array(0..<5_000))
        table.removeAll()
        #expect(objects(of: many, in: table).allSatisfy { $0 == nil })
        let few = ["string-7", "other", ""]
        add(few, to: &table)
        #expect(objects(of: few, in: table) == [0, 1, 2])
        #expect(objects(of: ["string-8", "string-4999"], in: table) == [nil, nil])
        // A few strings in the grown table: only their slots are cleared.
        table.removeAll()
        #expect(objects(of: few + many, in: table).allSatisfy { $0 == nil })
        add(many.reversed(), to: &table)
        #expect(objects(of: ["string-4999", "string-0"], in: table) == [0, 4_999])
    }

    @Test func aWriteAfterAFailedOneIsWhole() throws {
        var failing = Self.archive(count: 2_000, tag: "failing")
        failing["zzz"] = NSObject()
        #expect(throws: PropertyListError.self) { try PropertyListCoding.data(for: failing) }
        let archive = Self.archive(count: 10, tag: "after")
        let data = try PropertyListCoding.data(for: archive)
        let records = try Self.records(of: data)
        #expect(records.count == 10)
        #expect(records.last?["é"] as? String == "after é 9")
        #expect(records.last?["n"] as? Int == 9)
    }

    @Test func concurrentWritesEachWriteTheirOwnValue() async throws {
        let results = await concurrentResults(workers: 8, repeating: 5) { worker in
            let data = try PropertyListCoding.data(for: Self.archive(count: 1_000 + worker * 100, tag: "w\(worker)"))
            return try Self.records(of: data).compactMap { $0["s"] as? String }
        }
        for worker in 0..<8 {
            let strings = try #require(results[worker])
            #expect(strings == (0..<1_000 + worker * 100).map { "w\(worker)-\($0)" })
        }
    }
}
