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
    let archive = try #require(value.dictionaryRepresentation() as? Archive)
    try GoldenArchives().assertGolden(archive: archive, named: "Movie")
}

/// After the rewrite: the key map writes the recorded archive and reads it back unchanged.
private func checkMovieGolden(_ value: some ArchiveRepresentable) throws {
    try GoldenArchives().assertGolden(value, named: "Movie")
}
