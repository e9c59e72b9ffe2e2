import Foundation
import Testing
@testable import Archiver

/// Key maps of initializers of up to twelve parameters, which the fixed-arity overloads of
/// ``KeyMap`` build (``KeyMap/field(_:_:_:_:_:)`` reads each field by code compiled for its type,
/// a JSON text's plain fields through ``KeyMapObject/readPlainJSON(_:of:at:model:)``): each
/// overload gives each parameter its own field, and on the same texts a map built by the
/// parameter-pack initializer, which reads every field through the one field decoder, decodes
/// the same values and throws the same errors.
struct FixedArityKeyMapTests {
    // MARK: Every arity

    @Test func eachOverloadGivesEachParameterItsOwnField() throws {
        func check<Model: KeyMapped>(_: Model.Type, fields count: Int, _ values: (Model) -> [Int]) throws {
            let text = "{" + (0 ..< count).map { #""f\#($0)": \#($0 * 7 + 1)"# }.joined(separator: ", ") + "}"
            let model = try Model.decode(json: Data(text.utf8))
            #expect(values(model) == (0 ..< count).map { $0 * 7 + 1 }, "\(Model.self)")
            #expect(Model.keyMap.fields.map(\.name) == (0 ..< count).map { "f\($0)" })
        }
        try check(Arity1.self, fields: 1) { [$0.f0] }
        try check(Arity2.self, fields: 2) { [$0.f0, $0.f1] }
        try check(Arity3.self, fields: 3) { [$0.f0, $0.f1, $0.f2] }
        try check(Arity4.self, fields: 4) { [$0.f0, $0.f1, $0.f2, $0.f3] }
        try check(Arity5.self, fields: 5) { [$0.f0, $0.f1, $0.f2, $0.f3, $0.f4] }
        try check(Arity6.self, fields: 6) { [$0.f0, $0.f1, $0.f2, $0.f3, $0.f4, $0.f5] }
        try check(Arity7.self, fields: 7) { [$0.f0, $0.f1, $0.f2, $0.f3, $0.f4, $0.f5, $0.f6] }
        try check(Arity8.self, fields: 8) { [$0.f0, $0.f1, $0.f2, $0.f3, $0.f4, $0.f5, $0.f6, $0.f7] }
        try check(Arity9.self, fields: 9) { [$0.f0, $0.f1, $0.f2, $0.f3, $0.f4, $0.f5, $0.f6, $0.f7, $0.f8] }
        try check(Arity10.self, fields: 10) { [$0.f0, $0.f1, $0.f2, $0.f3, $0.f4, $0.f5, $0.f6, $0.f7, $0.f8, $0.f9] }
        try check(Arity11.self, fields: 11) { [$0.f0, $0.f1, $0.f2, $0.f3, $0.f4, $0.f5, $0.f6, $0.f7, $0.f8, $0.f9, $0.f10] }
        try check(Arity12.self, fields: 12) { [$0.f0, $0.f1, $0.f2, $0.f3, $0.f4, $0.f5, $0.f6, $0.f7, $0.f8, $0.f9, $0.f10, $0.f11] }
    }

    // MARK: The same rules as the parameter-pack map

    /// ``ArityProbe``'s map as the parameter-pack initializer builds it.
    static let packMap = KeyMap<ArityProbe>(
        ArityProbe.init, serverKeys: .snakeCase, archiveKeys: .propertyName, properties: ArityProbe.entries,
        site: KeyMapSite(ArityProbe.self, fileID: #fileID, line: #line, column: #column))

    /// Texts that take every branch of a field's read: each plain type read from its token, read
    /// by its conversion from another form, null, missing, unreadable, nested, escaped.
    static let texts: [String] = {
        let valid: [String: String] = [
            "name": #""Monk's""#, "count": "4", "big_number": "9007199254740993", "flag": "true", "ratio": "0.5",
            "tags": #"["a", "b"]"#, "child": #"{"id": "c", "rank": 2}"#, "kids": #"[{"id": "k", "rank": 1}]"#,
        ]
        let variants: [(String, String?)] = [
            ("name", #""a\"b\u00e9""#), ("name", "5"), ("name", "null"), ("name", nil), ("name", "[]"),
            ("count", #""4""#), ("count", "4.0"), ("count", "4.5"), ("count", "1e2"), ("count", "null"), ("count", nil),
            ("count", #""-0""#), ("count", "99999999999999999999"), ("count", #""04""#), ("count", "true"),
            ("big_number", #""12""#), ("big_number", "-9223372036854775808"), ("big_number", "9223372036854775808"),
            ("flag", "1"), ("flag", "null"), ("flag", nil), ("flag", #""true""#),
            ("ratio", "1e400"), ("ratio", "2"), ("ratio", #""1.5""#), ("ratio", "-0.0"), ("ratio", "null"),
            ("tags", #"["a", 1]"#), ("tags", "null"), ("tags", #""a""#),
            ("child", "null"), ("child", #""c""#), ("child", #"{"id": 3}"#), ("child", #"{"rank": 2}"#),
            ("kids", #"[{"id": "k", "rank": 1}, {"id": 2}, {"id": "m", "rank": "3"}]"#), ("kids", "{}"),
        ]
        func text(_ members: [String: String]) -> String {
            "{" + members.keys.sorted().map { #""\#($0)": \#(members[$0]!)"# }.joined(separator: ", ") + "}"
        }
        return [text(valid)] + variants.map { key, value in
            var members = valid
            members[key] = value
            return text(members)
        }
    }()

    /// A decode's outcome, in words: the value, or the error as a user reads it.
    static func outcome(_ decode: () throws(ArchiveDecodingError) -> ArityProbe) -> String {
        do {
            return "\(try decode())"
        } catch {
            return "error: \(error)"
        }
    }

    @Test(arguments: texts)
    func theFixedArityMapDecodesAsTheParameterPackMapDoes(text: String) throws {
        let data = Data(text.utf8)
        let fixed = Self.outcome { () throws(ArchiveDecodingError) in try ArityProbe.decode(json: data) }
        let pack = Self.outcome { () throws(ArchiveDecodingError) in
            try Self.packMap.decode(json: ArityProbe.parse(data), at: 0)
        }
        #expect(fixed == pack)
        // The dictionary door, which the fixed-arity map reads through the field decoder alone
        // (for the texts JSONSerialization reads: not 1e400).
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
        let fromObject = Self.outcome { () throws(ArchiveDecodingError) in try ArityProbe.decode(responseObject: object) }
        let packFromObject = Self.outcome { () throws(ArchiveDecodingError) in try Self.packMap.decode(object, from: .responseObject) }
        #expect(fromObject == packFromObject)
    }

    @Test func droppedElementsAreReportedAsThroughTheParameterPackMap() throws {
        let text = #"{"name": "n", "big_number": 1, "ratio": 1, "tags": [], "kids": [{"id": "k", "rank": 1}, {"id": 2}]}"#
        let fixed = try ArchiveDecodingError.collectingDroppedElements { () throws(ArchiveDecodingError) in
            try ArityProbe.decode(json: Data(text.utf8))
        }
        let pack = try ArchiveDecodingError.collectingDroppedElements { () throws(ArchiveDecodingError) in
            try Self.packMap.decode(json: ArityProbe.parse(Data(text.utf8)), at: 0)
        }
        #expect(fixed.value == pack.value)
        #expect(fixed.value.kids.count == 1)
        #expect(fixed.droppedElements.map(\.description) == pack.droppedElements.map(\.description))
        #expect(fixed.droppedElements.count == 1)
    }
}

struct ArityProbe: KeyMapped, Equatable {
    static var entries: [KeyMapProperty<ArityProbe>] { [
        .property(\.count, default: 0),
        .property(\.flag, default: false),
        .property(\.tags, default: []),
    ] }
    static let keyMap = KeyMap(ArityProbe.init, serverKeys: .snakeCase, entries)
    let name: String
    let count: Int
    let bigNumber: Int64
    let flag: Bool
    let ratio: Double
    let tags: [String]
    let child: ArityChild?
    let kids: [ArityChild]
}

struct ArityChild: KeyMapped, Equatable {
    static let keyMap = KeyMap(ArityChild.init)
    let id: String
    let rank: Int
}

struct Arity1: KeyMapped { static let keyMap = KeyMap(Arity1.init); let f0: Int }
struct Arity2: KeyMapped { static let keyMap = KeyMap(Arity2.init); let f0, f1: Int }
struct Arity3: KeyMapped { static let keyMap = KeyMap(Arity3.init); let f0, f1, f2: Int }
struct Arity4: KeyMapped { static let keyMap = KeyMap(Arity4.init); let f0, f1, f2, f3: Int }
struct Arity5: KeyMapped { static let keyMap = KeyMap(Arity5.init); let f0, f1, f2, f3, f4: Int }
struct Arity6: KeyMapped { static let keyMap = KeyMap(Arity6.init); let f0, f1, f2, f3, f4, f5: Int }
struct Arity7: KeyMapped { static let keyMap = KeyMap(Arity7.init); let f0, f1, f2, f3, f4, f5, f6: Int }
struct Arity8: KeyMapped { static let keyMap = KeyMap(Arity8.init); let f0, f1, f2, f3, f4, f5, f6, f7: Int }
struct Arity9: KeyMapped { static let keyMap = KeyMap(Arity9.init); let f0, f1, f2, f3, f4, f5, f6, f7, f8: Int }
struct Arity10: KeyMapped { static let keyMap = KeyMap(Arity10.init); let f0, f1, f2, f3, f4, f5, f6, f7, f8, f9: Int }
struct Arity11: KeyMapped { static let keyMap = KeyMap(Arity11.init); let f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10: Int }
struct Arity12: KeyMapped { static let keyMap = KeyMap(Arity12.init); let f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11: Int }
