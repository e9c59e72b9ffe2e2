import Foundation
import Testing
@testable import Archiver

/// Dates are parsed by the library's own strict reader, the same on every platform and through
/// every door (``NumberDoor``): ISO 8601 / RFC 3339 date-times with any number of fractional
/// digits and a `Z` or numeric offset, dates alone as midnight UTC, and seconds since 1970 as a
/// number or a numeral string. A date that does not exist is refused, never moved to another day.
@Suite struct DateParsingTests {
    /// 2016-06-01T12:00:00Z.
    static let noon = Date(timeIntervalSince1970: 1_464_782_400)

    static func quoted(_ text: String) -> String { "\"\(text)\"" }

    @Test func dateTimesReadWithAnyOffsetAndSeparator() {
        for text in [
            "2016-06-01T12:00:00Z", "2016-06-01t12:00:00z", "2016-06-01 12:00:00Z", "2016-06-01T14:00:00+02:00",
            "2016-06-01T14:00:00+0200", "2016-06-01T09:30:00-02:30", "2016-06-01T12:00:00+00:00", "2016-06-01T12:00:00-00:00",
            "2016-06-02T11:59:00+23:59",
        ] {
            NumberDoor.expect(Date.self, Self.quoted(text), Self.noon)
        }
    }

    @Test func fractionalSecondsKeepWhatADoubleHolds() {
        NumberDoor.expect(Date.self, Self.quoted("2016-06-01T12:00:00.250Z"), Self.noon.addingTimeInterval(0.25))
        NumberDoor.expect(Date.self, Self.quoted("2016-06-01T12:00:00.5Z"), Self.noon.addingTimeInterval(0.5))
        NumberDoor.expect(Date.self, Self.quoted("2016-06-01T14:00:00.125+02:00"), Self.noon.addingTimeInterval(0.125))
        // Microseconds, and more digits than a Double keeps: the nearest value, not milliseconds.
        let micro = NumberDoor.json.read(Date.self, Self.quoted("2016-06-01T12:00:00.000123Z"))
        if case .value(let date) = micro {
            #expect(abs(date.timeIntervalSince(Self.noon) - 0.000_123) < 1e-6)
            #expect(date != Self.noon)
        } else {
            Issue.record("\(micro)")
        }
        NumberDoor.expect(Date.self, Self.quoted("2016-06-01T12:00:00.25000000000000000000000000Z"), Self.noon.addingTimeInterval(0.25))
    }

    @Test func aDateAloneIsMidnightUTC() {
        NumberDoor.expect(Date.self, Self.quoted("2016-06-01"), Self.noon.addingTimeInterval(-12 * 3600))
        NumberDoor.expect(Date.self, Self.quoted("2024-02-29"), Date(timeIntervalSince1970: 1_709_164_800))
        NumberDoor.expect(Date.self, Self.quoted("1970-01-01"), Date(timeIntervalSince1970: 0))
        NumberDoor.expect(Date.self, Self.quoted("1969-12-31T23:59:59Z"), Date(timeIntervalSince1970: -1))
        NumberDoor.expect(Date.self, Self.quoted("2000-02-29T00:00:00Z"), Date(timeIntervalSince1970: 951_782_400))
    }

    @Test func secondsSince1970ReadFromNumbersAndNumeralStrings() {
        NumberDoor.expect(Date.self, "1574553600", Date(timeIntervalSince1970: 1_574_553_600))
        NumberDoor.expect(Date.self, "1574553600.5", Date(timeIntervalSince1970: 1_574_553_600.5))
        NumberDoor.expect(Date.self, Self.quoted("1574553600"), Date(timeIntervalSince1970: 1_574_553_600))
        NumberDoor.expect(Date.self, Self.quoted("1574553600.5"), Date(timeIntervalSince1970: 1_574_553_600.5))
        NumberDoor.expect(Date.self, Self.quoted("-1"), Date(timeIntervalSince1970: -1))
    }

    /// Dates that do not exist were moved to another day (`2021-02-29` was 1 March).
    @Test func impossibleDatesAreRefused() {
        for text in [
            "2021-02-29T00:00:00Z", "2021-02-29", "1900-02-29", "2016-13-01T00:00:00Z", "2016-00-10T00:00:00Z",
            "2016-04-31T00:00:00Z", "2016-06-00T00:00:00Z", "2016-06-01T24:00:00Z", "2016-06-01T12:60:00Z",
            "2016-06-01T12:00:60Z", "2016-06-01T12:00:00+24:00", "2016-06-01T12:00:00+02:60",
        ] {
            NumberDoor.expect(Date.self, Self.quoted(text), nil)
        }
    }

    @Test func malformedDatesAreRefused() {
        for text in [
            "2016-06-01T12:00:00", "2016-06-01T12:00Z", "2016-6-1T12:00:00Z", "16-06-01T12:00:00Z", "2016-06-01T12:00:00.Z",
            "2016-06-01T12:00:00Z ", " 2016-06-01T12:00:00Z", "2016-06-01T12:00:00+2", "2016-06-01T12:00:00+02:0",
            "2016-06-01T12:00:00+02:00:00", "2016-06-01X12:00:00Z", "2016/06/01", "20160601T120000Z", "June 1st", "",
            "2016-06-01T12:00:00,5Z", "２０１６-06-01",
        ] {
            NumberDoor.expect(Date.self, Self.quoted(text), nil)
        }
    }

    @Test func aRefusedDateNamesTheKeyPathAndTheAcceptedForms() {
        let error = #expect(throws: ArchiveDecodingError.self) {
            try DocumentDoorsTests.Slot<Date>.decode(json: Data(#"{"v": "2021-02-29T00:00:00Z"}"#.utf8))
        }
        #expect(error?.description.hasPrefix("Slot<Date>.v: expected Date (") == true, "\(String(describing: error))")
        #expect(error?.description.contains("2016-06-01T12:00:00Z") == true)
        #expect(error?.description.contains("seconds since 1970") == true)
        #expect(error?.description.hasSuffix(#"found String "2021-02-29T00:00:00Z""#) == true)
    }

    @Test func theParserIsTheLibrarysOwn() {
        // The same answers whatever Foundation's formatters say on this platform.
        #expect(ISO8601DateParser.date(from: "2016-06-01T12:00:00Z") == Self.noon)
        #expect(ISO8601DateParser.date(from: "2021-02-29T00:00:00Z") == nil)
        #expect(ISO8601DateParser.date(from: "0001-01-01T00:00:00Z") == Date(timeIntervalSince1970: -62_135_596_800))
        #expect(ISO8601DateParser.date(from: "9999-12-31T23:59:59Z") == Date(timeIntervalSince1970: 253_402_300_799))
    }
}
