// "Archiving and Unarchiving Swift Structure Instances — Revisited" (2015), approach 3: a
// Dictionariable protocol that turns each struct into an NSDictionary for NSKeyedArchiver.
// Updated to current Swift and to the NSKeyedArchiver calls that replaced the deprecated ones. MIGRATION.md quotes this file; a test keeps the two identical.
import Foundation
import Archiver

public protocol Dictionariable {
    func dictionaryRepresentation() -> NSDictionary
    init?(dictionaryRepresentation: NSDictionary?)
}

public struct Movie {
    public let name: String
    public let director: String
    public let releaseYear: Int

    public init(name: String, director: String, releaseYear: Int) {
        self.name = name
        self.director = director
        self.releaseYear = releaseYear
    }
}

extension Movie: KeyMapped {
    public static let keyMap = KeyMap(Movie.init(name:director:releaseYear:))
}

public func archiveStructure<T: Dictionariable>(structure: T, to url: URL) throws {
    let data = try NSKeyedArchiver.archivedData(
        withRootObject: structure.dictionaryRepresentation(), requiringSecureCoding: false)
    try data.write(to: url)
}

public func extractStructureFromArchive<T: Dictionariable>(at url: URL) throws -> T? {
    let data = try Data(contentsOf: url)
    let dictionary = try NSKeyedUnarchiver.unarchivedObject(ofClass: NSDictionary.self, from: data)
    return T(dictionaryRepresentation: dictionary)
}
