// Written by archiver-migrate for Movie. Run it once before applying the rewrite: it
// records Goldens/Movie.plist from dictionaryRepresentation() and fails, saying so.
// Commit that file, apply the rewrite, and run it again: it checks that the key map writes
// the recorded archive and reads it back unchanged. Once no type is Dictionariable, delete
// the first checkMovieGolden function.
import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import MigrationConverted

@Test func movieArchiveIsUnchangedByTheKeyMap() throws {
    try checkMovieGolden(Movie(name: "name-1", director: "director-2", releaseYear: 5))
}

/// Before the rewrite: the archive dictionaryRepresentation() writes, recorded once.
private func checkMovieGolden(_ value: some Dictionariable) throws {
    let goldens = GoldenArchives()
    let url = goldens.fileURL(named: "Movie")
    let archive = try #require(value.dictionaryRepresentation() as? Archive)
    guard FileManager.default.fileExists(atPath: url.path) else {
        try FileManager.default.createDirectory(at: goldens.directoryURL, withIntermediateDirectories: true)
        try archive.archivedData().write(to: url)
        Issue.record("Recorded new golden Movie.plist at \(url.path). Review it, commit it, and run the test again.")
        return
    }
    let differences = ArchiveDifference.lines(expected: try Archive(archivedData: Data(contentsOf: url)), actual: archive)
    #expect(differences.isEmpty, "Movie does not write golden Movie.plist:\n\(differences.joined(separator: "\n"))")
}

/// After the rewrite: the key map writes the recorded archive and reads it back unchanged.
private func checkMovieGolden(_ value: some ArchiveRepresentable) throws {
    try GoldenArchives().assertGolden(value, named: "Movie")
}
