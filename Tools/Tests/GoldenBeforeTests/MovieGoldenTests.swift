// Written by archiver-migrate for Movie. Run it once before applying the rewrite: it
// records Goldens/Movie.plist from dictionaryRepresentation() and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map writes
// the recorded archive and reads it back unchanged. Once no type is Dictionariable, delete
// the first checkMovieGolden function.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import MigrationFixtures

@Test func movieArchiveIsUnchangedByTheKeyMap() throws {
    try checkMovieGolden(Movie(name: "name-1", director: "director-2", releaseYear: 5))
}

/// Before the rewrite: the archive dictionaryRepresentation() writes, recorded once.
private func checkMovieGolden(_ value: some Dictionariable) throws {
    let archive = try #require(value.dictionaryRepresentation() as? Archive)
    try GoldenArchives().assertGolden(archive: archive, named: "Movie")
}

/// After the rewrite: the key map writes the recorded archive and reads it back unchanged.
private func checkMovieGolden(_ value: some ArchiveRepresentable) throws {
    try GoldenArchives().assertGolden(value, named: "Movie")
}

/// The inputs archiver-migrate noted, which the key map reads otherwise than the hand-written
/// code did: recorded as Goldens/Movie-noted.plist before the rewrite, each that reads
/// differently after it is a known issue of this test, which names it. Decide whether the
/// new reading is what you want; once it is, delete this test.
@Test func movieNotedInputs() throws {
    let archive: [String: Any] = [
        "name": "name-1",
        "director": "director-2",
        "releaseYear": 5,
    ]
    let inputs: [(response: Bool, key: String, literal: String, value: Any)] = [
        (false, "releaseYear", "\"5\"", "5"),
        (false, "releaseYear", "Int64(12)", Int64(12)),
        (false, "releaseYear", "5.0", 5.0),
    ]
    var outcomes: Archive = [:]
    for input in inputs {
        var dictionary = archive
        dictionary[input.key] = input.value
        let outcome = notedMovieOutcome(Movie.self, dictionary).map { $0 }
        outcomes["\(input.response ? "response" : "archive") \(input.key) = \(input.literal)"] = outcome ?? "refused"
    }
    withKnownIssue("archiver-migrate noted that the key map reads these inputs otherwise", isIntermittent: true) {
        try GoldenArchives().assertGolden(archive: outcomes, named: "Movie-noted")
    }
}

/// Before the rewrite: what init?(dictionaryRepresentation:) made of a noted input.
private func notedMovieOutcome<T: Dictionariable>(_ type: T.Type, _ dictionary: [String: Any]) -> Any? {
    T(dictionaryRepresentation: dictionary as NSDictionary)?.dictionaryRepresentation()
}

/// After the rewrite: what the key map makes of it.
private func notedMovieOutcome<T: ArchiveRepresentable>(_ type: T.Type, _ dictionary: [String: Any]) -> Any? {
    T(archive: dictionary)?.archiveValue
}
