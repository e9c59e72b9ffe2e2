import ArchiverTesting
import Foundation
import Testing
@testable import Archiver

/// One read path for Codable types (issue 19): ``ArchiveDecoder`` reads an archive dictionary and
/// the binary property list the library writes of it alike, giving the same value or the same
/// error, and an `ArchiveCodable`, `Archivable` type loads from the file in place.
@Suite struct CodableDocumentDoorsTests {
    /// A Codable type with nested structs, arrays, optionals, enums, dates and URLs.
    struct Itinerary: Codable, Equatable, ArchiveCodable, Archivable {
        var id: String
        var kind: Kind
        var mode: Mode
        var start: Date
        var end: Date?
        var link: URL
        var stops: [Stop]
        var tags: [String]
        var notes: [String: Int]?
        var price: Decimal
        var rating: Double?

        enum Kind: String, Codable { case trip, tour }

        enum Mode: Codable, Equatable {
            case walk
            case ride(line: String, minutes: Int)
        }

        struct Stop: Codable, Equatable {
            var name: String
            var at: Date?
            var site: URL?
            var legs: [[Int]]
        }

        static let sample = Itinerary(
            id: "i1", kind: .tour, mode: .ride(line: "M2", minutes: 12),
            start: Date(timeIntervalSinceReferenceDate: 500_000_000.25), end: nil,
            link: URL(string: "https://example.com/tours/1?lang=en")!,
            stops: [
                Stop(name: "Quay", at: Date(timeIntervalSinceReferenceDate: 500_003_600), site: nil, legs: [[1, 2], [], [3]]),
                Stop(name: "Hill ☕️", at: nil, site: URL(string: "https://example.com/hill")!, legs: []),
            ],
            tags: ["old town", "views"], notes: ["steps": 300], price: Decimal(string: "19.99")!, rating: 4.5)
    }

    /// What a door gave: the value, or the error's description (type, key path, expected, found).
    enum Outcome: Equatable, CustomStringConvertible {
        case value(Itinerary)
        case error(String)

        var description: String {
            switch self {
            case .value(let value): "value \(value)"
            case .error(let message): "error \(message)"
            }
        }
    }

    static func throughDictionary(_ archive: Archive) -> Outcome {
        do throws(ArchiveDecodingError) {
            return .value(try ArchiveDecoder().decode(Itinerary.self, from: archive))
        } catch {
            return .error(error.description)
        }
    }

    static func throughPropertyList(_ archive: Archive) throws -> Outcome {
        let document = try BinaryPropertyListDocument(data: PropertyListCoding.data(for: archive), maximumDepth: 512)
        do throws(ArchiveDecodingError) {
            return .value(try ArchiveDecoder().decode(Itinerary.self, from: KeyMapInput(propertyList: document, at: document.topObject)))
        } catch {
            return .error(error.description)
        }
    }

    /// `archive` with the value at `path` (keys and indexes) replaced by `value`, or removed for `nil`.
    static func replacing(_ path: [any Sendable], in archive: Any, with value: Any?) -> Any? {
        guard let first = path.first else { return value }
        let rest = Array(path.dropFirst())
        if let key = first as? String, var dictionary = archive as? [String: Any] {
            dictionary[key] = replacing(rest, in: dictionary[key] as Any, with: value)
            return dictionary
        }
        if let index = first as? Int, var array = archive as? [Any] {
            if let element = replacing(rest, in: array[index], with: value) { array[index] = element } else { array.remove(at: index) }
            return array
        }
        return archive
    }

    /// Changes to the sample's archive, valid and not, at every level (the first, none).
    static let changes: [(path: [any Sendable], value: (any Sendable)?)] = [
        ([], nil),
        (["id"], 4), (["id"], nil), (["kind"], "cruise"), (["kind"], 1), (["mode"], "walk"),
        (["mode"], ["walk": [String: Int]()]), (["mode"], ["fly": [String: Int]()]), (["mode", "ride", "minutes"], "12"),
        (["mode", "ride", "minutes"], 12.5), (["mode", "ride", "line"], nil), (["start"], "2016-06-01T12:00:00Z"),
        (["start"], "yesterday"), (["start"], 3), (["end"], Date(timeIntervalSinceReferenceDate: 0)), (["end"], false),
        (["link"], ""), (["link"], "https://example.com/other"), (["link"], ["relative": "a", "base": "https://b.example/"]),
        (["link"], nil), (["stops"], "none"), (["stops"], [String]()), (["stops", 0, "name"], 5), (["stops", 1, "name"], nil),
        (["stops", 0, "at"], "soon"), (["stops", 1, "site"], 7), (["stops", 0, "legs", 0, 1], "x"), (["stops", 0, "legs", 2], 3),
        (["stops", 0, "legs", 0, 0], Int64.max), (["stops", 1], "stop"), (["tags"], ["a", 2] as [any Sendable]), (["tags", 0], Data([1])),
        (["notes"], ["steps": "300"]), (["notes"], ["steps": "many"]), (["notes"], [1, 2]), (["price"], "12abc"),
        (["price"], 7), (["price"], ["mantissa": 1999, "exponent": -2, "length": 1, "isNegative": false, "isCompact": true] as [String: any Sendable]),
        (["rating"], "4.5"), (["rating"], 5), (["rating"], true), (["extra"], ["deep": [1, 2, 3]]),
    ]

