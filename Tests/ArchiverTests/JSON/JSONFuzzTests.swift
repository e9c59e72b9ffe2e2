import Foundation
import Testing
@testable import Archiver
import TutorialData

/// Seeded fuzzing of the JSON reader and the key map's JSON door, quick enough for every run.
/// Set `ARCHIVER_SEED` to replay a failure; `ARCHIVER_STRESS=1` runs twenty times as many rounds.
struct JSONFuzzTests {
    /// A random JSON value, as text (with random whitespace and escapes) and as the Foundation
    /// objects the text stands for.
    static func randomValue(depth: Int, using random: inout SeededGenerator) -> (text: String, value: Any) {
        let space = [" ", "", "\n", "\t", "\r\n"].randomElement(using: &random)!
        switch Int.random(in: 0..<(depth > 6 ? 5 : 8), using: &random) {
        case 0: return ("null", NSNull())
        case 1:
            let flag = Bool.random(using: &random)
            return ("\(flag)", flag)
        case 2:
            let integer = Int64(bitPattern: random.next()) >> UInt64.random(in: 0..<63, using: &random)
            return ("\(integer)", integer)
        case 3:
            let double = Double(bitPattern: random.next())
            guard double.isFinite else { return ("0.5", 0.5) }
            return ("\(double)", double)
        case 4:
            let string = randomString(using: &random)
            return (quoted(string, using: &random), string)
        case 5, 6:
            let count = Int.random(in: 0..<5, using: &random)
            let elements = (0..<count).map { _ in randomValue(depth: depth + 1, using: &random) }
            return ("[" + space + elements.map(\.text).joined(separator: "," + space) + "]", elements.map(\.value))
        default:
            var dictionary: [String: Any] = [:]
            var members: [String] = []
            for _ in 0..<Int.random(in: 0..<5, using: &random) {
                let key = randomString(using: &random)
                let element = randomValue(depth: depth + 1, using: &random)
                dictionary[key] = element.value
                members.append(quoted(key, using: &random) + space + ":" + element.text)
            }
            return ("{" + members.joined(separator: ",") + space + "}", dictionary)
        }
    }

