import Foundation

// The built-in types read the parsed text directly, accepting exactly what their
// `init(keyMapValue:from:)` accepts from `JSONSerialization`'s objects, without boxing numbers.
// Strings are converted here too rather than passed on as `Any`: on Linux each `as?` on an
// `Any` holding a `String` looks up bridging conformances, which cost more than the conversion.

extension String {
    /// Reads a JSON string, unescaped.
    ///
    /// ```swift
    /// try String(parsedJSON: parsed)  // "Monk's Café" for `"Monk\u0027s Caf\u00e9"`
    /// ```
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        guard value.kind == .string else { throw .typeMismatch(String.self, found: value) }
        self = value.document.string(at: value.index)
    }
}

extension Bool {
    /// Reads `true`, `false`, the numbers 0 and 1, or the strings `"true"` and `"false"`.
    ///
    /// ```swift
    /// try Bool(parsedJSON: parsed)  // true for `true`, `1` or `"true"`
    /// ```
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        switch value.kind {
        case .true: self = true
        case .false: self = false
        case .number:
            switch value.document.double(at: value.index) {
            case 0: self = false
            case 1: self = true
            default: throw .invalidValue(Bool.self, found: value)
            }
        case .string:
            switch value.string {
            case "true": self = true
            case "false": self = false
            default: throw .invalidValue(Bool.self, found: value)
            }
        default:
            throw .typeMismatch(Bool.self, found: value)
        }
    }
}

extension FixedWidthInteger where Self: KeyMapValue {
    static func integer(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) -> Self {
        switch value.kind {
        case .number:
            if value.token.flags.contains(.integer) {
                guard let integer = value.document.integer(Self.self, at: value.index) else { throw .invalidValue(Self.self, found: value) }
                return integer
            }
            // `1.0` and `1e2` are whole numbers; NSNumber converts them exactly too.
            guard let double = value.document.double(at: value.index), let integer = Self(exactly: double) else {
                throw .invalidValue(Self.self, found: value)
            }
            return integer
        case .string:
            guard let integer = Self(value.string) else { throw .invalidValue(Self.self, found: value) }
            return integer
        default:
            throw .typeMismatch(Self.self, found: value)
        }
    }
}

extension KeyMapValue where Self: FixedWidthInteger & Codable {
    /// Reads an exact integer of this width from a JSON number or a numeral string, as from a
    /// response object.
    ///
    /// ```swift
    /// try Int(parsedJSON: parsed)  // 4 for `4`, `4.0` or `"4"`; an error for `4.5` or `"4x"`
    /// ```
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) { self = try Self.integer(parsedJSON: value) }
}

extension Double {
    /// Reads the nearest `Double` of a JSON number or a numeral string; a number beyond its range is an error.
    ///
    /// ```swift
    /// try Double(parsedJSON: parsed)  // 0.1 for `0.1` or `"0.1"`
    /// ```
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        switch value.kind {
        case .number:
            guard let double = value.document.double(at: value.index) else { throw .invalidValue(Double.self, found: value) }
            self = double
        case .string:
            guard let double = Double(value.string) else { throw .invalidValue(Double.self, found: value) }
            self = double
        default:
            throw .typeMismatch(Double.self, found: value)
        }
    }
}

extension Float {
    /// Reads the nearest `Float` of a JSON number or a numeral string, rounded once from the text.
    ///
    /// ```swift
    /// try Float(parsedJSON: parsed)  // 1.5 for `1.5`; an error for `1e300`
    /// ```
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        switch value.kind {
        case .number:
            // Rounded once from the text, not twice through Double.
            guard let float = Float(value.document.numberText(at: value.index)), float.isFinite else {
                throw .invalidValue(Float.self, found: value)
            }
            self = float
        case .string:
            guard let float = Float(value.string) else { throw .invalidValue(Float.self, found: value) }
            self = float
        default:
            throw .typeMismatch(Float.self, found: value)
        }
    }
}

extension Decimal {
    /// Reads a JSON number or a numeral string digit for digit.
    ///
    /// ```swift
    /// try Decimal(parsedJSON: parsed)  // 12345678901234567890.5, exactly
    /// ```
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        switch value.kind {
        case .number:
            // The text itself, so that 0.1 and 30-digit integers stay exact.
            guard let decimal = Decimal(string: value.document.numberText(at: value.index), locale: Locale(identifier: "en_US_POSIX")),
                  !decimal.isNaN else {
                throw .invalidValue(Decimal.self, found: value)
            }
            self = decimal
        case .string:
            self = try Decimal(keyMapValue: value.document.string(at: value.index), from: .responseObject)
        default:
            throw .typeMismatch(Decimal.self, found: value)
        }
    }
}

extension Date {
    /// Reads an ISO 8601 string or a number of seconds since 1970.
    ///
    /// ```swift
    /// try Date(parsedJSON: parsed)  // 2016-06-01 12:00:00 +0000 for `"2016-06-01T12:00:00Z"`
    /// ```
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        switch value.kind {
        case .number:
            guard let seconds = value.document.double(at: value.index) else { throw .invalidValue(Date.self, found: value) }
            self = Date(timeIntervalSince1970: seconds)
        case .string:
            self = try Date(keyMapValue: value.document.string(at: value.index), from: .responseObject)
        default:
            throw .typeMismatch(Date.self, found: value)
        }
    }
}

extension URL {
    /// Reads a URL from a JSON string.
    ///
    /// ```swift
    /// try URL(parsedJSON: parsed)  // https://example.com for `"https://example.com"`
    /// ```
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        guard value.kind == .string else { throw .typeMismatch(URL.self, found: value) }
        self = try URL(keyMapValue: value.document.string(at: value.index), from: .responseObject)
    }
}

extension UUID {
    /// Reads a UUID from a JSON string.
    ///
    /// ```swift
    /// try UUID(parsedJSON: parsed)  // for `"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`
    /// ```
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        guard value.kind == .string else { throw .typeMismatch(UUID.self, found: value) }
        self = try UUID(keyMapValue: value.document.string(at: value.index), from: .responseObject)
    }
}

extension Data {
    /// Reads base-64 data from a JSON string.
    ///
    /// ```swift
    /// try Data(parsedJSON: parsed)  // 3 bytes for `"AAEC"`
    /// ```
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        guard value.kind == .string else { throw .typeMismatch(Data.self, found: value) }
        self = try Data(keyMapValue: value.document.string(at: value.index), from: .responseObject)
    }
}
