import Foundation
import Testing
@testable import Archiver

/// The reader against JSONTestSuite (nst/JSONTestSuite, MIT; fixtures in JSONTestSuite/) and the
/// choices it documents where RFC 8259 leaves one.
struct JSONReaderTests {
    static let suiteFolder: URL = Bundle.module.url(forResource: "JSONTestSuite/test_parsing", withExtension: nil)!

    static func cases(_ prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: suiteFolder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func read(_ name: String) throws -> Data {
        try Data(contentsOf: suiteFolder.appendingPathComponent(name))
    }

    /// The outcome of reading `data` through to Foundation objects: a value or a syntax error.
    static func parse(_ data: Data) -> Result<Any, JSONSyntaxError> {
        do {
            let document = try JSONDocument(data: data)
            return .success((try? document.foundationObject(at: 0)) as Any)
        } catch {
            return .failure(error)
        }
    }

    @Test func theSuiteIsComplete() {
        #expect(Self.cases("y_").count == 95)
        #expect(Self.cases("n_").count == 188)
        #expect(Self.cases("i_").count == 35)
    }

    @Test(arguments: cases("y_"))
    func acceptsEveryValidText(_ name: String) throws {
        let data = try Self.read(name)
        let document = try JSONDocument(data: data)
        // Every accepted text also converts to Foundation objects, as JSONSerialization's would.
        _ = try document.foundationObject(at: 0)
    }

    @Test(arguments: cases("n_"))
    func rejectsEveryInvalidText(_ name: String) throws {
        let data = try Self.read(name)
        #expect(throws: JSONSyntaxError.self) { try JSONDocument(data: data) }
    }

    @Test(arguments: cases("i_"))
    func decidesEveryUndefinedCaseWithoutCrashing(_ name: String) throws {
        let data = try Self.read(name)
        switch Self.parse(data) {
        case .success: break
        case .failure(let error): #expect(error.byteOffset <= data.count)
        }
    }

    /// The documented choices for the implementation-defined cases.
    @Test func invalidUTF8AndLoneSurrogatesAreErrors() {
        for name in Self.cases("i_string_") {
            #expect(throws: JSONSyntaxError.self, "\(name)") { try JSONDocument(data: try Self.read(name)) }
        }
        #expect(throws: JSONSyntaxError.self) { try JSONDocument(data: try Self.read("i_object_key_lone_2nd_surrogate.json")) }
        #expect(throws: JSONSyntaxError.self) { try JSONDocument(data: try Self.read("i_structure_UTF-8_BOM_empty_object.json")) }
    }

    @Test func numbersOutOfEveryRangeAreReadAndNestingBeyondTheLimitIsNot() throws {
        for name in Self.cases("i_number_") {
            _ = try JSONDocument(data: try Self.read(name))
        }
        #expect(throws: JSONSyntaxError.self) { try JSONDocument(data: try Self.read("i_structure_500_nested_arrays.json")) }
    }

    // MARK: Errors name the place

    @Test func aSyntaxErrorNamesByteLineAndColumn() throws {
        let text = "{\n  \"id\": \"é\",\n  \"name\" \"x\"\n}"
        let error = try #require(Self.parse(Data(text.utf8)).failure)
        #expect(error.line == 3)
        #expect(error.column == 10)
        #expect(error.byteOffset == Array(text.utf8).firstIndex(of: UInt8(ascii: "x"))! - 1)
        #expect(error.message == "expected ':' after a key, found '\"'")
        #expect(error.description == "invalid JSON at line 3, column 10 (byte \(error.byteOffset)): expected ':' after a key, found '\"'")
    }

    @Test func truncatedTextsSayTheTextEnded() throws {
        let error = try #require(Self.parse(Data(#"{"id": [1, 2"#.utf8)).failure)
        #expect(error.message == "expected ',' or ']', found the end of the text")
        #expect(error.byteOffset == 12)
        #expect(try #require(Self.parse(Data()).failure).message == "expected a value, found the end of the text")
    }

    // MARK: Values

    @Test func stringsDecodeEveryEscape() throws {
        let text = #"["\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\uD834\uDD1E", "plain", "é€𝄞"]"#
        let array = try #require(Self.parse(Data(text.utf8)).success as? [String])
        #expect(array == ["\"\\/\u{8}\u{C}\n\r\tAé€𝄞", "plain", "é€𝄞"])
    }

    /// The token indices of the root array's elements.
    static func elements(of document: JSONDocument) -> [Int] {
        var elements: [Int] = []
        var position = 1
        while position < Int(document.tokens[0].next) {
            elements.append(position)
            position = Int(document.tokens[position].next)
        }
        return elements
    }

    @Test func integersAreExactAtEveryWidth() throws {
        let text = "[\(Int64.min), \(Int64.max), \(UInt64.max), -0, 0, 123456789012345678901234567890]"
        let document = try JSONDocument(data: Data(text.utf8))
        let elements = Self.elements(of: document)
        #expect(document.integer(Int64.self, at: elements[0]) == .min)
        #expect(document.integer(Int64.self, at: elements[1]) == .max)
        #expect(document.integer(Int64.self, at: elements[2]) == nil)
        #expect(document.integer(UInt64.self, at: elements[2]) == .max)
        #expect(document.integer(UInt64.self, at: elements[3]) == 0)
        #expect(document.integer(UInt64.self, at: elements[0]) == nil)
        #expect(document.integer(Int8.self, at: elements[4]) == 0)
        let huge = try #require(try document.foundationObject(at: elements[5]) as? NSDecimalNumber)
        #expect(huge.stringValue == "123456789012345678901234567890")
    }

    @Test func doublesRoundTrip() throws {
        var random = SeededGenerator(seed: SeededGenerator.seed(default: 0xD0_0B1E))
        var values: [Double] = [0.1, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .leastNormalMagnitude, 9007199254740992, 123456.789e-20]
        for _ in 0..<2_000 { values.append(Double(bitPattern: random.next())) }
        values = values.filter(\.isFinite)
        let text = "[" + values.map { "\($0)" }.joined(separator: ",") + "]"
        let document = try JSONDocument(data: Data(text.utf8))
        for (value, element) in zip(values, Self.elements(of: document)) {
            #expect(document.double(at: element)?.bitPattern == value.bitPattern, "\(value)")
        }
    }

    @Test func numbersBeyondDoubleAreErrorsNotInfinity() throws {
        let document = try JSONDocument(data: Data("1e400".utf8))
        #expect(document.double(at: 0) == nil)
        #expect(throws: ArchiveDecodingError.self) { try document.foundationObject(at: 0) }
    }

    @Test func duplicateKeysKeepTheLast() throws {
        let object = try #require(Self.parse(Data(#"{"a": 1, "a": 2}"#.utf8)).success as? [String: Int])
        #expect(object == ["a": 2])
    }

    /// The eight-bytes-at-a-time scan of strings finds every byte that needs a look, wherever
    /// it sits in the word, lets plain ASCII through, and points at the first of two.
    @Test func theWordScanFindsTheFirstByteThatNeedsALook() {
        let plain = UInt64(0x61) &* 0x0101_0101_0101_0101
        func placing(_ byte: UInt8, at position: Int, in word: UInt64) -> UInt64 {
            word & ~(0xFF << (8 * UInt64(position))) | UInt64(byte) << (8 * UInt64(position))
        }
        for byte in UInt8.min...UInt8.max {
            let needsALook = byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            for position in 0..<8 {
                let mask = JSONReader.bytesNeedingALook(placing(byte, at: position, in: plain))
                #expect((mask != 0) == needsALook, "byte \(byte) at \(position)")
                if needsALook {
                    #expect(mask.trailingZeroBitCount / 8 == position, "byte \(byte) at \(position)")
                    // A second such byte after it does not move the first.
                    for later in position + 1..<8 {
                        let both = placing(0x00, at: later, in: placing(byte, at: position, in: plain))
                        #expect(JSONReader.bytesNeedingALook(both).trailingZeroBitCount / 8 == position)
                    }
                }
            }
        }
    }

    // MARK: Limits

    @Test func nestingIsBounded() throws {
        let depth = JSONReader.maximumDepth
        let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(try JSONDocument(data: Data(deepest.utf8)).tokens.count == depth)
        let tooDeep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        let error = try #require(Self.parse(Data(tooDeep.utf8)).failure)
        #expect(error.byteOffset == depth)
        #expect(error.message == "arrays and objects nest deeper than \(depth) levels")
    }

    /// Apple's secondary threads get 512 KiB of stack; reading and converting the deepest text
    /// allowed, and rejecting a far deeper one, must fit.
    @Test func deepTextsAreSafeOnA512KiBStack() throws {
        let half = JSONReader.maximumDepth / 2
        let deepest = Data((String(repeating: "[{\"a\":", count: half) + "1" + String(repeating: "}]", count: half)).utf8)
        let hostile = Data(String(repeating: "[", count: 1_000_000).utf8)
        let outcome = Locked<(Bool, Bool)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let deepOK = (try? JSONDocument(data: deepest).foundationObject(at: 0)) != nil
            let hostileRejected = (try? JSONDocument(data: hostile)) == nil
            outcome.withLock { $0 = (deepOK, hostileRejected) }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        let (deepOK, hostileRejected) = try #require(outcome.withLock { $0 })
        #expect(deepOK)
        #expect(hostileRejected)
    }

    /// The worst case for memory is a dense array of one-digit numbers: two bytes of text per
    /// 16-byte token. Typical responses hold a value every 8 to 20 bytes.
    @Test func memoryIsASmallMultipleOfTheText() throws {
        let dense = Data(("[" + Array(repeating: "0", count: 100_000).joined(separator: ",") + "]").utf8)
        let document = try JSONDocument(data: dense)
        let footprint = document.text.count + document.tokens.capacity * MemoryLayout<JSONToken>.stride
        #expect(MemoryLayout<JSONToken>.stride == 16)
        #expect(footprint <= 18 * dense.count)
        let user = try Data(contentsOf: Self.suiteFolder.appendingPathComponent("y_object_basic.json"))
        let small = try JSONDocument(data: user)
        #expect(small.tokens.count == 3)
    }
}

extension Result {
    var success: Success? { if case .success(let value) = self { value } else { nil } }
    var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
}
