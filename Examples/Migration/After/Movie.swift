// The "three approaches" Movie after migration from Dictionariable: the same keys, so the same
// archive. MIGRATION.md quotes this file; a test keeps the two identical.
import Archiver
import Foundation

public struct Movie: Equatable {
    public let name: String
    public let director: String
    public let releaseYear: Int

    public init(name: String, director: String, releaseYear: Int) {
        self.name = name
        self.director = director
        self.releaseYear = releaseYear
    }
}

extension Movie: ArchiveRepresentable {
    public var archiveValue: Archive {
        ["name": name, "director": director, "releaseYear": releaseYear]
    }

    public init?(archive: Archive) {
        guard let name = archive["name"] as? String,
              let director = archive["director"] as? String,
              let releaseYear = archive["releaseYear"] as? Int else { return nil }
        self.init(name: name, director: director, releaseYear: releaseYear)
    }
}

/// Reads a movie file that `archiveStructure(structure:to:)` or this function wrote, and
/// rewrites it in the current format.
public func loadMovie(from url: URL) throws -> Movie {
    let movie = try Movie(archivedData: Data(contentsOf: url))
    try movie.archivedData().write(to: url, options: .atomic)
    return movie
}
