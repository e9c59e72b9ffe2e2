import Archiver
import ArchiverTesting
import Foundation
import XCTest

/// ArchiverTesting from XCTest: its checks throw, and XCTest fails a throwing test with the message.
final class XCTestUsageTests: XCTestCase {
    func testHelpersWorkFromXCTest() throws {
        let note = Note(id: "x", text: "from XCTest", rating: 2)
        XCTAssertTrue(try assertArchiveRoundTrip(note).hasSameFields(as: note))
        try TemporaryArchiver.with { archiver in
            XCTAssertTrue(try assertStorageRoundTrip(note, in: archiver).hasSameFields(as: note))
        }
        let folder = temporaryGoldenFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldens = GoldenArchives(directoryURL: folder, recordMode: .missing)
        XCTAssertThrowsError(try goldens.assertGolden(note, named: "note")) { error in
            XCTAssertTrue("\(error)".hasPrefix("Recorded new golden note.plist"))
        }
        try goldens.assertGolden(note, named: "note")
    }
}
