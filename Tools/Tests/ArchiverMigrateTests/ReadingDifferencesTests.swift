import Archiver
import Foundation
import Testing
@testable import ArchiverMigrate

/// The table behind the tool's notes, measured: for each type a cast reads, every input on which
/// `as? T` and the key map's reading of `T` differ is named by the table, and every input the
/// table names does differ.
struct ReadingDifferencesTests {
    /// An input, and the words of the table that may name it.
    struct Input: @unchecked Sendable, CustomStringConvertible {
        let value: Any
        let namedBy: [String]
        var description: String { "\(value) (\(type(of: value)))" }
    }

    static let inputs: [Input] = [
        Input(value: "5", namedBy: ["a numeric string", "a string that is not empty"]),
        Input(value: "5.5", namedBy: ["a numeric string", "a string that is not empty"]),
        Input(value: "-3", namedBy: ["a numeric string", "a string that is not empty"]),
        Input(value: "true", namedBy: ["the strings \"true\" and \"false\"", "a string that is not empty", "a base-64 string"]),
        Input(value: "false", namedBy: ["the strings \"true\" and \"false\"", "a string that is not empty"]),
        Input(value: "x", namedBy: ["a string that is not empty"]),
        Input(value: "", namedBy: ["a base-64 string"]),
        Input(value: "2026-01-02T03:04:05Z", namedBy: ["an ISO 8601 string", "a string that is not empty"]),
        Input(value: 5, namedBy: ["a Swift integer", "a number of seconds", "a number ("]),
        Input(value: 0, namedBy: ["a Swift integer", "the Swift numbers 0 and 1", "a number of seconds", "a number ("]),
        Input(value: 1, namedBy: ["a Swift integer", "the Swift numbers 0 and 1", "a number of seconds", "a number ("]),
        Input(value: -3, namedBy: ["a Swift integer", "a number of seconds", "a number ("]),
        Input(value: Int64(12), namedBy: ["a Swift integer", "a number of seconds", "a number ("]),
        Input(value: Int64(1), namedBy: ["a Swift integer", "the Swift numbers 0 and 1", "a number of seconds", "a number ("]),
        Input(value: Int32(7), namedBy: ["a Swift integer", "a number of seconds", "a number ("]),
        Input(value: UInt8(200), namedBy: ["a Swift integer", "a number of seconds", "a number ("]),
        Input(value: 5.0, namedBy: ["a whole Double", "a Swift Double", "a number of seconds", "a number ("]),
        Input(value: 1.0, namedBy: ["a whole Double", "a Swift Double", "the Swift numbers 0 and 1", "a number of seconds", "a number ("]),
        Input(value: 5.5, namedBy: ["a Swift Double", "a number of seconds", "a number ("]),
        Input(value: Float(2.5), namedBy: ["a Swift Float", "a number of seconds", "a number ("]),
        Input(value: 16777217, namedBy: ["a Swift integer", "holds only rounded", "a number of seconds", "a number ("]),
        Input(value: Int64(9007199254740993), namedBy: ["a Swift integer", "beyond 2^53", "holds only rounded", "a number of seconds", "a number ("]),
        Input(value: 0.1, namedBy: ["a Swift Double", "holds only rounded", "a number of seconds", "a number ("]),
        Input(value: Decimal(5), namedBy: ["a whole Double (5.0), Float or Decimal", "or Decimal", "a number of seconds", "a number ("]),
        Input(value: "1574553600.5", namedBy: ["a numeric string", "a string that is not empty"]),
        Input(value: "2026-01-02T05:04:05+02:00", namedBy: ["an ISO 8601 string", "a string that is not empty"]),
        Input(value: "2026-01-02", namedBy: ["an ISO 8601 string", "a string that is not empty"]),
        Input(value: "2026-02-29", namedBy: ["a string that is not empty"]),
        Input(value: "+4", namedBy: ["a string that is not empty"]),
        Input(value: "4.0", namedBy: ["a numeric string", "a string that is not empty"]),
        Input(value: "1e2", namedBy: ["a numeric string", "a string that is not empty"]),
        Input(value: "AAE=", namedBy: ["a string that is not empty", "a base-64 string"]),
        Input(value: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", namedBy: ["a string that is not empty", "a UUID string"]),
        Input(value: true, namedBy: []),
        Input(value: false, namedBy: []),
        Input(value: Date(timeIntervalSince1970: 0), namedBy: []),
        Input(value: [1, 2], namedBy: ["an array holding Swift integers", "an array holding numbers ([", "an array holding numbers of seconds"]),
        Input(value: [0, 1], namedBy: ["an array holding Swift integers", "an array holding the Swift numbers 0 and 1", "an array holding numbers ([", "an array holding numbers of seconds"]),
        Input(value: [0.5, 1.5], namedBy: ["an array holding Swift Doubles", "an array holding numbers ([", "an array holding numbers of seconds"]),
        Input(value: ["a": 1] as [String: Any], namedBy: []),
        Input(value: ["a", "b"], namedBy: []),
        Input(value: ["a", 1] as [Any], namedBy: ["an element of another type"]),
        Input(value: ["5", "6"], namedBy: ["an array holding numeric strings"]),
        Input(value: [Int64(1), Int64(2)], namedBy: ["an array holding Swift integers", "an array holding numbers ([", "an array holding numbers of seconds"]),
        Input(value: [] as [Any], namedBy: []),
        Input(value: [5.0, 1.0], namedBy: ["an array holding a whole Double", "an array holding Swift Doubles", "an array holding numbers ([", "an array holding numbers of seconds"]),
        Input(value: [Int64(9007199254740993)], namedBy: ["an array holding Swift integers", "an array holding integers beyond 2^53", "holds only rounded ([", "an array holding numbers ([", "an array holding numbers of seconds"]),
        Input(value: [Float(2.5)], namedBy: ["an array holding Swift Floats", "an array holding numbers ([", "an array holding numbers of seconds"]),
        Input(value: [0.1], namedBy: ["an array holding Swift Doubles", "holds only rounded ([", "an array holding numbers ([", "an array holding numbers of seconds"]),
        Input(value: ["true", "false"], namedBy: ["an array holding the strings \"true\" and \"false\""]),
        Input(value: ["2026-01-02T03:04:05Z"], namedBy: ["ISO 8601 strings"]),
        Input(value: [4, "5"] as [Any], namedBy: ["an array holding numeric strings", "an array holding numbers ([", "an array holding numbers of seconds"]),
        Input(value: [4, Int64(5)] as [Any], namedBy: ["an array holding Swift integers", "an array holding numbers ([", "an array holding numbers of seconds"]),
    ]

    /// `as? T` against `T(keyMapValue:)` for one input: equal, or both refused.
    static func differs<T: KeyMapValue & Equatable>(_ type: T.Type, _ value: Any) -> Bool {
        let cast = value as? T
        let read = try? T(keyMapValue: KeyMapInput(value, from: .archive))
        return cast != read
    }

    static let types: [(name: String, differs: @Sendable (Any) -> Bool)] = [
        ("Int", { differs(Int.self, $0) }), ("Int64", { differs(Int64.self, $0) }), ("Int32", { differs(Int32.self, $0) }),
        ("UInt8", { differs(UInt8.self, $0) }), ("Double", { differs(Double.self, $0) }), ("Float", { differs(Float.self, $0) }),
        ("Bool", { differs(Bool.self, $0) }), ("String", { differs(String.self, $0) }), ("Date", { differs(Date.self, $0) }),
        ("[String]", { differs([String].self, $0) }), ("[Int]", { differs([Int].self, $0) }), ("[Int64]", { differs([Int64].self, $0) }),
        ("[Double]", { differs([Double].self, $0) }), ("[Bool]", { differs([Bool].self, $0) }),
        ("Decimal", { differs(Decimal.self, $0) }), ("URL", { differs(URL.self, $0) }), ("UUID", { differs(UUID.self, $0) }),
        ("Data", { differs(Data.self, $0) }), ("[Float]", { differs([Float].self, $0) }), ("[Decimal]", { differs([Decimal].self, $0) }),
        ("[Date]", { differs([Date].self, $0) }),
    ]

    @Test(arguments: types.map(\.name))
    func theTableNamesEveryInputThatReadsDifferently(type: String) throws {
        let differs = try #require(Self.types.first { $0.name == type }).differs
        let named = ReadingDifferences.inputs(castTo: type).map(\.name)
        for input in Self.inputs where differs(input.value) {
            #expect(named.contains { name in input.namedBy.contains { name.hasPrefix($0) || name.contains($0) } },
                    "`as? \(type)` and the key map read \(input) differently, and the table (\(named)) does not say so")
        }
        // Every entry of the table names an input that does differ.
        for name in named {
            let witnesses = Self.inputs.filter { input in input.namedBy.contains { name.hasPrefix($0) || name.contains($0) } }
            #expect(witnesses.contains { differs($0.value) }, "the table names \(name) for `as? \(type)`, but no such input reads differently")
        }
    }
}