    @Test(arguments: changes.indices)
    func dictionaryAndPropertyListDoorsAgree(change: Int) throws {
        let (path, value) = Self.changes[change]
        let sample = try ArchiveEncoder().encode(Itinerary.sample)
        let archive = try #require(path.isEmpty ? sample : Self.replacing(path, in: sample, with: value) as? Archive)
        let dictionary = Self.throughDictionary(archive)
        let propertyList = try Self.throughPropertyList(archive)
        #expect(dictionary == propertyList, "\(path) = \(value.map { "\($0)" } ?? "nothing")")
        if path.isEmpty { #expect(dictionary == .value(Itinerary.sample)) }
    }

    /// A value stored and loaded back: the load reads the file in place.
    @Test func anArchiveCodableTypeStoresAndLoadsBack() throws {
        try TemporaryArchiver.with { archiver throws in
            try Itinerary.sample.store(in: archiver)
            #expect(try Itinerary.load(resourceID: "i1", in: archiver) == Itinerary.sample)
            let folder = archiver.folder(for: Itinerary.self)
            #expect(folder.inPlaceReader is InPlaceReader<Itinerary>)
        }
    }

    /// A load's failure names the coding path through the property-list door as the dictionary's did.
    @Test func aLoadFailureNamesTheCodingPath() throws {
        try TemporaryArchiver.with { archiver throws in
            let file = try archiver.fileURL(for: Itinerary.self, resourceID: "i1")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let sample = try ArchiveEncoder().encode(Itinerary.sample)
            let archive = try #require(Self.replacing(["stops", 1, "legs"], in: sample, with: [[1, "x"]]) as? Archive)
            try PropertyListCoding.data(for: archive).write(to: file)
            #expect {
                try Itinerary.load(resourceID: "i1", in: archiver)
            } throws: { error in
                "\(error)".contains("Itinerary.stops[1].legs[0][1]: expected Int, found String \"x\"")
            }
        }
    }

    /// A store writes the binary property list straight from the containers `encode(to:)` filled:
    /// the file holds what `archiveValue` holds.
    @Test func aStoreWritesTheArchiveValueDirectly() throws {
        let itinerary = try PropertyListCoding.archive(from: PropertyListCoding.data(of: Itinerary.sample))
        #expect(itinerary.sameContent(as: Itinerary.sample.archiveValue))
        let note = CodableNote(id: "n1", text: "Soup", link: URL(string: "https://example.com/soup"), tags: ["hot", "lunch"])
        #expect(try PropertyListCoding.archive(from: PropertyListCoding.data(of: note)).sameContent(as: note.archiveValue))
    }

    /// A value that does not encode (its `encode(to:)` throws, or it writes a nil element) fails
    /// as the archive dictionary's write failed, naming the path.
    @Test func aStoreOfAValueThatDoesNotEncodeFailsAsBefore() throws {
        func failure(_ write: () throws(PropertyListError) -> Data) -> String {
            do { _ = try write() } catch { return "\(error)" }
            return "written"
        }
        let refusing = Refusing(id: "r", amount: -1)
        #expect(failure { () throws(PropertyListError) in try PropertyListCoding.data(of: refusing) }.contains("amount must not be negative"))
        #expect(failure { () throws(PropertyListError) in try PropertyListCoding.data(of: refusing) }
            == failure { () throws(PropertyListError) in try PropertyListCoding.data(for: refusing.archiveValue) })
        let gaps = Gaps(id: "g")
        #expect(failure { () throws(PropertyListError) in try PropertyListCoding.data(of: gaps) }.contains("list[1]"))
        #expect(failure { () throws(PropertyListError) in try PropertyListCoding.data(of: gaps) }
            == failure { () throws(PropertyListError) in try PropertyListCoding.data(for: gaps.archiveValue) })
    }

    /// A type whose `encode(to:)` writes a nil element, which no property list holds.
    struct Gaps: Codable, ArchiveCodable, Archivable {
        var id: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ArchiveCodingKey.self)
            try container.encode(id, forKey: ArchiveCodingKey(stringValue: "id"))
            var list = container.nestedUnkeyedContainer(forKey: ArchiveCodingKey(stringValue: "list"))
            try list.encode(1)
            try list.encodeNil()
        }
    }
}
