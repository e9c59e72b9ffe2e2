import Foundation
import Testing
@testable import Archiver

private let dayMonthYear: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "dd/MM/yyyy"
    return formatter
}()

/// An event as a server with three date habits sends it.
private struct ServerEvent: Equatable {
    let id: Int
    let start: Date
    let end: Date?
    let day: Date
    let published: Date
}

extension ServerEvent: KeyMapped {
    static let keyMap = KeyMap(ServerEvent.init, [
        .property(\.start, server: "start_ms", dates: .millisecondsSince1970),
        .property(\.end, server: "end_ms", dates: .millisecondsSince1970),
        .property(\.day, dates: .formatter(dayMonthYear)),
        .property(\.published, dates: .custom(read: { value throws(ArchiveDecodingError) in
            guard let text = value as? String, text.hasPrefix("@") else {
                throw .invalidValue(Date.self, found: KeyMapInput(value, from: .responseObject))
            }
            return Date(timeIntervalSince1970: try Double(keyMapValue: KeyMapInput(String(text.dropFirst()), from: .responseObject)))
        }, write: { date in "@\(Int(date.timeIntervalSince1970))" })),
    ])
}

/// A map names a date form once per entry; archives keep property-list dates, and `jsonData()`
/// writes the server's form back.
struct DateFormTests {
    private let json = #"{"id": 1, "start_ms": 1574553600500, "end_ms": "1574557200000", "day": "17/11/2019", "published": "@1574553600"}"#
    private let event = ServerEvent(
        id: 1, start: Date(timeIntervalSince1970: 1_574_553_600.5), end: Date(timeIntervalSince1970: 1_574_557_200),
        day: Date(timeIntervalSince1970: 1_573_948_800), published: Date(timeIntervalSince1970: 1_574_553_600))

    @Test func eachFormIsReadThroughEveryServerDoor() throws {
        #expect(try ServerEvent.decode(json: Data(json.utf8)) == event)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(try ServerEvent.decode(responseObject: object) == event)
        expectValidKeyMap(ServerEvent.self)
    }

    @Test func archivesKeepPropertyListDates() throws {
        let archive = event.archiveValue
        #expect(archive["start"] as? Date == event.start)
        #expect(archive["day"] as? Date == event.day)
        #expect(try ServerEvent.decode(archive: archive) == event)
        #expect(try ServerEvent(archivedData: try event.archivedData()) == event)
    }

    @Test func nilIsMissingAndLeavesTheKeyOut() throws {
        let open = ServerEvent(id: 2, start: event.start, end: nil, day: event.day, published: event.published)
        #expect(try ServerEvent.decode(json: Data(#"{"id": 2, "start_ms": 1574553600500, "end_ms": null, "day": "17/11/2019", "published": "@1574553600"}"#.utf8)) == open)
        #expect(open.archiveValue["end"] == nil)
        let written = try #require(try JSONSerialization.jsonObject(with: try open.jsonData()) as? [String: Any])
        #expect(written["end_ms"] == nil)
    }

    @Test func jsonOutWritesEachForm() throws {
        let data = try event.jsonData()
        let written = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(written["start_ms"] as? Double == 1_574_553_600_500)
        #expect(written["end_ms"] as? Int == 1_574_557_200_000)
        #expect(written["day"] as? String == "17/11/2019")
        #expect(written["published"] as? String == "@1574553600")
        #expect(try ServerEvent.decode(json: data) == event)
    }

    @Test func aValueOfAnotherFormIsAnErrorNamingTheKey() throws {
        let bad = #"{"id": 1, "start_ms": "soon", "day": "17/11/2019", "published": "@1"}"#
        #expect {
            _ = try ServerEvent.decode(json: Data(bad.utf8))
        } throws: { error in
            "\(error)".hasPrefix("ServerEvent.start_ms") || "\(error)".contains("start_ms")
        }
        #expect(throws: ArchiveDecodingError.self) {
            _ = try ServerEvent.decode(json: Data(#"{"id": 1, "start_ms": 1, "day": "2019-11-17", "published": "@1"}"#.utf8))
        }
    }
}

/// A server that sends every date in milliseconds, said once for the map; one property differs.
private struct DatedSession: Equatable {
    let id: Int
    let opened: Date
    let closed: Date?
    let birthday: Date
    let count: Int
}

extension DatedSession: KeyMapped {
    static let keyMap = KeyMap(DatedSession.init, [
        .property(\.birthday, dates: .formatter(dayMonthYear)),
    ], dates: .millisecondsSince1970)
}

struct MapDateFormTests {
    @Test func theMapsFormIsEveryDatesWhoseEntryNamesNone() throws {
        let json = #"{"id": 1, "opened": 1574553600000, "closed": 1574557200000, "birthday": "17/11/2019", "count": 3}"#
        let session = DatedSession(id: 1, opened: Date(timeIntervalSince1970: 1_574_553_600), closed: Date(timeIntervalSince1970: 1_574_557_200),
                              birthday: Date(timeIntervalSince1970: 1_573_948_800), count: 3)
        #expect(try DatedSession.decode(json: Data(json.utf8)) == session)
        #expect(session.archiveValue["opened"] as? Date == session.opened)
        #expect(try DatedSession(archivedData: try session.archivedData()) == session)
        let written = try #require(try JSONSerialization.jsonObject(with: try session.jsonData()) as? [String: Any])
        #expect(written["opened"] as? Int == 1_574_553_600_000)
        #expect(written["birthday"] as? String == "17/11/2019")
        #expect(written["count"] as? Int == 3)
        // Seconds are not milliseconds: the map's form is the only one read.
        let inSeconds = try DatedSession.decode(json: Data(#"{"id": 1, "opened": 1574553600, "birthday": "17/11/2019", "count": 3}"#.utf8))
        #expect(inSeconds.opened == Date(timeIntervalSince1970: 1_574_553.6))
        #expect(inSeconds.closed == nil)
        expectValidKeyMap(DatedSession.self)
    }
}
