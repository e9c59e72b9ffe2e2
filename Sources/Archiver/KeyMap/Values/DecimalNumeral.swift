import Foundation

/// A number's decimal text read exactly: its sign, its significant digits and the power of ten
/// they are scaled by, so that a conversion asks what the number is rather than what its nearest
/// `Double` is. `9007199254740993.0` is the integer 9007199254740993 (its nearest `Double` is
/// …992), `0.99999999999999999999` is no integer at all (its nearest `Double` is 1), and a
/// `Decimal` can tell whether it would keep every digit.
///
/// Only JSON's number grammar is a numeral, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`,
/// whether the text is a JSON token or a string: `"NaN"`, `"inf"`, `"0x1p3"`, `"+4"`, `"04"` and
/// `" 4"`, which `Double("…")` or `Int("…")` would read, are not numbers here.
struct DecimalNumeral: Equatable {
    /// Whether a minus sign was written (`-0` has one too).
    let isNegative: Bool
    /// The significant digits, as values 0 through 9, without leading or trailing zeros; empty for zero.
    let digits: [UInt8]
    /// The power of ten the digits are scaled by: the value is `digits × 10^exponent`; 0 for zero.
    /// An exponent written with more than nine digits is held as ±10^9, beyond every type's range.
    let exponent: Int
    /// Whether the text had neither a fraction nor an exponent: JSON's integers.
    let isIntegerText: Bool

    /// Reads `text`, or `nil` when it is not a JSON number.
    init?<Text: Collection<UInt8>>(_ text: Text) {
        var position = text.startIndex
        func next() -> UInt8? { position < text.endIndex ? text[position] : nil }
        func digit() -> UInt8? {
            guard let byte = next(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            position = text.index(after: position)
            return byte &- UInt8(ascii: "0")
        }
        let isNegative = next() == UInt8(ascii: "-")
        if isNegative { position = text.index(after: position) }
        var digits: [UInt8] = []
        // The integer part: one zero, or digits that do not start with one.
        guard let first = digit() else { return nil }
        if first == 0 {
            if digit() != nil { return nil }
        } else {
            digits.append(first)
            while let value = digit() { digits.append(value) }
        }
        var scale = 0
        var isIntegerText = true
        if next() == UInt8(ascii: ".") {
            position = text.index(after: position)
            isIntegerText = false
            guard var value = digit() else { return nil }
            while true {
                // Zeros before the first significant digit only move the point.
                if !digits.isEmpty || value != 0 { digits.append(value) }
                scale -= 1
                guard let following = digit() else { break }
                value = following
            }
        }
        if next() == UInt8(ascii: "e") || next() == UInt8(ascii: "E") {
            position = text.index(after: position)
            isIntegerText = false
            let isNegativeExponent = next() == UInt8(ascii: "-")
            if isNegativeExponent || next() == UInt8(ascii: "+") { position = text.index(after: position) }
            guard var written = digit().map(Int.init) else { return nil }
            // Clamped before it is multiplied, so that a long exponent cannot overflow a 32-bit Int.
            while let value = digit() { written = written < 100_000_000 ? written * 10 + Int(value) : 1_000_000_000 }
            scale += isNegativeExponent ? -written : written
        }
        guard position == text.endIndex else { return nil }
        while digits.last == 0 {
            digits.removeLast()
            scale += 1
        }
        self.isNegative = isNegative
        self.digits = digits
        exponent = digits.isEmpty ? 0 : scale
        self.isIntegerText = isIntegerText
    }

    /// Whether the value is zero (`0`, `-0.0`, `0e7`).
    var isZero: Bool { digits.isEmpty }

    /// The value as `Integer`, when it is a whole number in the type's range; `nil` otherwise.
    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) -> Integer? {
        if digits.isEmpty { return 0 }
        // A fraction, a value beyond 128 bits, or a negative value for an unsigned type.
        guard exponent >= 0, digits.count + exponent <= 40, !isNegative || Integer.isSigned else { return nil }
        var value: Integer = 0
        for index in 0 ..< digits.count + exponent {
            let digit = Integer(index < digits.count ? digits[index] : 0)
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            // Negatives accumulate downwards, so that Int64.min is reachable.
            let (next, overflow2) = isNegative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        return value
    }

    /// The value as a `Decimal`, when one holds every digit of it (38 digits, and 39 up to
    /// 2^128 − 1, with a power of ten from −128 to 127); `nil` otherwise, where `Decimal(string:)`
    /// would have dropped the digits beyond or given `nil`.
    var decimal: Decimal? {
        if digits.isEmpty { return 0 }
        guard digits.count <= 39, exponent > -200, exponent < 200 else { return nil }
        var text = isNegative ? "-" : ""
        text.unicodeScalars.append(contentsOf: digits.map { Unicode.Scalar($0 + UInt8(ascii: "0")) })
        text += "e\(exponent)"
        guard let decimal = Decimal(string: text, locale: Self.posix), !decimal.isNaN,
              // What Decimal made of the text must be the same number, digit for digit.
              DecimalNumeral(decimal.description.utf8).map({ $0.isNegative == isNegative && $0.digits == digits && $0.exponent == exponent }) == true else {
            return nil
        }
        return decimal
    }

    private static let posix = Locale(identifier: "en_US_POSIX")
}
