import Archiver
import ArchiverTesting
import Foundation
import MigrationAfter
import MigrationBefore
import Testing

/// Files the previous versions wrote, read by the migrated code, and rewritten in the current format.
struct LegacyFileMigrationTests {
    private func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("LegacyFileMigrationTests-\(UUID().uuidString)-\(name)")
    }

    private func isKeyedArchive(_ url: URL) throws -> Bool {
        let data = try Data(contentsOf: url)
        return data.range(of: Data("NSKeyedArchiver".utf8)) != nil
    }

    /// What `archiveSessions(_:)` of MigrationBefore writes for two sessions. On Apple platforms it
    /// is run; Foundation on Linux stops the process archiving a nested class ("not a top-level
    /// class"), so there the same archive is read from a fixture laid out as Apple's NSKeyedArchiver
    /// lays it out (Scripts/LegacyFixtures/independent_fixtures.py).
    private func legacySessionsData() throws -> Data {
        #if canImport(Darwin)
        var old = MigrationBefore.Session(startTime: Date(timeIntervalSinceReferenceDate: 1000), endTime: nil)
        old.events = [
            MigrationBefore.Event(timeStamp: Date(timeIntervalSinceReferenceDate: 1100), tag: "test session1/event1"),
            MigrationBefore.Event(timeStamp: Date(timeIntervalSinceReferenceDate: 1200), tag: "test session1/event2"),
        ]
        let ended = MigrationBefore.Session(startTime: Date(timeIntervalSinceReferenceDate: 3000), endTime: Date(timeIntervalSinceReferenceDate: 4000))
        return try MigrationBefore.archiveSessions([old, ended])
        #else
        let fixture = MigrationDocumentTests.packageRoot
            .appendingPathComponent("Tests/ArchiverTests/Migration/Fixtures/apple-layout-sessions-nested-coding.plist")
        return try Data(contentsOf: fixture)
        #endif
    }

    @Test func sessionsWrittenByTheNSCodingClassesLoadAndAreRewritten() throws {
        let url = temporaryFile("sessions")
        defer { try? FileManager.default.removeItem(at: url) }
        try legacySessionsData().write(to: url)
        #expect(try isKeyedArchive(url))

        let sessions = try loadSessions(from: url)
        #expect(sessions.count == 2)
        #expect(sessions[0].endTime == nil)
        #expect(sessions[0].events.map(\.eventTag) == ["test session1/event1", "test session1/event2"])
        #expect(sessions[0].events[1].timeStamp == Date(timeIntervalSinceReferenceDate: 1200))
        #expect(sessions[1].endTime == Date(timeIntervalSinceReferenceDate: 4000))
        #expect(sessions[1].events.isEmpty)
        #expect(try !isKeyedArchive(url))
        #expect(try [MigrationAfter.Session](archivedData: Data(contentsOf: url)) == sessions)
    }

    @Test func withoutTheirClassNamesTheCodingClassesAreRefusedByName() throws {
        let data = try legacySessionsData()
        do {
            _ = try [MigrationAfter.Session](archivedData: data)
            Issue.record("read an archive of Coding classes without being told their names")
        } catch {
            guard case .refusedKeyedArchive(_, nil, nil, .unsupportedClass(let name, let keyPath)) = error else { throw error }
            #expect(name == "_TtCV15MigrationBefore7Session6Coding")
            #expect(keyPath == "root[0]")
        }
    }

    @Test func aMovieFileTheDictionariableCodeWroteLoadsAndIsRewritten() throws {
        let url = temporaryFile("movie")
        defer { try? FileManager.default.removeItem(at: url) }
        let old = MigrationBefore.Movie(name: "Jurassic Park", director: "Steven Spielberg", releaseYear: 1993)
        try MigrationBefore.archiveStructure(structure: old, to: url)
        #expect(try isKeyedArchive(url))

        let movie = try loadMovie(from: url)
        #expect(movie == MigrationAfter.Movie(name: "Jurassic Park", director: "Steven Spielberg", releaseYear: 1993))
        #expect(try !isKeyedArchive(url))
        #expect(try MigrationAfter.Movie(archivedData: Data(contentsOf: url)) == movie)
    }

    /// Re-records Goldens/movie.plist with the Dictionariable code, on purpose only.
    @Test(.enabled(if: GoldenArchives.RecordMode.fromEnvironment == .all))
    func recordTheDictionariableMovieGolden() throws {
        let old = MigrationBefore.Movie(name: "Jurassic Park", director: "Steven Spielberg", releaseYear: 1993)
        let goldens = GoldenArchives()
        try FileManager.default.createDirectory(at: goldens.directoryURL, withIntermediateDirectories: true)
        try MigrationBefore.archiveStructure(structure: old, to: goldens.fileURL(named: "movie"))
    }
}
