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

    /// What `as? type` refuses and the key map reads, measured on Linux against the library's
    /// rules (KeyMaps.md, "Numbers" and "Dates"): an integer takes any number whose exact value is
    /// whole and in range, and a string that is such a JSON number; `Double` and `Float` take the
    /// nearest value of any number; a `Date` takes seconds since 1970, as a number or a numeric
    /// string, and ISO 8601 text. Entries that name a "Swift" number differ only for values built
    /// in Swift: an NSNumber, as JSONSerialization and archives give, is bridged by the cast and
    /// read as before. The others differ for NSNumbers too.
    static func inputs(castTo type: String) -> [Input] {
        if type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") {
            return arrayInputs(of: String(type.dropFirst().dropLast()))
        }
        if integerWidths.contains(type) {
            let others = type == "Int" ? "Int64(12), Int32(7)" : "Int(12), Int32(7)"
            return [
                Input(name: "a numeric string (\"5\", \"4.0\", \"1e2\")", literal: "\"5\""),
                Input(name: "a Swift integer of another width (\(others))", literal: type == "Int" ? "Int64(12)" : "Int(12)"),
                Input(name: "a whole Double (5.0), Float or Decimal built in Swift", literal: "5.0"),
            ]
        }
        switch type {
        case "Double":
            return [
                Input(name: "a numeric string (\"5\", \"5.5\")", literal: "\"5.5\""),
                Input(name: "a Swift integer (5, Int64(12))", literal: "Int(5)"),
                Input(name: "a Swift Float (2.5) or Decimal", literal: "Float(2.5)"),
                Input(name: "an integer beyond 2^53, rounded (9007199254740993)", literal: "Int64(9007199254740993)"),
            ]
        case "Float":
            return [
                Input(name: "a numeric string (\"5\", \"5.5\")", literal: "\"5.5\""),
                Input(name: "a Swift integer (5, Int64(12))", literal: "Int(5)"),
                Input(name: "a Swift Double (2.5) or Decimal", literal: "Double(2.5)"),
                Input(name: "a number a Float holds only rounded (0.1, 16777217)", literal: "0.1"),
            ]
        case "Decimal":
            return [
                Input(name: "a numeric string (\"5\", \"5.5\")", literal: "\"5.5\""),
                Input(name: "a number (5, 5.5)", literal: "5.5"),
            ]
        case "Bool":
            return [Input(name: "the Swift numbers 0 and 1 (1, 1.0, Int64(1))", literal: "Int(1)"), Input(name: "the strings \"true\" and \"false\"", literal: "\"true\"")]
        case "Date":
            return [
                Input(name: "a number of seconds since 1970 (5, 5.5)", literal: "Int(5)"),
                Input(name: "a numeric string of seconds (\"5\", \"1574553600.5\")", literal: "\"1574553600.5\""),
                Input(name: "an ISO 8601 string (\"2026-01-02T03:04:05Z\", \"2026-01-02T05:04:05+02:00\", \"2026-01-02\")", literal: "\"2026-01-02T03:04:05Z\""),
            ]
        case "URL":
            return [Input(name: "a string that is not empty (\"https://example.org\", \"x\")", literal: "\"https://example.org\"")]
        case "UUID":
            return [Input(name: "a UUID string (\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\")", literal: "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"")]
        case "Data":
            return [Input(name: "a base-64 string (\"AAE=\", \"true\"; \"\" as empty Data)", literal: "\"AAE=\"")]
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
                Input(name: "an array holding a whole Double (5.0) built in Swift", literal: "[5.0]"),
            ]
        }
        switch element {
        case "Double":
            return [
                Input(name: "an array holding numeric strings ([\"5\"])", literal: "[\"5\"]"),
                Input(name: "an array holding Swift integers ([1])", literal: "[Int(1)]"),
                Input(name: "an array holding Swift Floats ([Float(2.5)])", literal: "[Float(2.5)]"),
                Input(name: "an array holding integers beyond 2^53, rounded ([9007199254740993])", literal: "[Int64(9007199254740993)]"),
            ]
        case "Float":
            return [
                Input(name: "an array holding numeric strings ([\"5\"])", literal: "[\"5\"]"),
                Input(name: "an array holding Swift integers ([1])", literal: "[Int(1)]"),
                Input(name: "an array holding Swift Doubles ([2.5])", literal: "[Double(2.5)]"),
                Input(name: "an array holding numbers a Float holds only rounded ([0.1])", literal: "[0.1]"),
            ]
        case "Decimal":
            return [Input(name: "an array holding numeric strings ([\"5\"])", literal: "[\"5\"]"), Input(name: "an array holding numbers ([5.5])", literal: "[5.5]")]
        case "Bool":
            return [Input(name: "an array holding the Swift numbers 0 and 1 ([0, 1])", literal: "[Int(0), Int(1)]"), Input(name: "an array holding the strings \"true\" and \"false\"", literal: "[\"true\"]")]
        case "Date":
            return [
                Input(name: "an array holding numbers of seconds since 1970 ([5])", literal: "[Int(5)]"),
                Input(name: "an array holding numeric strings of seconds or ISO 8601 strings ([\"2026-01-02T03:04:05Z\"])", literal: "[\"2026-01-02T03:04:05Z\"]"),
            ]
        default:
            return []
        }
    }

    /// The strings that `T(string)`, in `T(object[key] as? String ?? "") ?? value`, and the key
    /// map's reading of `T` take differently, as a note names them: Swift's initializers take a
    /// plus sign, leading zeros and (for floating point) `nan`, `inf` and hexadecimal, which JSON's
    /// grammar does not; the key map takes a whole number written with a fraction or an exponent
    /// as an integer, which `Int("4.0")` does not.
    static func stringConversionInputs(to type: String, defaultValue: String) -> [String] {
        if integerWidths.contains(type) {
            return [
                "a string that \(type)() read but is not a JSON number (\"+4\", \"04\") now gives \(defaultValue)",
                "a whole number \(type)() did not read (\"4.0\", \"1e2\") now reads as that number",
            ]
        }
        if type == "Double" || type == "Float" {
            return ["a string that \(type)() read but is not a JSON number (\"+4\", \"04\", \"nan\", \"inf\", \"0x1p3\", \"1e400\") now gives \(defaultValue)"]
        }
        return []
    }

    /// Whether some entry differs only for numbers built in Swift, not for NSNumbers.
    static func namesSwiftNumbers(_ inputs: [Input]) -> Bool {
        inputs.contains { $0.name.contains("Swift") }
    }

    /// What differs for Booleans: JSONSerialization gives `true` and `false` as NSNumbers, on
    /// Linux as on Apple platforms, and `as? Int` reads them as 1 and 0 where the key map refuses
    /// them; an archive's Booleans are NSNumbers too on Apple platforms, Swift `Bool`s on Linux.
    static func jsonBooleans(castTo type: String) -> String? {
        let source = "(an NSNumber from JSONSerialization, or on Apple platforms an archive's Boolean)"
        if integerWidths.contains(type) || type == "Double" || type == "Float" {
            return "a JSON true or false \(source) no longer reads as 1 or 0"
        }
        if type.hasPrefix("["), type.hasSuffix("]"), jsonBooleans(castTo: String(type.dropFirst().dropLast())) != nil {
            return "a JSON true or false in an array \(source) no longer reads as 1 or 0"
        }
        return nil
    }
}
