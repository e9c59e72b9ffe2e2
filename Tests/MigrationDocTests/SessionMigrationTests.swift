import Archiver
import ArchiverTesting
import Foundation
import MigrationAfter
import Testing

struct SessionMigrationTests {
    @Test func sessionsRoundTripWithDatesAndOptionals() throws {
        var first = Session(startTime: Date(timeIntervalSinceReferenceDate: 1000), endTime: nil)
        first.events = [Event(timeStamp: Date(timeIntervalSinceReferenceDate: 1100), tag: "test session1/event1")]
        let sessions = [first, Session(startTime: Date(), endTime: Date())]

        let data = try sessions.archivedData()
        #expect(try [Session](archivedData: data) == sessions)
    }
}
