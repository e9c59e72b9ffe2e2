import Foundation

/// The library's own reader of ISO 8601 / RFC 3339 dates, so that a date string reads the same on
/// every platform and OS version (Foundation's `ISO8601FormatStyle` and `ISO8601DateFormatter`
/// differ between releases, and both move an impossible date such as 29 February 2021 to
/// another day).
///
/// It reads a date-time, `2016-06-01T12:00:00Z`: the separator `T`, `t` or a space; seconds
/// required, with as many fractional digits as are sent (kept as far as a `Double` holds them);
/// the offset `Z`, `z`, `±hh:mm` or `±hhmm`. It reads a date alone, `2016-06-01`, as midnight UTC.
/// Years are 0000 through 9999 of the proleptic Gregorian calendar. A date that does not exist
/// (`2021-02-29`, month 13, hour 24, second 60: a `Date` has no leap seconds) is `nil`, as is any
/// other text.
enum ISO8601DateParser {
    /// The date `text` names, or `nil`.
    ///
    /// ```swift
    /// ISO8601DateParser.date(from: "2016-06-01T14:00:00+02:00")  // 2016-06-01 12:00:00 UTC
    /// ISO8601DateParser.date(from: "2021-02-29")                  // nil
    /// ```
    static func date(from text: String) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"),
              let month = reader.number(digits: 2), reader.skip("-"),
              let day = reader.number(digits: 2),
              (1 ... 12).contains(month), (1 ... daysIn(month: month, year: year)).contains(day) else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        // Seconds in Int64: on a 32-bit Int (watchOS devices) a date past 2038 would overflow.
        if reader.isAtEnd { return Date(timeIntervalSince1970: Double(Int64(days) * 86_400)) }

        guard reader.skip("T") || reader.skip("t") || reader.skip(" "),
              let hour = reader.number(digits: 2), reader.skip(":"),
              let minute = reader.number(digits: 2), reader.skip(":"),
              let second = reader.number(digits: 2),
              hour < 24, minute < 60, second < 60 else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            let start = reader.position
            while reader.digit() != nil {}
            guard reader.position > start,
                  let value = Double("0." + String(decoding: reader.bytes[start ..< reader.position], as: UTF8.self)) else { return nil }
            fraction = value
        }
        let offset: Int
        if reader.skip("Z") || reader.skip("z") {
            offset = 0
        } else {
            guard let sign = reader.skip("+") ? 1 : reader.skip("-") ? -1 : nil,
                  let hours = reader.number(digits: 2) else { return nil }
            _ = reader.skip(":")
            guard let minutes = reader.number(digits: 2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        }
        guard reader.isAtEnd else { return nil }
        let seconds = Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second - offset)
        // Whole seconds are exact in a Double; the fraction is added to the interval a Date
        // keeps (since 2001), so that it is rounded once, at the scale it is stored.
        return Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + fraction)
    }

    /// The bytes of a date's text, read left to right.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        mutating func digit() -> Int? {
            guard position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") else { return nil }
            position += 1
            return Int(bytes[position - 1] - UInt8(ascii: "0"))
        }

        /// A number of exactly `count` ASCII digits.
        mutating func number(digits count: Int) -> Int? {
            var value = 0
            for _ in 0 ..< count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
