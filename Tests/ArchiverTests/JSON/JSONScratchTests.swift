import Foundation
import Testing
@testable import Archiver

/// Large documents reuse the buffers of the last one freed (``JSONScratch``): what a decode reads
/// never depends on what an earlier, longer or concurrent one left in them.
struct JSONScratchTests {
    /// An array of `count` objects whose strings carry `tag`: about 40 bytes each.
    static func text(count: Int, tag: String) -> Data {
        Data(("[" + (0..<count).map { #"{"n": \#($0), "s": "\#(tag)-\#($0)"}"# }.joined(separator: ",") + "]").utf8)
    }

    static func strings(of data: Data) throws -> [String] {
        let document = try JSONDocument(data: data)
        let array = try #require(try document.foundationObject(at: 0) as? [[String: Any]])
        return array.compactMap { $0["s"] as? String }
    }

    @Test func aShorterTextAfterALongerOneReadsOnlyItself() throws {
        let long = Self.text(count: 20_000, tag: "long")
        let short = Self.text(count: 9_000, tag: "short")
        #expect(long.count > JSONScratch.minimum && long.count < JSONScratch.maximum)
        #expect(try Self.strings(of: long).count == 20_000)
        let strings = try Self.strings(of: short)  // in the long text's buffer, past whose end it stops
        #expect(strings.count == 9_000)
        #expect(strings.last == "short-8999")
        // A text that ends inside what the long one left: the zero padding is written afresh.
        let truncated = short.prefix(short.count - 2)
        #expect(throws: JSONSyntaxError.self) { try JSONDocument(data: truncated) }
        #expect(try Self.strings(of: short).first == "short-0")
    }

    @Test func concurrentDecodesEachReadTheirOwnText() async throws {
        let results = await concurrentResults(workers: 8, repeating: 5) { worker in
            try Self.strings(of: Self.text(count: 8_000 + worker * 500, tag: "w\(worker)"))
        }
        for worker in 0..<8 {
            let strings = try #require(results[worker])
            #expect(strings.count == 8_000 + worker * 500)
            #expect(strings.allSatisfy { $0.hasPrefix("w\(worker)-") })
        }
    }
}
