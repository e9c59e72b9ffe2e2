import Archiver
import ArchiverTesting
import Foundation
import Testing

struct GoldenArchivesTests {
    let note = Note(id: "n1", text: "Good soup", rating: 4, created: Date(timeIntervalSinceReferenceDate: 1234.5))

    private func withGoldens(_ mode: GoldenArchives.RecordMode = .missing, _ body: (GoldenArchives) throws -> Void) rethrows {
        let folder = temporaryGoldenFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(GoldenArchives(directoryURL: folder, recordMode: mode))
    }

    @Test func aMissingGoldenIsRecordedAndTheCheckFailsSayingSo() throws {
        try withGoldens { goldens in
            let failure = #expect(throws: ArchiverTestFailure.self) { try goldens.assertGolden(note, named: "note") }
            #expect(failure?.message.hasPrefix("Recorded new golden note.plist for Note at ") == true)
            let data = try Data(contentsOf: goldens.fileURL(named: "note"))
            #expect(data.starts(with: Array("bplist00".utf8)))
            #expect(ArchiveComparison.haveSameContent(try Archive(archivedData: data), note.archiveValue))
            try goldens.assertGolden(note, named: "note")
        }
    }

    @Test func aDifferentArchiveFailsWithItsKeyPathsAndLeavesTheGoldenAlone() throws {
        try withGoldens { goldens in
            try goldens.record(note, named: "note")
            let before = try Data(contentsOf: goldens.fileURL(named: "note"))
            var changed = note
            changed.rating = 5
            changed.text = "Great soup"
            let failure = #expect(throws: ArchiverTestFailure.self) { try goldens.assertGolden(changed, named: "note") }
            #expect(failure?.message == """
                Note does not write golden note.plist:
                  rating: expected number 4, found number 5
                  text: expected String "Good soup", found String "Great soup"
                """)
            #expect(try Data(contentsOf: goldens.fileURL(named: "note")) == before)
        }
    }

    @Test func aConformanceThatRenamesAKeyIsCaught() throws {
        try withGoldens { goldens in
            try goldens.record(note, named: "note")
            let failure = #expect(throws: ArchiverTestFailure.self) { try goldens.assertGolden(RenamedNote(note), named: "note") }
            #expect(failure?.message.contains("body: expected nothing, found String \"Good soup\"") == true)
            #expect(failure?.message.contains("text: expected String \"Good soup\", found nothing") == true)
            let decodes = #expect(throws: ArchiverTestFailure.self) { try goldens.assertDecodes(RenamedNote.self, named: "note") }
            #expect(decodes?.message.hasPrefix("RenamedNote decodes golden note.plist but writes it back differently:") == true)
        }
    }

    @Test func recordingEverythingReplacesTheGoldenAndStillFails() throws {
        try withGoldens(.all) { goldens in
            try goldens.record(Note(id: "old", text: "", rating: 0), named: "note")
            let failure = #expect(throws: ArchiverTestFailure.self) { try goldens.assertGolden(note, named: "note") }
            #expect(failure?.message.hasPrefix("Re-recorded golden note.plist") == true)
            #expect(failure?.message.hasSuffix("without ARCHIVER_RECORD_GOLDENS.") == true)
            let reread = try Archive(archivedData: Data(contentsOf: goldens.fileURL(named: "note")))
            #expect(ArchiveComparison.haveSameContent(reread, note.archiveValue))
        }
    }

    @Test func aGoldenTheTypeCannotDecodeIsReported() throws {
        try withGoldens { goldens in
            try goldens.record(ForgetfulNote(id: "x", created: nil), named: "bare")
            let failure = #expect(throws: ArchiverTestFailure.self) { try goldens.assertDecodes(Note.self, named: "bare") }
            #expect(failure?.message == "Note does not decode golden bare.plist: Note: init?(archive:) returned nil")
        }
    }

    @Test func goldenNamesStayInTheirFolder() {
        withGoldens { goldens in
            #expect(throws: ArchiverTestFailure.self) { try goldens.record(note, named: "../escape") }
            #expect(!FileManager.default.fileExists(atPath: goldens.directoryURL.deletingLastPathComponent().appendingPathComponent("escape.plist").path))
        }
    }

    @Test func theDefaultFolderIsNextToTheTestFile() {
        let goldens = GoldenArchives(recordMode: .missing)
        #expect(goldens.directoryURL.path.hasSuffix("Tests/ArchiverTestingTests/Goldens"))
    }

    @Test func differencesCompareNumbersByValueAndNameArrayElements() {
        #expect(ArchiveDifference.lines(expected: ["n": 4, "list": [1, 2]], actual: ["n": 4.0, "list": [1, 2]]).isEmpty)
        #expect(ArchiveDifference.lines(expected: ["flag": true], actual: ["flag": 1]) == ["flag: expected Bool true, found number 1"])
        #expect(ArchiveDifference.lines(expected: ["list": [["a": 1], ["a": 2]]], actual: ["list": [["a": 1], ["a": 3]]])
            == ["list[1].a: expected number 2, found number 3"])
        #expect(ArchiveDifference.lines(expected: ["list": [1]], actual: ["list": [1, 2]]) == ["list[1]: expected nothing, found number 2"])
    }
}
