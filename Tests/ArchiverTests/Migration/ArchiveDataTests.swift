import Foundation
import Testing
@testable import Archiver

struct ArchiveDataTests {
    let movie = Movie(name: "Jurassic Park", director: "Steven Spielberg", releaseYear: 1993)

    private func temporaryFile(_ name: String = "value.plist") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ArchiveDataTests-\(UUID().uuidString)-\(name)")
    }

    // The files `ArchiveComparison.measure` stores and loads go through `ArchiveFile`.
    private func write<Value: ArchiveRepresentable>(_ value: Value, to url: URL) throws(ArchiverError) {
        try ArchiveFile.write(to: url, value.archivedData)
    }

    private func read<Value: ArchiveRepresentable>(_ type: Value.Type, from url: URL) throws(ArchiverError) -> Value {
        try ArchiveFile.read(url, typeName: String(describing: Value.self)) { (data) throws(ArchiverError) in try Value(archivedData: data) }
    }

    @Test func aValueRoundTripsThroughDataAsABinaryPropertyListOfItsArchive() throws {
        let data = try movie.archivedData()
        #expect(data.starts(with: Array("bplist00".utf8)))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? Archive)
        #expect(plist.sameContent(as: movie.archiveValue))
        #expect(try Movie(archivedData: data) == movie)
    }

    @Test func nestedValuesDatesAndOptionalsRoundTrip() throws {
        let actor = Actor(name: "Jeff Goldblum", firstMovie: movie)
        #expect(try Actor(archivedData: actor.archivedData()) == actor)
        #expect(try [Session](archivedData: referenceSessions.archivedData()) == referenceSessions)
        #expect(try [Session](archivedData: referenceSessions.archivedData())[1].endTime == nil)
        #expect(try [Movie](archivedData: [Movie]().archivedData()).isEmpty)
    }

    @Test func aValueRoundTripsThroughAFileWrittenAtomically() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        try write(movie, to: url)
        #expect(try read(Movie.self, from: url) == movie)
        try write(Movie(name: "Alien", director: "Ridley Scott", releaseYear: 1979), to: url)
        #expect(try read(Movie.self, from: url).name == "Alien")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            .filter { $0.hasSuffix(".tmp") && $0.count == 40 }
        #expect(leftovers.isEmpty)
    }

    @Test func anArrayIsNotReadAsAValueNorAValueAsAnArray() throws {
        let arrayData = try [movie].archivedData()
        #expect(throws: ArchiverError.self) { try Movie(archivedData: arrayData) }
        #expect(throws: ArchiverError.corruptFile(type: "Array<Movie>", id: nil, file: nil, reason: "does not hold an array of archives")) {
            try [Movie](archivedData: movie.archivedData())
        }
    }

    @Test func aRejectedElementIsNamedByItsIndex() throws {
        let data = try PropertyListCoding.data(forArchives: [movie.archiveValue, ["name": "Untitled"]], maximumDepth: 512)
        do {
            _ = try [Movie](archivedData: data)
            Issue.record("decoded an archive without a director")
        } catch {
            guard case .decodingFailed(_, nil, nil, let decoding) = error else { throw error }
            #expect(decoding.keyPath == "Array<Movie>[1]")
            #expect(error.description == "Array<Movie>: does not decode: Array<Movie>[1]: init?(archive:) returned nil")
        }
    }

    @Test func valuesAPropertyListCannotHoldAreNamedAndNothingIsWritten() {
        struct Bookmark: ArchiveRepresentable {
            var archiveValue: Archive { ["link": URL(fileURLWithPath: "/")] }
            init() {}
            init?(archive: Archive) { nil }
        }
        #expect(throws: ArchiverError.invalidPropertyList(type: "Array<Bookmark>", id: nil, keyPath: "[0].link", found: "URL")) {
            try [Bookmark()].archivedData()
        }
        let url = temporaryFile()
        #expect(throws: ArchiverError.self) { try write(Bookmark(), to: url) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func badBytesAndFilesAreTypedErrors() throws {
        #expect(throws: ArchiverError.self) { try Movie(archivedData: Data()) }
        #expect(throws: ArchiverError.self) { try Movie(archivedData: Data("not a plist".utf8)) }
        #expect(throws: ArchiverError.self) { try Movie(archivedData: try movie.archivedData().prefix(20)) }
        let missing = temporaryFile()
        #expect(throws: ArchiverError.fileSystem(operation: "read", file: missing, reason: "no such file")) {
            try read(Movie.self, from: missing)
        }
        let noFolder = temporaryFile().appendingPathComponent("movie.plist")
        #expect(throws: ArchiverError.self) { try write(movie, to: noFolder) }
        let directory = FileManager.default.temporaryDirectory
        #expect(throws: ArchiverError.corruptFile(type: "Movie", id: nil, file: directory, reason: "is not a regular file")) {
            try read(Movie.self, from: directory)
        }
    }

    @Test func aFileThatIsNoMovieIsNamedInTheErrorWithoutAnId() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let untitled: Archive = ["name": "Untitled"]
        try untitled.archivedData().write(to: url)
        let rejected = try #require(throws: ArchiverError.self) { try read(Movie.self, from: url) }
        guard case .decodingFailed("Movie", nil, url?, _) = rejected else { throw rejected }
        #expect(rejected.description.hasPrefix("Movie: \(url.path) does not decode: Movie"))

        try Data("not a property list at all".utf8).write(to: url)
        let corrupt = try #require(throws: ArchiverError.self) { try read(Movie.self, from: url) }
        guard case .corruptFile("Movie", nil, url?, let reason) = corrupt else { throw corrupt }
        #expect(corrupt.description == "Movie: \(url.path) \(reason)")
    }
}