extension ReadingDifferencesTests {
    /// `value` as a dictionary read from JSON or an archive holds it: bridged to Foundation, a
    /// number becoming an NSNumber.
    static func bridged(_ value: Any) -> Any {
        NSDictionary(dictionary: ["value": value])["value"]!
    }

    /// Through Foundation the casts bridge numbers, so only the entries that do not name a Swift
    /// number differ; those that do read as before, as the notes say.
    @Test(arguments: types.map { $0.name })
    func entriesNamingSwiftNumbersReadAsBeforeWhenBridged(type: String) throws {
        let differs = try #require(Self.types.first { $0.name == type }).differs
        let named = ReadingDifferences.inputs(castTo: type).map(\.name)
        func isNamed(_ input: Input, by name: String) -> Bool { input.namedBy.contains { name.hasPrefix($0) || name.contains($0) } }
        for input in Self.inputs where differs(Self.bridged(input.value)) {
            #expect(named.contains { !$0.contains("Swift") && isNamed(input, by: $0) },
                    "bridged, `as? \(type)` and the key map read \(input) differently, and no entry of the table (\(named)) that holds for NSNumbers says so")
        }
        for name in named where name.contains("Swift") {
            for input in Self.inputs where isNamed(input, by: name) && !named.contains(where: { !$0.contains("Swift") && isNamed(input, by: $0) }) {
                #expect(!differs(Self.bridged(input.value)), "the table says \(name) reads as before once bridged, but \(input) does not")
            }
        }
    }
}

