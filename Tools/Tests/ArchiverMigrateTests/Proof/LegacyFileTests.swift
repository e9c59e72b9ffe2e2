import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import MigrationAfterFixtures
@testable import MigrationConverted
@testable import MigrationFixtures

/// Files the old code wrote — keyed archives as Apple's and Linux's Foundation lay them out, kept
/// by the root package's tests — load through the converted types as through the hand-written
/// ones and MIGRATION.md's "After".
struct LegacyFileTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Tests/ArchiverTests/Migration/Fixtures/\(name)"))
    }

    @Test(arguments: ["foundation-tutorial-user.plist", "bpylist2-tutorial-user.plist"])
    func archiver06FilesOfTheTutorialsUserLoad(name: String) throws {
        let handWritten = try HandWrittenUser(archivedData: Self.fixture(name))
        let converted = try ConvertedUser(archivedData: Self.fixture(name))
        #expect(!converted.reviews.isEmpty)
        expectSameArchives(handWritten, converted, input: name)
    }

    @Test func theDictionariableFileLoads() throws {
        let converted = try ConvertedMovie(archivedData: Self.fixture("foundation-movie-dictionariable.plist"))
        #expect(converted.releaseYear == 1993)
        expectSameArchives(try AfterMovie(archivedData: Self.fixture("foundation-movie-dictionariable.plist")), converted, input: "the Dictionariable file")
    }

    /// The nested Coding classes' archive, as Apple's NSKeyedArchiver writes it, read through the
    /// classes' names as MIGRATION.md (b) step 2 says.
    @Test func theNestedCodingClassesFileLoads() throws {
        let options = KeyedArchiveOptions(classesReadAsDictionaries: ["_TtCV15MigrationBefore7Session6Coding", "_TtCV15MigrationBefore5Event6Coding"])
        let data = try Self.fixture("apple-layout-sessions-nested-coding.plist")
        let converted = try [ConvertedSession](archivedData: data, keyedArchiveOptions: options)
        let after = try [AfterSession](archivedData: data, keyedArchiveOptions: options)
        #expect(converted.map(\.endTime) == [nil, Date(timeIntervalSinceReferenceDate: 4000)])
        #expect(converted[0].events.map(\.eventTag) == ["test session1/event1", "test session1/event2"])
        #expect(converted.count == after.count)
        for (convertedSession, afterSession) in zip(converted, after) {
            expectSameArchives(afterSession, convertedSession, input: "the nested Coding classes' file")
        }
    }
}
