import Archiver
import ArchiverTesting
import Foundation
import MigrationAfter
import Testing

struct MovieMigrationTests {
    let movie = Movie(name: "Jurassic Park", director: "Steven Spielberg", releaseYear: 1993)

    @Test func movieArchiveMatchesTheDictionariableOne() throws {
        // Goldens/movie.plist: written by archiveStructure(structure:to:), the Dictionariable code.
        let movie = try GoldenArchives().assertDecodes(Movie.self, named: "movie")
        #expect(movie.releaseYear == 1993)
    }

    @Test func movieRoundTripsThroughData() throws {
        let data = try movie.archivedData()
        #expect(try Movie(archivedData: data) == movie)
    }
}
