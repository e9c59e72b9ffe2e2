import Archiver
import ArchiverTesting
import Foundation
import Testing

/// The assertions compare values field by field, not with `==`: a property a conformance forgot
/// in both `archiveValue` and `init(archive:)` fails them, named by its path.
struct FieldComparisonTests {
    let forgetful = Shelf(id: "s", notes: [PinnableNote(text: "a"), PinnableNote(text: "b", pinned: true)])

    @Test func aPropertyForgottenInBothDirectionsFailsTheRoundTripNamingIt() {
        #expect(forgetful == Shelf(id: "s", notes: []), "== compares ids only: it cannot catch this")
        let failure = #expect(throws: ArchiverTestFailure.self) { try assertArchiveRoundTrip(forgetful) }
        #expect(failure?.message == "Shelf does not survive its archive: notes[1].pinned: true ≠ false")
    }

    @Test func aPropertyForgottenInBothDirectionsFailsTheStorageRoundTrip() {
        TemporaryArchiver.with { archiver in
            let failure = #expect(throws: ArchiverTestFailure.self) { try assertStorageRoundTrip(forgetful, in: archiver) }
            #expect(failure?.message == #"Shelf does not survive storing and loading as "s": notes[1].pinned: true ≠ false"#)
        }
    }

    @Test func aPropertyForgottenInBothDirectionsFailsTheGolden() throws {
        let folder = temporaryGoldenFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldens = GoldenArchives(directoryURL: folder, recordMode: .missing)
        try goldens.record(forgetful, named: "shelf")
        let failure = #expect(throws: ArchiverTestFailure.self) { try goldens.assertGolden(forgetful, named: "shelf") }
        #expect(failure?.message.hasPrefix("Shelf decodes golden shelf.plist to a value that differs from the value checked at notes[1].pinned: true ≠ false") == true,
                "\(String(describing: failure?.message))")
    }

    @Test func valuesThatHoldTheDecodedDefaultPass() throws {
        let faithful = Shelf(id: "s", notes: [PinnableNote(text: "a"), PinnableNote(text: "b")])
        try assertArchiveRoundTrip(faithful)
        try TemporaryArchiver.with { archiver in try assertStorageRoundTrip(faithful, in: archiver) }
        let note = Note(id: "n1", text: "Zoë 🍲", rating: -3, created: Date(timeIntervalSinceReferenceDate: 99.25))
        try assertArchiveRoundTrip(note)
    }
}
