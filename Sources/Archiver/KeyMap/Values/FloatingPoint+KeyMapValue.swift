import Foundation

/// `Double` and `Float` read from any number but a Boolean, and from strings that are a JSON
/// number, such as `"4.5"` (not `"NaN"`, `"inf"`, `"0x1p3"` or `"+4"`). A `Float` is rounded
/// once, from the number's text or value, to the nearest `Float`, as Swift's own conversion does;
/// a finite number beyond its range (`1e400`, or `"1e400"`) fails rather than becoming infinity.
/// JSON's `-0` is the integer zero and reads as +0.0; `-0.0` reads as −0.0.
extension BinaryFloatingPoint where Self: KeyMapValue & LosslessStringConvertible {
    /// The shared conversion behind ``KeyMapValue/init(keyMapValue:)`` for both widths.
    static func floatingPoint(from input: borrowing KeyMapInput) throws(ArchiveDecodingError) -> Self {
        // Each width has its own accessor, so that a Float is rounded once.
        let number = Self.self == Float.self ? input.float.converted(to: Self.self) : input.double.converted(to: Self.self)
        switch number {
        case .value(let value): return value
        // A JSON number beyond the type's range is not lossless.
        case .notExact: throw .invalidValue(Self.self, found: input)
        case .notANumber:
            guard let string = input.stringValue else { throw .typeMismatch(Self.self, found: input) }
            guard let value = numeral(string) else { throw .invalidValue(Self.self, found: input) }
            return value
        }
    }

    /// The nearest value to a string that is a JSON number, rounded once; `nil` for any other
    /// string, and for a number beyond the type's range.
    static func numeral(_ string: String) -> Self? {
        guard let numeral = DecimalNumeral(string.utf8) else { return nil }
        // As the number itself reads: `-0` is the integer zero.
        if numeral.isZero { return numeral.isNegative && !numeral.isIntegerText ? -0.0 : 0 }
        guard let value = Self(string), value.isFinite else { return nil }
        return value
    }
}

// One rule for both widths, as defaults of the conformance, as for the integer widths.
extension KeyMapValue where Self: BinaryFloatingPoint & LosslessStringConvertible {
    /// Reads a `Double` or a `Float` by the rule above.
    ///
    /// ```swift
    /// try Double(keyMapValue: KeyMapInput("4.5", from: .responseObject))  // 4.5
    /// try Float(keyMapValue: KeyMapInput(1e300, from: .responseObject))   // throws: not lossless
    /// ```
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) { self = try Self.floatingPoint(from: input) }

    /// The number itself: a property list holds it as it is.
    ///
    /// ```swift
    /// 4.5.keyMapArchiveValue  // 4.5
    /// ```
    public var keyMapArchiveValue: Any? {
        var objects = ArchiveObjects()
        return Self.writeArchive(self, into: &objects)
    }

    /// `0`: any number will do.
    ///
    /// ```swift
    /// Double.keyMapPlaceholder  // 0
    /// ```
    public static var keyMapPlaceholder: Self? { 0 }
}

extension Double: KeyMapValue {}
extension Float: KeyMapValue {}

extension BinaryFloatingPoint {
    /// The archive form of either width, for both sinks (ArchiveSink.swift).
    static func writeArchive<Sink: ArchiveSink>(_ value: Self, into sink: inout Sink) -> Sink.Object {
        sink.addFloatingPoint(value)
    }
}

extension Double: PropertyListWritable {
    static func makePropertyListWriter() -> Any {
        PropertyListFieldWriter<Double> { value, writer, _ in writeArchive(value, into: &writer) }
    }
}
