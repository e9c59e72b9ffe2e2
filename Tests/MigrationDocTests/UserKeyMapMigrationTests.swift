import Archiver
import ArchiverTesting
import TutorialData
import Foundation
import MigrationAfter
import TutorialModel
import Testing

/// MIGRATION.md, from Archiver 0.6, step 5: the tutorial's model with key maps, against the golden
/// the hand-written conformance recorded and the file Archiver 0.6 wrote.
struct UserKeyMapMigrationTests {
    @Test func userArchiveIsUnchanged() throws {
        let user = try #require(User(responseObject: try tutorialResponseObject()))
        try GoldenArchives().assertGolden(user, named: "user")
    }

    @Test func keyMapsAreValid() throws {
        try User.validateKeyMap()
        try Review.validateKeyMap()
        try Restaurant.validateKeyMap()
    }

    @Test func theKeyMappedUserReadsTheFileArchiver06Wrote() throws {
        try TemporaryArchiver.with { archiver in
            let file = try archiver.fileURL(for: User.self, resourceID: "abcd-efgh-ijkl-mnop")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: ArchiverZeroSixMigrationTests.zeroSixFile, to: file)

            let user = try #require(try User.load(resourceID: "abcd-efgh-ijkl-mnop", in: archiver))
            #expect(user.reviews.map(\.rating) == [4, 4, 5])
            #expect(user.reviews[2].restaurant.name == "Monk's Café")
        }
    }
}
