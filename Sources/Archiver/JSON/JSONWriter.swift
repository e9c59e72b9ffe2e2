import Foundation

/// Writes JSON text (RFC 8259) into a byte array: strings escaped, numbers in their shortest exact
/// text, dates as RFC 3339 text in UTC. What ``KeyMapped/jsonData()`` writes a value with.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the container being written holds a member or element yet: a comma goes before the
    /// next one.
    private var needsComma = false

    init() {}

    /// A writer whose buffer holds `capacity` bytes before it first grows.
    init(reservingCapacity capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Starts an object (`{`); ``key(_:)`` then the value for each member, then ``endObject()``.
    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member's key; its value follows.
    mutating func key(_ key: String) {
        string(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member's key as ``encodedKey(_:)`` gave it, quoted, escaped and with its colon; its
    /// value follows.
    mutating func key(encoded key: [UInt8]) {
        separate()
        ByteReader.append(key, to: &bytes)
        needsComma = false
    }

    /// `key` as ``key(encoded:)`` writes it: a key map's keys are escaped once, when it is built.
    static func encodedKey(_ key: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.key(key)
        return writer.bytes
    }

    mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    /// A number already in JSON's number syntax: a `Decimal`'s text.
    mutating func number(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    /// An integer's decimal digits, with a minus sign when negative: every integer a key map
    /// holds is 64 bits wide or narrower.
    mutating func integer<Integer: FixedWidthInteger>(_ value: Integer) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(truncatingIfNeeded: value.magnitude)
        let start = bytes.count
        repeat {
            bytes.append(UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0"))
            magnitude /= 10
        } while magnitude != 0
        bytes[start...].reverse()
        needsComma = true
    }

    /// A finite `Double` or `Float` in the shortest text that reads back as the same value, as its
    /// `description` gives it (`0.1`, `1e-05`), which is JSON's number syntax for finite values.
    mutating func number<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Number) {
        separate()
        bytes.append(contentsOf: value.description.utf8)
        needsComma = true
    }

    /// A string, with `"`, `\` and the control characters escaped; everything else as UTF-8.
    mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        // A native string's bytes are contiguous: the runs between escapes are copied whole.
        let copied: Void? = ByteReader.withContiguousUTF8(of: value) { text in
            var run = 0
            var index = 0
            while index < text.count {
                // Eight bytes at a time while none needs an escape, as in most text.
                if index &+ 8 <= text.count, !Self.anyNeedsEscape(text.word(at: index)) {
                    index &+= 8
                    continue
                }
                if Self.needsEscape(text[index]) {
                    text.bytes(at: run, count: index &- run).append(to: &bytes)
                    escape(text[index])
                    run = index &+ 1
                }
                index &+= 1
            }
            text.bytes(at: run, count: text.count &- run).append(to: &bytes)
        }
        if copied == nil {
            for byte in value.utf8 {
                if Self.needsEscape(byte) { escape(byte) } else { bytes.append(byte) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether any of the eight bytes of `word` needs an escape: one below 0x20, a quote or a
    /// backslash (the bit tricks of "Bit Twiddling Hacks", "Determine if a word has a byte less
    /// than n", exact as a yes or no).
    private static func anyNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let control = (word &- ones &* 0x20) & ~word
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        return (control | quote | backslash) & high != 0
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
        case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
        case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
        case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: #"\u00"#.utf8)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        }
    }

    /// Where the text is, for ``rewind(to:)``.
    struct Mark {
        fileprivate let count: Int
        fileprivate let needsComma: Bool
    }

    var mark: Mark { Mark(count: bytes.count, needsComma: needsComma) }

    /// How many bytes are written: what tells whether an object got a member.
    var count: Int { bytes.count }

    /// Takes back everything written since `mark`: a nested object that got no member.
    mutating func rewind(to mark: Mark) {
        bytes.removeSubrange(mark.count...)
        needsComma = mark.needsComma
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// `date` as RFC 3339 text in UTC, `2019-11-17T08:30:00Z`, with the fraction of a second when
    /// there is one (`…00.25Z`), in the fewest digits that read back as the same `Date`; `nil`
    /// outside the years 0001–9999, which the form cannot write.
    static func rfc3339(_ date: Date) -> String? {
        let interval = date.timeIntervalSince1970
        // Years 0001–9999, checked before any conversion to an integer, which traps past Int64.
        guard (-62_135_596_800 ..< 253_402_300_800).contains(interval) else { return nil }
        // Whole seconds from the interval a Date keeps (since 2001), which is exact, rather than
        // from the one since 1970, which is rounded once more.
        let reference = date.timeIntervalSinceReferenceDate
        let wholeReference = reference.rounded(.down)
        let seconds = wholeReference + 978_307_200
        let fraction = fractionDigits(reference - wholeReference, readingBackAs: reference, whole: wholeReference)
        // Days since 1970-01-01 to a civil date: Howard Hinnant's `civil_from_days`.
        let days = Int64((seconds / 86_400).rounded(.down))
        let secondOfDay = Int64(seconds) - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard (1...9_999).contains(year) else { return nil }
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let text = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
            + "\(padded(secondOfDay / 3_600, 2)):\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2))"
        return text + fraction + "Z"
    }

    /// The digits of `fraction` (of a second, in 0..<1), after a point: the fewest that read back,
    /// as ``ISO8601DateParser`` reads them (`whole + Double("0." + digits)`), as exactly
    /// `reference`, so that `decode(json:)` of what ``KeyMapped/jsonData()`` wrote is the same
    /// `Date`; empty for a whole second.
    private static func fractionDigits(_ fraction: Double, readingBackAs reference: Double, whole: Double) -> String {
        guard fraction > 0 else { return "" }
        func readsBack(_ digits: String) -> Bool { whole + (Double("0." + digits) ?? -1) == reference }
        for width in 1 ... 9 {
            let scale = pow(10.0, Double(width))
            let count = (fraction * scale).rounded()
            guard count > 0, count < scale else { continue }
            let text = String(Int(count))
            let digits = String(repeating: "0", count: width - text.count) + text
            if readsBack(digits) { return "." + digits }
        }
        // Near 2001, where a Date holds finer than a nanosecond: every digit the Double has.
        var digits = String(String(format: "%.20f", fraction).dropFirst(2))
        while digits.hasSuffix("0") { digits.removeLast() }
        return digits.isEmpty ? "" : "." + digits
    }
}
