import Archiver
import ArchiverTesting
import Foundation
import Testing

struct RoundTripAssertionsTests {
    @Test func aFaithfulConformancePasses() throws {
        let note = Note(id: "n1", text: "Zoë 🍲", rating: -3, created: Date(timeIntervalSinceReferenceDate: 99.25))
        #expect(try assertArchiveRoundTrip(note).hasSameFields(as: note))
        try assertArchiveRoundTrip(ForgetfulNote(id: "no date", created: nil))
    }

    @Test func aConformanceThatDropsAPropertyFails() {
        let failure = #expect(throws: ArchiverTestFailure.self) {
            try assertArchiveRoundTrip(ForgetfulNote(id: "n", created: Date(timeIntervalSinceReferenceDate: 0)))
        }
        #expect(failure?.message.hasPrefix("ForgetfulNote decodes its archive but writes it back differently:\n  created: expected Date 2001-01-01T00:00:00Z, found nothing") == true)
    }

    @Test func storageRoundTripsThroughATemporaryArchiver() throws {
        try TemporaryArchiver.with { archiver in
            let note = Note(id: "a/b", text: "slash in the id", rating: 1)
            let loaded = try assertStorageRoundTrip(note, in: archiver)
            #expect(loaded.hasSameFields(as: note))
            let failure = #expect(throws: ArchiverTestFailure.self) {
                try assertStorageRoundTrip(Note(id: "", text: "", rating: 0), in: archiver)
            }
            #expect(failure?.message.contains("does not store and load") == true)
        }
    }
}
