import Foundation

/// Dates read from `Date` values; from numbers as seconds since 1970, and from strings that are
/// such a number (`"1574553600.5"`); and from ISO 8601 / RFC 3339 strings, read by the library's
/// own parser so that every platform and OS version reads them alike:
///
/// - a date-time with seconds and a `Z` or numeric offset, the separator `T`, `t` or a space, and
///   any number of fractional digits: `"2016-06-01T12:00:00Z"`, `"2016-06-01T12:00:00.250+02:00"`,
///   `"2016-06-01 12:00:00+0200"`;
/// - a date alone, as midnight UTC: `"2016-06-01"`.
///
/// A date that does not exist (`"2021-02-29"`, month 13, hour 24, second 60) is refused, never
/// moved to another day, and so is a date-time without an offset. Archives hold dates as
/// property-list dates.
extension Date: KeyMapValue {
    /// Reads a `Date` by the rule above.
    ///
    /// ```swift
    /// try Date(keyMapValue: KeyMapInput("2016-06-01T12:00:00Z", from: .responseObject))  // that date
    /// try Date(keyMapValue: KeyMapInput("2021-02-29", from: .responseObject))            // throws
    /// ```
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        if let date = input.dateValue {
            self = date
            return
        }
        switch input.double {
        case .value(let seconds) where seconds.isFinite: self = Date(timeIntervalSince1970: seconds)
        case .value, .notExact: throw .invalidValue(Date.self, found: input)
        case .notANumber:
            guard let string = input.stringValue else { throw .typeMismatch(Date.self, found: input) }
            if let date = ISO8601DateParser.date(from: string) {
                self = date
            } else if let seconds = Double.numeral(string) {
                self = Date(timeIntervalSince1970: seconds)
            } else {
                throw .invalidValue(Date.self, found: input)
            }
        }
    }

    /// The `Date` itself: a property list holds dates as they are.
    ///
    /// ```swift
    /// try Date(keyMapValue: KeyMapInput("2016-06-01T12:00:00Z", from: .archive)).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? {
        var objects = ArchiveObjects()
        return Self.writeArchive(self, into: &objects)
    }

    /// The start of 1970: any `Date` will do.
    ///
    /// ```swift
    /// Date.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Date? { Date(timeIntervalSince1970: 0) }
}

extension Date: KeyMapTypeDescribing {
    static var keyMapTypeName: String { "Date (ISO 8601 such as 2016-06-01T12:00:00Z or 2016-06-01, or seconds since 1970)" }
}

extension Date: PropertyListWritable {
    /// Its archive form, for both sinks (ArchiveSink.swift).
    static func writeArchive<Sink: ArchiveSink>(_ value: Date, into sink: inout Sink) -> Sink.Object {
        sink.addDate(value)
    }

    static func makePropertyListWriter() -> Any {
        PropertyListFieldWriter<Date> { value, writer, _ in writeArchive(value, into: &writer) }
    }
}
