import Foundation
import Testing
@testable import Archiver
import ArchiverTesting
@testable import ArchiverTutorial
import TutorialData

/// Keyed archives on disk — written by Foundation's NSKeyedArchiver, by bpylist2, and by hand to
/// attack the reader — read through the public API.
@MainActor  // the tutorial target is main-actor by default, as an app is
struct LegacyArchiveFixtureTests {
    static func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
        return try Data(contentsOf: url)
    }

    /// The tutorial user's archive, as Archiver 0.6 stored it.
    static var tutorialUserArchive: Archive {
        get throws { try #require(User(responseObject: try tutorialResponseObject())).archiveValue }
    }

    @Test(arguments: ["foundation-tutorial-user.plist", "bpylist2-tutorial-user.plist"])
    func theTutorialUserLoadsFromEitherWriter(fixture: String) throws {
        let archive = try Archive(archivedData: Self.fixture(fixture))
        #expect(archive.sameContent(as: try Self.tutorialUserArchive))
        let user = try #require(User(archive: archive))
        #expect(user.reviews.map(\.rating) == [4, 4, 5])
        #expect(user.reviews[1].restaurant.name == "La Boîte en Bois")
    }

    @Test(arguments: ["foundation-tutorial-user.plist", "bpylist2-tutorial-user.plist"])
    func loadingByIDReadsTheKeyedArchiveAndTheNextStoreRewritesIt(fixture: String) async throws {
        try TemporaryArchiver.with { archiver in
            let url = try archiver.fileURL(for: ZeroSixUser.self, resourceID: "abcd-efgh-ijkl-mnop")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Self.fixture(fixture).write(to: url)

            let user = try #require(ZeroSixUser(resourceID: "abcd-efgh-ijkl-mnop"))
            #expect(try ZeroSixUser.load(resourceID: "abcd-efgh-ijkl-mnop")?.user.name == "George Costanza")
            user.storeArchive()

            let bytes = try Data(contentsOf: url)
            #expect(bytes.range(of: Data("NSKeyedArchiver".utf8)) == nil)
            let plist = try #require(try PropertyListSerialization.propertyList(from: bytes, format: nil) as? [String: Any])
            #expect(plist["$archiver"] == nil)
            #expect(try #require(ZeroSixUser(resourceID: "abcd-efgh-ijkl-mnop")).archiveValue.sameContent(as: try Self.tutorialUserArchive))
        }
    }

    @Test func foundationEdgeValuesKeepTheirTypesAndValues() throws {
        let archive = try Archive(archivedData: Self.fixture("foundation-edge-cases.plist"))
        #expect(archive["date"] as? Date == Date(timeIntervalSinceReferenceDate: 500_000_000.25))
        #expect(archive["ancientDate"] as? Date == Date(timeIntervalSinceReferenceDate: -3_000_000_000))
        #expect(archive["data"] as? Data == Data([0x00, 0xFF, 0x10, 0x80]))
        #expect(archive["emptyData"] as? Data == Data())
        #expect(archive["unicode"] as? String == "Zoë 🍲 \u{65}\u{301} 日本語")
        #expect(archive["emptyString"] as? String == "")
        #expect(archive["int64Max"] as? Int64 == .max)
        #expect(archive["int64Min"] as? Int64 == .min)
        #expect(archive["negative"] as? Int == -42)
        #expect(archive["real"] as? Double == 3.141592653589793)
        #expect(archive["mutable"] as? String == "mutable text")
        #expect(archive["mutableArray"] as? [String] == ["a", "b"])
        #expect((archive["mutableDictionary"] as? Archive)?.sameContent(as: ["k": "v"]) == true)
        let nested = try #require(archive["nested"] as? [Any])
        #expect(nested.count == 4)
        #expect(((nested[3] as? Archive)?["deep"] as? Archive)?["deeper"] is [Any])
        // Foundation on Linux shares equal NSNumbers, and true equals 1 there: the Booleans come
        // back as the numbers 1 and 0. Bool properties still read them (`as? Bool`).
        #expect(archive["yes"] as? Bool == true)
        #expect(archive["no"] as? Bool == false)
    }

    @Test func bpylist2EdgeValuesKeepTheirTypesAndValues() throws {
        let archive = try Archive(archivedData: Self.fixture("bpylist2-edge-cases.plist"))
        #expect(archive["date"] as? Date == Date(timeIntervalSinceReferenceDate: 500_000_000.25))
        #expect(archive["data"] as? Data == Data([0x00, 0xFF, 0x10, 0x80]))
        #expect(archive["unicode"] as? String == "Zoë 🍲 \u{65}\u{301} 日本語")
        #expect(archive["int64Max"] as? Int64 == .max)
        #expect(archive["int64Min"] as? Int64 == .min)
        #expect(archive["real"] as? Double == 3.141592653589793)
        #expect(isBoolean(try #require(archive["yes"])))
        #expect(archive["yes"] as? Bool == true)
        #expect(archive["no"] as? Bool == false)
        #expect(!isBoolean(try #require(archive["int64Max"])))
    }

    @Test func wrapperClassArchivesReadWhenTheirClassesAreNamed() throws {
        let movieData = try Self.fixture("foundation-movie-wrapper.plist")
        let options = KeyedArchiveOptions(classesReadAsDictionaries: ["FoundationFixtures.MovieClass"])
        #expect(try Movie(archivedData: movieData, keyedArchiveOptions: options)
            == Movie(name: "Jurassic Park", director: "Steven Spielberg", releaseYear: 1993))
        #expect(try Movie(archivedData: Self.fixture("foundation-movie-dictionariable.plist")).releaseYear == 1993)

        let sessionOptions = KeyedArchiveOptions(classesReadAsDictionaries: ["FoundationFixtures.SessionCoding", "FoundationFixtures.EventCoding"])
        #expect(try [Session](archivedData: Self.fixture("foundation-sessions-wrapper-classes.plist"), keyedArchiveOptions: sessionOptions)
            == referenceSessions)
        let nestedOptions = KeyedArchiveOptions(classesReadAsDictionaries: ["_TtCV15MigrationBefore7Session6Coding", "_TtCV15MigrationBefore5Event6Coding"])
        let nested = try [Session](archivedData: Self.fixture("apple-layout-sessions-nested-coding.plist"), keyedArchiveOptions: nestedOptions)
        #expect(nested.map(\.endTime) == [nil, Date(timeIntervalSinceReferenceDate: 4000)])
    }

    @Test func anArchiveNamingAnotherClassIsRefusedByNameThroughEveryEntryPoint() async throws {
        let data = try Self.fixture("hostile-evil-class.plist")
        let expected = KeyedArchiveError.unsupportedClass(name: "EvilClass", keyPath: "root.payload")
        #expect(throws: ArchiverError.refusedKeyedArchive(type: "Archive", id: nil, file: nil, error: expected)) {
            try Archive(archivedData: data)
        }
        try TemporaryArchiver.with { archiver in
            let url = try archiver.fileURL(for: Note.self, resourceID: "evil")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
            #expect(throws: ArchiverError.refusedKeyedArchive(type: "Note", id: "evil", file: url, error: expected)) {
                try Note.load(resourceID: "evil")
            }
            #expect(Note(resourceID: "evil") == nil)
            #expect(throws: ArchiverError.refusedKeyedArchive(type: "Note", id: nil, file: nil, error: expected)) {
                try Note(archivedData: data)
            }
        }
    }

    @Test func hostileStructureIsRefusedWithATypedError() throws {
        #expect(throws: ArchiverError.refusedKeyedArchive(type: "Archive", id: nil, file: nil, error:
            .malformed(keyPath: "root.id", reason: "refers to object 4000000000 of 4"))) {
            try Archive(archivedData: Self.fixture("hostile-uid-out-of-range.plist"))
        }
        #expect(throws: ArchiverError.refusedKeyedArchive(type: "Archive", id: nil, file: nil, error: .malformed(keyPath: "root.me", reason: "contains itself"))) {
            try Archive(archivedData: Self.fixture("hostile-self-reference.plist"))
        }
        let deep = try Self.fixture("hostile-deep-nesting.plist")
        do {
            _ = try Archive(archivedData: deep)
            Issue.record("read 2000 nested arrays")
        } catch {
            guard case .refusedKeyedArchive(_, _, _, .malformed(_, let reason)) = error else { throw error }
            #expect(reason == "is nested deeper than 512")
        }
    }

    @Test func currentArchivesAreNotMistakenForKeyedOnes() throws {
        // An archive whose own keys look like a keyed archive's is still the app's archive.
        let lookalike: Archive = ["$archiver": "MyArchiver", "$objects": ["x"], "$top": ["root": 1]]
        #expect(try Archive(archivedData: lookalike.archivedData()).sameContent(as: lookalike))
    }
}

/// The tutorial's user, stored through the temporary archiver of the test that runs it.
@MainActor struct ZeroSixUser: @MainActor Archivable {
    static var archiver: Archiver { testArchiver }
    static var directoryName: String { "User" }

    var user: User
    var id: String { user.id }
    var archiveValue: Archive { user.archiveValue }

    init?(archive: Archive) {
        guard let user = User(archive: archive) else { return nil }
        self.user = user
    }
}
