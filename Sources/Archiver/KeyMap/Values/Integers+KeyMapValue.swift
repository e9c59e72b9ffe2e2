import Foundation

/// Every integer width reads from numbers whose exact value is a whole number in range (`4`,
/// `4.0`, `1e2`, `9007199254740993.0`, judged from the digits and never through a `Double`), and
/// from strings that are such a JSON number (`"4"`, `"-7"`); `4.5`, `0.99999999999999999999`,
/// `"4x"`, `"+4"`, `"04"`, `300` for a `UInt8` and Booleans fail.
extension FixedWidthInteger where Self: KeyMapValue {
    /// The shared conversion behind each width's ``KeyMapValue/init(keyMapValue:)``.
    static func integer(from input: borrowing KeyMapInput) throws(ArchiveDecodingError) -> Self {
        switch input.integer(Self.self) {
        case .value(let integer): return integer
        case .notExact: throw .invalidValue(Self.self, found: input)
        case .notANumber:
            guard let string = input.stringValue else { throw .typeMismatch(Self.self, found: input) }
            guard let integer = numeral(string) else { throw .invalidValue(Self.self, found: input) }
            return integer
        }
    }

    /// The value of a string that is a JSON number whose exact value is a whole number in range.
    static func numeral(_ string: String) -> Self? {
        // The common case without building the numeral: what `Self("…")` reads that JSON does
        // not is a plus sign and leading zeros.
        if let integer = Self(string) {
            var digits = string.utf8[...]
            if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
            let isJSON = digits.first != UInt8(ascii: "+") && (digits.first != UInt8(ascii: "0") || digits.count == 1)
            return isJSON ? integer : nil
        }
        return DecimalNumeral(string.utf8)?.integer(Self.self)
    }

    /// Integers that a property list holds as they are; the few unsigned values above
    /// `Int64.max`, which it cannot, are written as their decimal text and read back exactly.
    var integerArchiveValue: Any {
        var objects = ArchiveObjects()
        return Self.writeArchive(self, into: &objects)
    }

    /// The archive form of every width, for both sinks (ArchiveSink.swift).
    static func writeArchive<Sink: ArchiveSink>(_ value: Self, into sink: inout Sink) -> Sink.Object {
        if Self.isSigned || value <= Int64.max { return sink.addInteger(exactly: value) }
        return sink.addString(String(value))
    }
}

// One rule for every width, as defaults of the conformance.
extension KeyMapValue where Self: FixedWidthInteger {
    /// Reads an integer of this width by the rule above.
    ///
    /// ```swift
    /// try Int(keyMapValue: KeyMapInput("4", from: .responseObject))    // 4
    /// try UInt8(keyMapValue: KeyMapInput(300, from: .responseObject))  // throws: not lossless
    /// ```
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) { self = try Self.integer(from: input) }

    /// The integer itself, which a property list holds as it is; an unsigned value above
    /// `Int64.max` as its decimal text.
    ///
    /// ```swift
    /// UInt64.max.keyMapArchiveValue  // "18446744073709551615"
    /// ```
    public var keyMapArchiveValue: Any? { integerArchiveValue }

    /// `0`: any integer will do.
    ///
    /// ```swift
    /// Int.keyMapPlaceholder  // 0
    /// ```
    public static var keyMapPlaceholder: Self? { 0 }
}

extension Int: KeyMapValue {}
extension Int8: KeyMapValue {}
extension Int16: KeyMapValue {}
extension Int32: KeyMapValue {}
extension Int64: KeyMapValue {}
extension UInt: KeyMapValue {}
extension UInt8: KeyMapValue {}
extension UInt16: KeyMapValue {}
extension UInt32: KeyMapValue {}
extension UInt64: KeyMapValue {}

extension Int: PropertyListWritable {
    static func makePropertyListWriter() -> Any {
        PropertyListFieldWriter<Int> { value, writer, _ in writeArchive(value, into: &writer) }
    }
}
