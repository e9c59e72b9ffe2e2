import Foundation
import Testing
import Archiver
import ArchiverTesting

/// Ids of every kind a server sends: integers (GitHub's REST API), UUIDs, and types of the app's own.
enum IdentifierModels {
    /// A GitHub repository: an `Int` id, and key-mapped, with no code for the id.
    struct Repository: Hashable {
        let id: Int
        let fullName: String
        let stargazersCount: Int
    }

    /// `Identifiable` with a `UUID` id: conforms with no extra code.
    struct Draft: Identifiable, Hashable {
        let id: UUID
        let text: String
    }

    /// An id type of the app's own.
    struct OrderNumber: LosslessStringConvertible, Hashable, Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
        init?(_ description: String) {
            guard description.hasPrefix("ORD-"), let value = Int(description.dropFirst(4)) else { return nil }
            self.value = value
        }
        var description: String { "ORD-\(value)" }
    }

    struct Order: Hashable {
        let id: OrderNumber
        let total: Int
    }

    /// A Codable type with an `Int` id, Archivable through the Codable bridge in one line.
    struct Issue: Codable, Identifiable, Hashable, ArchiveCodable, Archivable {
        let id: Int
        let title: String
    }
}

extension IdentifierModels.Repository: KeyMapped, Cachable {
    static var archiver: Archiver { testArchiver }
    static let keyMap = KeyMap(Self.init, serverKeys: .snakeCase)
}

extension IdentifierModels.Draft: KeyMapped, Archivable {
    static var archiver: Archiver { testArchiver }
    static let keyMap = KeyMap(Self.init)
}

extension IdentifierModels.OrderNumber: KeyMapValue {
    init(keyMapValue input: KeyMapInput) throws(ArchiveDecodingError) {
        let value = try input.foundationObject
        guard let text = value as? String, let number = Self(text) else {
            throw ArchiveDecodingError(type: Self.self, reason: .invalidValue(expected: "ORD-<number>", found: "\(value)"))
        }
        self = number
    }
    var keyMapArchiveValue: Any? { description }
    static var keyMapPlaceholder: Self? { Self(0) }
}

extension IdentifierModels.Order: KeyMapped, Archivable {
    static var archiver: Archiver { testArchiver }
    static let keyMap = KeyMap(Self.init)
}

struct UniquelyIdentifiableTests {
    typealias Repository = IdentifierModels.Repository
    typealias Draft = IdentifierModels.Draft
    typealias Order = IdentifierModels.Order

    @Test func intIdsNameFilesByTheirDigitsAndComeBackAsInts() throws {
        try TemporaryArchiver.with { archiver throws in
            let json: ResponseObject = ["id": 1296269, "full_name": "octocat/Hello-World", "stargazers_count": 80]
            let repository = try #require(Repository(responseObject: json, shouldArchive: true))
            Repository(id: 9, fullName: "a/b", stargazersCount: 1).storeArchive()
            Repository(id: 10, fullName: "a/c", stargazersCount: 2).storeArchive()

            #expect(try archiver.fileURL(for: Repository.self, resourceID: 1296269).lastPathComponent == "1296269.plist")
            #expect(Repository(resourceID: 1296269) == repository)
            #expect(try Repository.load(resourceID: 1296269)?.fullName == "octocat/Hello-World")
            let ids: [Int] = try Repository.storedResourceIDs()
            #expect(ids == [9, 10, 1296269])  // by value, not by text ("10" < "9")
            #expect(try Repository.load(resourceIDs: [10, 77, 9]).map(\.id) == [10, 9])
            #expect(Repository.unarchivedCollection(withIdentifiers: [9]).map(\.fullName) == ["a/b"])
            try Repository.delete(resourceID: 9)
            #expect(try Repository.storedResourceIDs(in: archiver) == [10, 1296269])
        }
    }

    @Test func aFileWhoseNameIsNoIdIsSkippedWhenListingAndReportedWhenLoadingAll() throws {
        try TemporaryArchiver.with { archiver throws in
            Repository(id: 1, fullName: "a/b", stargazersCount: 1).storeArchive()
            let folder = try archiver.fileURL(for: Repository.self, resourceID: 1).deletingLastPathComponent()
            try Data("bplist00".utf8).write(to: folder.appendingPathComponent("notes.plist"))

            #expect(try Repository.storedResourceIDs() == [1])
            var failures: [ArchiverError] = []
            let loaded = try Repository.loadAll(in: archiver, failures: &failures)
            #expect(loaded.map(\.id) == [1])
            #expect(failures.count == 1)
            guard case .corruptFile(_, let id, let file, let reason)? = failures.first else {
                Issue.record("expected a corrupt-file failure, got \(failures)")
                return
            }
            #expect(id == "notes")
            #expect(file?.lastPathComponent == "notes.plist")
            #expect(reason.contains("Int"))
        }
    }

