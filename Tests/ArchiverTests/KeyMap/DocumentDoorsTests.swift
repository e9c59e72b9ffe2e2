import Foundation
import Testing
@testable import Archiver

/// One read path: a JSON text and a binary property list holding the same content give a key map
/// the same value, or the same error, whatever the property's type. Each case is a JSON value; the
/// property list holds what `JSONSerialization` makes of it, written by the library's own writer
/// (a null has no property-list form, so null cases run through JSON and the dictionary door only).
@Suite struct DocumentDoorsTests {
    /// One property of type `Value` under the key `v`, read from a server response and an archive alike.
    struct Slot<Value: KeyMapValue & Equatable>: Equatable {
        let v: Value
    }

    /// Hand-written JSON values: what servers send, valid and not, for each built-in type.
    static let values: [String] = [
        #""text""#, #""""#, #""4""#, #""4x""#, #""-7""#, #""true""#, #""false""#, #""0.1""#, #""1e3""#,
        #""2016-06-01T12:00:00Z""#, #""2016-06-01T12:00:00.250Z""#, #""AAEC""#, #""https://example.com/a?b=1""#,
        #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#, #""soup""#, #""unknown-cuisine""#, #""é☕️\n""#,
        "0", "1", "-1", "4", "300", "-129", "255", "65536", "4.0", "4.5", "0.1", "-0.0", "1e2", "1.5e300",
        "9223372036854775807", "-9223372036854775807", "18446744073709551615", "1464782400",
        "true", "false", "[]", "[1, 2, 3]", #"[1, "2", 3]"#, #"[1, "x", 3]"#, #"["a", "b"]"#, "[[1], [2]]",
        "{}", #"{"a": 1, "b": "2"}"#, #"{"a": "x"}"#, #"{"id": "a", "name": "Monk's"}"#, #"{"id": "a"}"#,
    ]

    /// The property types every case is read as.
    static let readers: [(name: String, read: @Sendable (Door, Data) -> Outcome)] = [
        reader(String.self), reader(Int.self), reader(Int8.self), reader(UInt8.self), reader(Int64.self),
        reader(UInt64.self), reader(Double.self), reader(Float.self), reader(Bool.self), reader(Decimal.self),
        reader(Date.self), reader(Data.self), reader(URL.self), reader(UUID.self), reader(Cuisine.self),
        reader([Int].self), reader([String].self), reader(Set<Int>.self), reader([String: Int].self),
        reader(Int?.self), reader([Int]?.self), reader(Derived.Restaurant.self), reader([Derived.Restaurant].self),
    ]

    enum Door: Sendable { case json, propertyList, dictionary }

    /// Reads `{"v": value}` through `door` as a `Slot<Value>`, and says what came out: the value
    /// (compared with `==`: a `Set` prints in no fixed order), or the error's description, which
    /// names the type, the key path and what was found.
    static func reader<Value: KeyMapValue & Equatable & SendableMetatype>(_ type: Value.Type) -> (name: String, read: @Sendable (Door, Data) -> Outcome) {
        (String(describing: Value.self), { door, json in
            do throws(ArchiveDecodingError) {
                let slot: Slot<Value>
                switch door {
                case .json:
                    slot = try Slot<Value>.decode(json: json)
                case .propertyList:
                    guard let document = try? propertyList(ofJSON: json) else { return .none("no property list") }
                    slot = try Slot<Value>.keyMap.decode(propertyList: document, at: document.topObject)
                case .dictionary:
                    guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return .none("no object") }
                    slot = try Slot<Value>.keyMap.decode(object, from: .archive)
                }
                return .value(EquatableBox(slot.v))
            } catch {
                return .error(error.description)
            }
        })
    }

    /// What a door gave: a value, an error's description, or why the case did not run.
    enum Outcome: Equatable, CustomStringConvertible {
        case value(EquatableBox)
        case error(String)
        case none(String)

        var description: String {
            switch self {
            case .value(let box): "value \(box.value)"
            case .error(let message): "error \(message)"
            case .none(let reason): reason
            }
        }
    }

    /// A value of some `Equatable` type, equal to another of the same type that is `==`.
    struct EquatableBox: Equatable, @unchecked Sendable {
        let value: Any
        let isEqual: (Any) -> Bool

        init<Value: Equatable>(_ value: Value) {
            self.value = value
            isEqual = { ($0 as? Value) == value }
        }

        static func == (left: EquatableBox, right: EquatableBox) -> Bool { left.isEqual(right.value) }
    }

    /// The binary property list of what `JSONSerialization` reads from `json`, read in place.
    static func propertyList(ofJSON json: Data) throws -> BinaryPropertyListDocument {
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let data = try PropertyListCoding.data(for: object)
        return try BinaryPropertyListDocument(data: data, maximumDepth: 512)
    }

    @Test(arguments: values)
    func jsonAndPropertyListDoorsAgree(value: String) throws {
        let json = Data(#"{"v": \#(value)}"#.utf8)
        #expect(try propertyListHoldsTheSameContent(json), "the writer changed \(value)")
        for (name, read) in Self.readers {
            let fromJSON = read(.json, json)
            let fromPropertyList = read(.propertyList, json)
            #expect(fromJSON == fromPropertyList, "\(value) as \(name)")
            // The dictionary door reads the same archive as Foundation objects.
            #expect(read(.dictionary, json) == fromPropertyList, "\(value) as \(name), dictionary door")
        }
    }

    /// JSONTestSuite's valid texts (nst/JSONTestSuite, MIT; Tests/ArchiverTests/JSON/JSONTestSuite/),
    /// each as the value of `v`, wherever the property list can hold that value.
    @Test(arguments: JSONReaderTests.cases("y_"))
    func jsonTestSuiteValuesAgreeThroughBothDoors(name: String) throws {
        let text = try JSONReaderTests.read(name)
        var json = Data(#"{"v": "#.utf8)
        json.append(text)
        json.append(Data("}".utf8))
        // Values the property list cannot hold as JSON does (null, numbers beyond Int64, Double
        // and the writer's range, strings with NUL) are skipped: they are not the same content.
        guard (try? propertyListHoldsTheSameContent(json)) == true else { return }
        for (readerName, read) in Self.readers {
            #expect(read(.json, json) == read(.propertyList, json), "\(name) as \(readerName)")
        }
    }

    @Test func nullReadsAsMissingThroughJSONAndDictionaries() {
        let json = Data(#"{"v": null}"#.utf8)
        for (name, read) in Self.readers {
            #expect(read(.json, json) == read(.dictionary, json), "null as \(name)")
        }
        let optional = Self.reader(Int?.self).read(.json, json)
        #expect(optional == .value(EquatableBox(Int?.none)))
    }

    /// Whether the property list written from `json`'s object reads back as the same Foundation
    /// objects (`isEqual`), so that a difference between the doors is the decoder's, not the writer's.
    func propertyListHoldsTheSameContent(_ json: Data) throws -> Bool {
        guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let data = try? PropertyListCoding.data(for: object) else { return false }
        let document = try BinaryPropertyListDocument(data: data, maximumDepth: 512)
        // As JSON texts with sorted keys: NSNumber's isEqual calls the integer -2^63 and the
        // real -9.223372036854776e18 equal, which this does not.
        func text(_ object: Any) -> Data? {
            try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        }
        guard let read = text(document.foundationObject(at: document.topObject)) else { return false }
        return read == text(object)
    }
}

extension DocumentDoorsTests.Slot: KeyMapped, KeyMapValue, Serializable, ArchiveRepresentable {
    static var keyMap: KeyMap<Self> { KeyMap({ Self(v: $0) }) }
}
