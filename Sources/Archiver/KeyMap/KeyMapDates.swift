import Foundation

/// How a server writes a property's dates, when it is not a form `Date` reads by itself.
///
/// By default a `Date` reads RFC 3339 / ISO 8601 text (with or without a fraction of a second and
/// an offset), a date alone (`2019-11-17`), and seconds since 1970 as a number or a numeric string;
/// ``KeyMapped/jsonData()`` writes RFC 3339 text. An entry names another form once, for a `Date`
/// or a `Date?`:
///
/// ```swift
/// .property(\.createdAt, server: "created_ms", dates: .millisecondsSince1970)
/// .property(\.birthday, dates: .formatter(dayMonthYear))   // "17/11/2019"
/// ```
///
/// Archives keep property-list dates whatever the form: only what the server sends, and what
/// ``KeyMapped/jsonData()`` sends back, change.
public struct KeyMapDates: Sendable {
    /// Reads a date from what the server sent: a `String` or an `NSNumber`, as a response object
    /// holds them.
    let read: @Sendable (Any) throws(ArchiveDecodingError) -> Date
    /// The server's form of a date, for ``KeyMapped/jsonData()``; `nil` for a date the form
    /// cannot write, which is an error there.
    let write: @Sendable (Date) -> Any?

    /// The forms a `Date` reads by default; dates are written as RFC 3339 text in UTC.
    public static let standard = KeyMapDates(
        read: { value throws(ArchiveDecodingError) in try Date(keyMapValue: KeyMapInput(value, from: .responseObject)) },
        write: { date in JSONWriter.rfc3339(date) })

    /// Seconds since 1970, as a number or a numeric string (`1574553600`, `"1574553600.5"`).
    public static let secondsSince1970 = KeyMapDates(scale: 1)

    /// Milliseconds since 1970, as a number or a numeric string (`1574553600000`).
    public static let millisecondsSince1970 = KeyMapDates(scale: 1_000)

    /// Text that `formatter` reads and writes, such as `"17/11/2019"`. The formatter is used from
    /// any thread, one call at a time; do not change it after handing it over.
    ///
    /// ```swift
    /// let dayMonthYear = DateFormatter()
    /// dayMonthYear.locale = Locale(identifier: "en_US_POSIX")
    /// dayMonthYear.timeZone = TimeZone(identifier: "UTC")
    /// dayMonthYear.dateFormat = "dd/MM/yyyy"
    /// ```
    public static func formatter(_ formatter: DateFormatter) -> KeyMapDates {
        let shared = SharedFormatter(formatter)
        return KeyMapDates(
            read: { value throws(ArchiveDecodingError) in
                guard let text = value as? String else { throw .typeMismatch(Date.self, found: KeyMapInput(value, from: .responseObject)) }
                guard let date = shared.date(from: text) else { throw .invalidValue(Date.self, found: KeyMapInput(value, from: .responseObject)) }
                return date
            },
            write: { date in shared.string(from: date) })
    }

    /// Your own conversion both ways: `read` is given what the server sent (a `String`, an
    /// `NSNumber` …), `write` returns what ``KeyMapped/jsonData()`` sends.
    ///
    /// ```swift
    /// .custom(read: { value throws(ArchiveDecodingError) in try parseLegacyDate(value) },
    ///         write: { date in legacyText(date) })
    /// ```
    public static func custom(
        read: @escaping @Sendable (Any) throws(ArchiveDecodingError) -> Date, write: @escaping @Sendable (Date) -> Any
    ) -> KeyMapDates {
        KeyMapDates(read: read, write: write)
    }

    init(read: @escaping @Sendable (Any) throws(ArchiveDecodingError) -> Date, write: @escaping @Sendable (Date) -> Any?) {
        self.read = read
        self.write = write
    }

    /// A count of `1 / scale` seconds since 1970, read exactly as a `Double` is.
    private init(scale: Double) {
        self.init(
            read: { value throws(ArchiveDecodingError) in
                let count = try Double(keyMapValue: KeyMapInput(value, from: .responseObject))
                guard count.isFinite else { throw .invalidValue(Date.self, found: KeyMapInput(value, from: .responseObject)) }
                return Date(timeIntervalSince1970: count / scale)
            },
            write: { date in
                // A count read in and kept as a Date (seconds since 2001) may come back a hair off
                // the whole number it was: within a thousandth of one, it is that number.
                let count = date.timeIntervalSince1970 * scale
                let whole = count.rounded()
                return abs(count - whole) < 1e-3 && abs(whole) < 9e15 ? Int64(whole) as Any : count as Any
            })
    }

    /// The entry's conversion of a `Date`: a server value through the form, an archive's `Date` as
    /// it is; the archive keeps property-list dates.
    var transform: KeyMapTransform {
        KeyMapTransform(decode: { [read] value throws(ArchiveDecodingError) -> Date in
            if let date = value as? Date { return date }
            return try read(value)
        }, encode: { (date: Date) in date })
    }

    /// The same for a `Date?`, whose `nil` leaves the key out.
    var optionalTransform: KeyMapTransform {
        KeyMapTransform(decode: { [read] value throws(ArchiveDecodingError) -> Date? in
            if let date = value as? Date { return date }
            return try read(value)
        }, encode: { (date: Date?) in date })
    }
}

/// A `DateFormatter` used from any thread, one call at a time.
private final class SharedFormatter: @unchecked Sendable {
    private let lock = NSLock()
    private let formatter: DateFormatter

    init(_ formatter: DateFormatter) {
        self.formatter = formatter
    }

    func date(from text: String) -> Date? { lock.withLock { formatter.date(from: text) } }
    func string(from date: Date) -> String { lock.withLock { formatter.string(from: date) } }
}
