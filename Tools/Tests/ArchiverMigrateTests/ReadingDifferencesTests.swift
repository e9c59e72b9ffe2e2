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
        Input(value: "5", namedBy: ["a numeric string"]),
        Input(value: "5.5", namedBy: ["a numeric string"]),
        Input(value: "-3", namedBy: ["a numeric string"]),
        Input(value: "true", namedBy: ["the strings \"true\" and \"false\""]),
        Input(value: "false", namedBy: ["the strings \"true\" and \"false\""]),
        Input(value: "x", namedBy: []),
        Input(value: "", namedBy: []),
        Input(value: "2026-01-02T03:04:05Z", namedBy: ["an ISO 8601 string"]),
        Input(value: 5, namedBy: ["a Swift integer", "a number of seconds"]),
        Input(value: 0, namedBy: ["a Swift integer", "the Swift numbers 0 and 1", "a number of seconds"]),
        Input(value: 1, namedBy: ["a Swift integer", "the Swift numbers 0 and 1", "a number of seconds"]),
        Input(value: -3, namedBy: ["a Swift integer", "a number of seconds"]),
        Input(value: Int64(12), namedBy: ["a Swift integer", "a number of seconds"]),
        Input(value: Int64(1), namedBy: ["a Swift integer", "the Swift numbers 0 and 1", "a number of seconds"]),
        Input(value: Int32(7), namedBy: ["a Swift integer", "a number of seconds"]),
        Input(value: UInt8(200), namedBy: ["a Swift integer", "a number of seconds"]),
        Input(value: 5.0, namedBy: ["a whole Double", "a Swift Double", "a number of seconds"]),
        Input(value: 1.0, namedBy: ["a whole Double", "a Swift Double", "the Swift numbers 0 and 1", "a number of seconds"]),
        Input(value: 5.5, namedBy: ["a Swift Double", "a number of seconds"]),
        Input(value: Float(2.5), namedBy: ["a Swift Float", "a number of seconds"]),
        Input(value: true, namedBy: []),
        Input(value: false, namedBy: []),
        Input(value: Date(timeIntervalSince1970: 0), namedBy: []),
        Input(value: [1, 2], namedBy: ["an array holding Swift integers"]),
        Input(value: [0, 1], namedBy: ["an array holding Swift integers", "an array holding the Swift numbers 0 and 1"]),
        Input(value: [0.5, 1.5], namedBy: []),
        Input(value: ["a": 1] as [String: Any], namedBy: []),
        Input(value: ["a", "b"], namedBy: []),
        Input(value: ["a", 1] as [Any], namedBy: ["an element of another type"]),
        Input(value: ["5", "6"], namedBy: ["an array holding numeric strings"]),
        Input(value: [Int64(1), Int64(2)], namedBy: ["an array holding Swift integers"]),
        Input(value: [] as [Any], namedBy: []),
        Input(value: [4, "5"] as [Any], namedBy: ["an array holding numeric strings"]),
        Input(value: [4, Int64(5)] as [Any], namedBy: ["an array holding Swift integers"]),
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
