/// The inputs on which a key map reads a value otherwise than the hand-written cast `as? T` did,
/// by `T`: the key map's conversions are lossless (KeyMaps.md, "Property types"), where a cast
/// takes only a value of exactly that type. The tests measure both on each input and keep this
/// table equal to what they find.
enum ReadingDifferences {
    /// One kind of input, as a note names it, with a Swift literal of it for golden tests.
    struct Input: Equatable, Sendable {
        let name: String
        let literal: String
    }

    static let integerWidths: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]

    /// What `as? type` refuses and the key map reads, measured on Linux. Entries that name a
    /// "Swift" number differ only for values built in Swift: an NSNumber, as JSONSerialization and
    /// archives give, is bridged by the cast and read as before.
    static func inputs(castTo type: String) -> [Input] {
        if type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") {
            return arrayInputs(of: String(type.dropFirst().dropLast()))
        }
        if integerWidths.contains(type) {
            let others = type == "Int" ? "Int64(12), Int32(7)" : "Int(12), Int32(7)"
            return [
                Input(name: "a numeric string (\"5\")", literal: "\"5\""),
                Input(name: "a Swift integer of another width (\(others))", literal: type == "Int" ? "Int64(12)" : "Int(12)"),
            ]
        }
        switch type {
        case "Double", "Float":
            let other = type == "Double" ? "Float" : "Double"
            return [
                Input(name: "a numeric string (\"5\", \"5.5\")", literal: "\"5.5\""),
                Input(name: "a Swift integer (5, Int64(12))", literal: "Int(5)"),
                Input(name: "a Swift \(other) (2.5)", literal: "\(other)(2.5)"),
            ]
        case "Bool":
            return [Input(name: "the Swift numbers 0 and 1 (1, 1.0, Int64(1))", literal: "Int(1)"), Input(name: "the strings \"true\" and \"false\"", literal: "\"true\"")]
        case "Date":
            return [
                Input(name: "a number of seconds since 1970 (5, 5.5)", literal: "Int(5)"),
                Input(name: "an ISO 8601 string (\"2026-01-02T03:04:05Z\")", literal: "\"2026-01-02T03:04:05Z\""),
            ]
        default:
            return []
        }
    }

    /// An array whose elements the key map converts one by one, where the cast took only an
    /// array of exactly that element type.
    private static func arrayInputs(of element: String) -> [Input] {
        if integerWidths.contains(element) {
            let other = element == "Int" ? "Int64(1)" : "Int(1)"
            return [
                Input(name: "an array holding numeric strings ([\"5\"])", literal: "[\"5\"]"),
                Input(name: "an array holding Swift integers of another width ([\(other)])", literal: "[\(other)]"),
            ]
        }
        switch element {
        case "Double", "Float":
            return [Input(name: "an array holding numeric strings ([\"5\"])", literal: "[\"5\"]"), Input(name: "an array holding Swift integers ([1])", literal: "[Int(1)]")]
        case "Bool":
            return [Input(name: "an array holding the Swift numbers 0 and 1 ([0, 1])", literal: "[Int(0), Int(1)]")]
        default:
            return []
        }
    }

    /// Whether some entry differs only for numbers built in Swift, not for NSNumbers.
    static func namesSwiftNumbers(_ inputs: [Input]) -> Bool {
        inputs.contains { $0.name.contains("Swift") }
    }

    /// What differs only on Apple platforms, where JSONSerialization gives every number and
    /// Boolean as an NSNumber and `as? Int` reads `true` as 1.
    static func appleOnly(castTo type: String) -> String? {
        if integerWidths.contains(type) || type == "Double" || type == "Float" {
            return "on Apple platforms, a JSON true or false no longer reads as 1 or 0"
        }
        return nil
    }
}