extension ReadingDifferencesTests {
    /// Strings, and the words of the note that may name each.
    static let strings: [(value: String, namedBy: [String])] = [
        ("5", []), ("-3", []), ("0", []), ("5.5", []), ("x", []), ("", []), (" 4", []), ("4 ", []), ("true", []), ("1574553600", []),
        ("+4", ["not a JSON number"]), ("04", ["not a JSON number"]), ("-04", ["not a JSON number"]),
        ("nan", ["not a JSON number"]), ("NaN", ["not a JSON number"]), ("inf", ["not a JSON number"]), ("-infinity", ["not a JSON number"]),
        ("0x1p3", ["not a JSON number"]), ("1e400", ["not a JSON number"]), ("4.", ["not a JSON number"]), (".5", ["not a JSON number"]),
        ("4.0", ["a whole number"]), ("1e2", ["a whole number"]), ("-0.0", ["a whole number"]), ("300", []), ("1.5e1", ["a whole number"]), ("2.5e-1", []),
    ]

    /// `T(string)`, as `T(object[key] as? String ?? "") ?? value` read it, against the key map's
    /// reading of the same string: equal, or both refused (the entry then gives the default).
    static func stringDiffers<T: KeyMapValue & LosslessStringConvertible & Equatable>(_ type: T.Type, _ string: String) -> Bool {
        T(string) != (try? T(keyMapValue: KeyMapInput(string, from: .responseObject)))
    }

    static let stringTypes: [(name: String, differs: @Sendable (String) -> Bool)] = [
        ("Int", { stringDiffers(Int.self, $0) }), ("Int64", { stringDiffers(Int64.self, $0) }), ("UInt8", { stringDiffers(UInt8.self, $0) }),
        ("Double", { stringDiffers(Double.self, $0) }), ("Float", { stringDiffers(Float.self, $0) }), ("Bool", { stringDiffers(Bool.self, $0) }),
    ]

    /// The note on `Int(object[key] as? String ?? "") ?? 0` names every string that the key map
    /// reads otherwise than `Int(_:)`, and names nothing that reads the same.
    @Test(arguments: stringTypes.map { $0.name })
    func theStringConversionNoteNamesEveryStringThatReadsDifferently(type: String) throws {
        let differs = try #require(Self.stringTypes.first { $0.name == type }).differs
        let named = ReadingDifferences.stringConversionInputs(to: type, defaultValue: "0")
        for string in Self.strings where differs(string.value) {
            #expect(named.contains { name in string.namedBy.contains { name.contains($0) } },
                    "`\(type)(\"\(string.value)\")` and the key map read it differently, and the note (\(named)) does not say so")
        }
        for name in named {
            #expect(Self.strings.contains { string in string.namedBy.contains { name.contains($0) } && differs(string.value) },
                    "the note names \(name) for \(type)(_:), but no such string reads differently")
            // Each example the note quotes does read differently.
            for example in name.split(separator: "\"").enumerated().filter({ $0.offset % 2 == 1 }).map({ String($0.element) }) {
                #expect(differs(example), "the note quotes \"\(example)\" for \(type)(_:), which reads the same both ways")
            }
        }
    }
}

extension ReadingDifferencesTests {
    /// JSONSerialization gives `true` and `false` as NSNumbers on Linux as on Apple platforms, and
    /// `as? Int` reads them as 1 and 0 where the key map refuses them: wherever they read
    /// differently the note says so, without limiting it to Apple platforms, and nowhere else.
    @Test(arguments: types.map { $0.name })
    func jsonBooleansAreNotedWhereTheyReadDifferently(type: String) throws {
        let differs = try #require(Self.types.first { $0.name == type }).differs
        let object = try #require(try JSONSerialization.jsonObject(with: Data(#"{"t": true, "f": false, "list": [true, false]}"#.utf8)) as? [String: Any])
        let inputs: [Any] = type.hasPrefix("[") ? [object["list"]!] : [object["t"]!, object["f"]!]
        let readDifferently = inputs.contains { differs($0) }
        let note = ReadingDifferences.jsonBooleans(castTo: type)
        #expect((note != nil) == readDifferently, "JSON true and false read \(readDifferently ? "differently" : "the same") as \(type), and the note is \(note ?? "nil")")
        if let note {
            #expect(note.contains("JSON true or false"))
            #expect(!note.hasPrefix("on Apple platforms"), "JSONSerialization gives NSNumber Booleans on Linux too")
        }
    }
}
