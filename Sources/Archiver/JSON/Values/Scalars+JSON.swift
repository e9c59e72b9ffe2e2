import Foundation

// The built-in types read the parsed text directly, accepting exactly what their
// `init(keyMapValue:from:)` accepts from `JSONSerialization`'s objects, without boxing numbers.
// Strings are converted here too rather than passed on as `Any`: on Linux each `as?` on an
// `Any` holding a `String` looks up bridging conformances, which cost more than the conversion.

extension String {
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        guard value.kind == .string else { throw .typeMismatch(String.self, found: value) }
        self = value.document.string(at: value.index)
    }
}

extension Bool {
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

extension Int { public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) { self = try Self.integer(parsedJSON: value) } }
extension Int8 { public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) { self = try Self.integer(parsedJSON: value) } }
extension Int16 { public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) { self = try Self.integer(parsedJSON: value) } }
extension Int32 { public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) { self = try Self.integer(parsedJSON: value) } }
extension Int64 { public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) { self = try Self.integer(parsedJSON: value) } }
extension UInt { public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) { self = try Self.integer(parsedJSON: value) } }
extension UInt8 { public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) { self = try Self.integer(parsedJSON: value) } }
extension UInt16 { public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) { self = try Self.integer(parsedJSON: value) } }
extension UInt32 { public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) { self = try Self.integer(parsedJSON: value) } }
extension UInt64 { public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) { self = try Self.integer(parsedJSON: value) } }

extension Double {
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
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        guard value.kind == .string else { throw .typeMismatch(URL.self, found: value) }
        self = try URL(keyMapValue: value.document.string(at: value.index), from: .responseObject)
    }
}

extension UUID {
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        guard value.kind == .string else { throw .typeMismatch(UUID.self, found: value) }
        self = try UUID(keyMapValue: value.document.string(at: value.index), from: .responseObject)
    }
}

extension Data {
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        guard value.kind == .string else { throw .typeMismatch(Data.self, found: value) }
        self = try Data(keyMapValue: value.document.string(at: value.index), from: .responseObject)
    }
}
