import Foundation

/// Dates read from `Date` values, from numbers as seconds since 1970, and from ISO 8601 strings
/// with or without fractional seconds (`"2016-06-01T12:00:00Z"`, `"2016-06-01T12:00:00.250+02:00"`).
/// Archives hold them as property-list dates.
extension Date: KeyMapValue {
    /// Reads a `Date` by the rule above.
    ///
    /// ```swift
    /// try Date(keyMapValue: KeyMapInput("2016-06-01T12:00:00Z", from: .responseObject))  // that date
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
            if let date = try? Date.ISO8601FormatStyle().parse(string) {
                self = date
            } else if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(string) {
                self = date
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
    public var keyMapArchiveValue: Any? { self }

    /// The start of 1970: any `Date` will do.
    ///
    /// ```swift
    /// Date.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Date? { Date(timeIntervalSince1970: 0) }
}

extension Date: KeyMapTypeDescribing {
    static var keyMapTypeName: String { "Date (ISO 8601 or seconds since 1970)" }
}

// How a store writes it: straight into the binary property list (KeyMap+PropertyList.swift).
extension Date: PropertyListWritable {
    static func makePropertyListWriter() -> Any {
        PropertyListFieldWriter<Date> { value, writer, _ in writer.addDate(value) }
    }
}
