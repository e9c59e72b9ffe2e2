import Archiver
import ArchiverTesting
@testable import ArchiverTutorial
import TutorialData
import Foundation
import Testing

/// MIGRATION.md, from Archiver 0.6: the tutorial's hand-written model (Examples/ArchiverTutorial,
/// unchanged from 2016) against files Archiver 0.6 left on disk.
struct ArchiverZeroSixMigrationTests {
    /// A keyed archive of the tutorial user, as Archiver 0.6 wrote it with NSKeyedArchiver.
    static let zeroSixFile = MigrationDocumentTests.packageRoot
        .appendingPathComponent("Tests/ArchiverTests/Migration/Fixtures/foundation-tutorial-user.plist")

    @Test func aFileArchiver06WroteLoadsAndTheNextStoreRewritesIt() throws {
        try TemporaryArchiver.with { archiver in
            let file = try archiver.fileURL(for: User.self, resourceID: "abcd-efgh-ijkl-mnop")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.zeroSixFile, to: file)

            let user = try User.load(resourceID: "abcd-efgh-ijkl-mnop", in: archiver)  // reads the 0.6 file
            try user!.store(in: archiver)                                             // writes the current format

            #expect(user?.reviews.map(\.restaurant.name) == ["The Original Soup Man", "La Boîte en Bois", "Monk's Café"])
            let rewritten = try Data(contentsOf: file)
            #expect(rewritten.range(of: Data("NSKeyedArchiver".utf8)) == nil)
            let again = try #require(try User.load(resourceID: "abcd-efgh-ijkl-mnop", in: archiver))
            #expect(ArchiveComparison.haveSameContent(again.archiveValue, user!.archiveValue))
        }
    }

    @Test func userArchiveIsUnchanged() throws {
        let user = try #require(User(responseObject: try tutorialResponseObject()))
        try GoldenArchives().assertGolden(user, named: "user")
    }

    @Test func theGoldenIsWhatArchiver06Wrote() throws {
        // The 0.6 file holds the same archive as the golden the hand-written conformance recorded.
        let zeroSix = try Archive(archivedData: Data(contentsOf: Self.zeroSixFile))
        let golden = try Archive(archivedData: Data(contentsOf: GoldenArchives().fileURL(named: "user")))
        #expect(ArchiveDifference.lines(expected: golden, actual: zeroSix) == [])
    }
}