    @Test func uuidIdsNameFilesByUUIDString() throws {
        try TemporaryArchiver.with { archiver throws in
            let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
            let draft = Draft(id: id, text: "Soup")
            let url = try draft.store()
            #expect(url.lastPathComponent == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F.plist")
            #expect(try Draft.load(resourceID: id)?.text == "Soup")
            #expect(try Draft.storedResourceIDs() == [id])
            // A name that is no UUID's is no id of the type: not listed.
            try Data("bplist00".utf8).write(to: url.deletingLastPathComponent().appendingPathComponent("not a uuid.plist"))
            #expect(try Draft.storedResourceIDs() == [id])
        }
    }

    @Test func anIdOfATypeWithNoTextNamesNoFileAndSaysSo() throws {
        try TemporaryArchiver.with { archiver throws in
            let ticket = Ticket(id: Ticket.Key(shelf: 3, slot: 7), note: "Coat")
            #expect(throws: ArchiverError.emptyIdentifier(type: "Ticket")) { try ticket.store(in: archiver) }
            #expect(throws: ArchiverError.emptyIdentifier(type: "Ticket")) { try Ticket.load(resourceID: ticket.id, in: archiver) }
            ticket.storeArchive()  // 0.6's form reports nothing, and writes nothing
            #expect(Ticket(resourceID: ticket.id) == nil)
            #expect(try Ticket.storedResourceIDs(in: archiver) == [])
            #expect("\(ArchiverError.emptyIdentifier(type: "Ticket"))".contains("neither UUID nor LosslessStringConvertible"))
        }
    }

    @Test func anIdTypeOfTheAppsOwnUsesItsDescription() throws {
        try TemporaryArchiver.with { archiver throws in
            let order = Order(id: IdentifierModels.OrderNumber(42), total: 1999)
            #expect(try order.store().lastPathComponent == "ORD-42.plist")
            #expect(try Order.storedResourceIDs() == [IdentifierModels.OrderNumber(42)])
            #expect(try Order.load(resourceID: IdentifierModels.OrderNumber(42))?.total == 1999)
        }
    }

    @Test func keyMappedEqualityComparesTheIdAndTheFieldsWhateverTheIdType() {
        #expect(Repository(id: 1, fullName: "a", stargazersCount: 1) != Repository(id: 2, fullName: "a", stargazersCount: 1))
        let id = UUID()
        #expect(Draft(id: id, text: "a") == Draft(id: id, text: "a"))
        #expect(Draft(id: id, text: "a") != Draft(id: id, text: "b"))
    }

    @Test func theCodableBridgeStoresIntAndUUIDIds() throws {
        try TemporaryArchiver.with { archiver throws in
            let url = try IdentifierModels.Issue(id: 1347, title: "Found a bug").store(in: archiver)
            #expect(url.lastPathComponent == "1347.plist")
            try IdentifierModels.Issue(id: 7, title: "Typo").store(in: archiver)
            let ids: [Int] = try IdentifierModels.Issue.storedResourceIDs(in: archiver)
            #expect(ids == [7, 1347])
            #expect(try IdentifierModels.Issue.load(resourceID: 1347, in: archiver)?.title == "Found a bug")
            try IdentifierModels.Issue.delete(resourceID: 7, in: archiver)
            #expect(try IdentifierModels.Issue.load(resourceID: 7, in: archiver) == nil)

            let memo = Memo(text: "Bread")
            #expect(try memo.store(in: archiver).lastPathComponent == memo.id.uuidString + ".plist")
            #expect(try Memo.load(resourceID: memo.id, in: archiver)?.text == "Bread")
            #expect(try Memo.storedResourceIDs(in: archiver) == [memo.id])
        }
    }
}

/// An id that is neither a `UUID` nor `LosslessStringConvertible`: it has no text to name a file.
private struct Ticket: Archivable {
    struct Key: Hashable, Sendable {
        let shelf: Int
        let slot: Int
    }

    let id: Key
    let note: String
    static var archiver: Archiver { testArchiver }
    var archiveValue: Archive { ["shelf": id.shelf, "slot": id.slot, "note": note] }
    init(id: Key, note: String) {
        self.id = id
        self.note = note
    }
    init?(archive: Archive) {
        guard let shelf = archive["shelf"] as? Int, let slot = archive["slot"] as? Int, let note = archive["note"] as? String else { return nil }
        self.init(id: Key(shelf: shelf, slot: slot), note: note)
    }
}

/// `Identifiable` with a `UUID` id and Codable: Archivable in one line.
private struct Memo: Codable, Identifiable, ArchiveCodable, Archivable {
    var id = UUID()
    var text: String
}