    static func randomString(using random: inout SeededGenerator) -> String {
        let alphabet: [Character] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "é", "€", "𝄞", "\u{7F}", "\u{FFFF}"]
        return String((0..<Int.random(in: 0..<8, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
    }

    /// `string` as a JSON string literal, escaping what must be escaped and, at random, more.
    static func quoted(_ string: String, using random: inout SeededGenerator) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += Bool.random(using: &random) ? "\\n" : "\\u000a"
            case _ where scalar.value < 0x20 || Bool.random(using: &random) && scalar.value > 0x7F:
                for unit in String(scalar).utf16 { text += "\\u" + String(format: "%04X", unit) }
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    /// Whether two JSON values as Foundation objects are the same, numbers by value.
    static func same(_ lhs: Any, _ rhs: Any) -> Bool {
        switch (lhs, rhs) {
        case (is NSNull, is NSNull): return true
        case (let lhs as String, let rhs as String): return lhs == rhs
        case (let lhs as [Any], let rhs as [Any]): return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy(same)
        case (let lhs as [String: Any], let rhs as [String: Any]):
            return lhs.count == rhs.count && lhs.allSatisfy { key, value in rhs[key].map { same(value, $0) } ?? false }
        case (let lhs as NSNumber, let rhs as NSNumber): return isBoolean(lhs) == isBoolean(rhs) && lhs == rhs
        default: return false
        }
    }

    @Test func randomValidTextsReadAsTheValuesTheyWrite() throws {
        var inputs = 0
        for seed in SeededGenerator.seeds {
            var random = SeededGenerator(seed: seed)
            for round in 0..<Reliability.scale(300, stress: 6_000) {
                let (text, value) = Self.randomValue(depth: 0, using: &random)
                inputs += 1
                let document = try JSONDocument(data: Data(text.utf8))
                let read = try document.foundationObject(at: 0)
                #expect(Self.same(read, value), "seed \(seed), round \(round): \(text)")
            }
        }
        Reliability.report("json-random-texts", ["inputs": inputs, "crashes": 0, "seeds": SeededGenerator.seeds.count])
    }

    @Test func mutatedTextsNeverCrashAndErrorsPointInsideTheText() throws {
        var inputs = 0, accepted = 0
        let sources = [tutorialJSON, SerializableJSONTests.everythingJSON].map { Array($0.utf8) }
        let bytes: [UInt8] = Array(#"{}[],:"\u0tfn-+.eE019 é"#.utf8) + [0x00, 0x0A, 0xC3, 0xED, 0xF4, 0xFF]
        for seed in SeededGenerator.seeds {
            var random = SeededGenerator(seed: seed)
            for _ in 0..<Reliability.scale(200, stress: 4_000) {
                var text = sources.randomElement(using: &random)!
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let at = Int.random(in: 0..<text.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: text.remove(at: at)
                    case 1: text.insert(bytes.randomElement(using: &random)!, at: at)
                    default: text[at] = bytes.randomElement(using: &random)!
                    }
                }
                inputs += 1
                let data = Data(text)
                do {
                    let document = try JSONDocument(data: data)
                    accepted += 1
                    _ = try? document.foundationObject(at: 0)
                    try expectBothDoorsAgree(Derived.User.self, data) { sameArchive($0.archiveValue, $1.archiveValue) }
                    try expectBothDoorsAgree(KeyMappedEverything.self, data, same: ==)
                } catch let error as JSONSyntaxError {
                    #expect(error.byteOffset <= data.count)
                    #expect(error.line >= 1 && error.column >= 1)
                }
            }
        }
        #expect(accepted > 0 && accepted < inputs)
        Reliability.report("json-mutated-texts", ["inputs": inputs, "accepted": accepted, "crashes": 0, "seeds": SeededGenerator.seeds.count])
    }

    /// Every key of a value of every property type, replaced by values of every JSON type.
    @Test func wrongValuesAtEveryKeyFailTheSameWayThroughBothDoors() throws {
        let base = try responseObject(SerializableJSONTests.everythingJSON)
        let wrong: [Any] = [NSNull(), 0, -1, 4.5, 1e300, NSNumber(value: UInt64.max), true, "", "4x", "2016-06-01", [Any](), [1, 2], [String: Any](), ["id": 42]]
        for key in base.keys.sorted() {
            for value in wrong.map(Optional.some) + [nil] {
                var object = base
                object[key] = value
                let data = try JSONSerialization.data(withJSONObject: object)
                try expectBothDoorsAgree(KeyMappedEverything.self, data, same: ==)
            }
        }
    }

    /// Whether `error` refuses an integer literal that fits neither `Int64` nor `UInt64`.
    static func isBeyond64Bits(_ error: ArchiveDecodingError) -> Bool {
        guard case .invalidValue(_, let found) = error.reason, found.hasPrefix("number ") else { return false }
        let literal = found.dropFirst("number ".count)
        return literal.allSatisfy { $0.isNumber || $0 == "-" } && Int64(literal) == nil && UInt64(literal) == nil
    }

    /// `decode(json:)` gives what `JSONSerialization` and `decode(responseObject:)` give: the
    /// same value, or an error at the same key path.
    func expectBothDoorsAgree<Model: KeyMapped>(
        _ type: Model.Type, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation, same: (Model, Model) -> Bool
    ) throws {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? ResponseObject else { return }
        let fromText = Result { () throws(ArchiveDecodingError) in try Model.decode(json: data) }
        let fromObject = Result { () throws(ArchiveDecodingError) in try Model.decode(responseObject: object) }
        switch (fromText, fromObject) {
        case (.success(let text), .success(let object)):
            #expect(same(text, object), sourceLocation: sourceLocation)
        case (.failure(let text), .failure(let object)):
            #expect(text.keyPath == object.keyPath, "\(text) / \(object)", sourceLocation: sourceLocation)
        case (.failure(let text), .success) where Self.isBeyond64Bits(text):
            // JSONSerialization rounds such an integer to a Double before the key map sees it,
            // so the old door reads a nearby value; the text door refuses it, as lossless reading must.
            break
        default:
            Issue.record("the doors disagree on \(String(decoding: data, as: UTF8.self)): \(fromText) / \(fromObject)", sourceLocation: sourceLocation)
        }
    }
}
