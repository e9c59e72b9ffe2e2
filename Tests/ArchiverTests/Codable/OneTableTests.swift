import Foundation
import Testing
@testable import Archiver

// One conversion table: each value type's KeyMapValue conformance converts it, whether the value
// comes through a key map or through the Codable bridge, and both Codable doors write one file.

/// Every value type whose stored form the two doors used to disagree on.
private struct Ledger: Codable, Equatable, ArchiveCodable, Archivable {
    var id: String
    var total: Decimal
    var receipt: URL
    var booked: Date
    var token: UUID
    var signature: Data
    var count: Int

    static var archiver: Archiver { codableTestArchiver }

    static let sample = Ledger(
        id: "l1", total: Decimal(string: "19.99")!, receipt: URL(string: "https://shop.example/r/1?x=y")!,
        booked: Date(timeIntervalSinceReferenceDate: 500_000_000.25),
        token: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, signature: Data([0, 1, 254]), count: 4)
}

/// The same properties, through a key map.
private struct MappedLedger: Equatable {
    var id: String
    var total: Decimal
    var receipt: URL
    var booked: Date
    var token: UUID
    var signature: Data
    var count: Int
}

extension MappedLedger: KeyMapped {
    static let keyMap = KeyMap(MappedLedger.init)
}

private struct Counter: Codable, Equatable, ArchiveCodable, Serializable {
    var id: String
    var count: Int
}

private struct MappedCounter: Equatable {
    var id: String
    var count: Int
}

extension MappedCounter: KeyMapped {
    static let keyMap = KeyMap(MappedCounter.init)
}

private struct PullRequestAuthor: Codable, Equatable {
    var login: String
    var avatarUrl: URL
    var siteAdmin: Bool
}

private struct PullRequest: Codable, Equatable, ArchiveCodable, Serializable {
    var id: Int
    var htmlUrl: URL
    var user: PullRequestAuthor
    var mergedAt: Date?

    static var serverKeys: KeyStrategy { .snakeCase }
}

@Suite("One conversion table")
struct OneTableTests {
    @Test("\"4\" reads as the Int 4 through a key map and through the Codable bridge; \"4x\" fails both")
    func bothDoorsReadNumbersFromStrings() throws {
        let response: [String: Any] = ["id": "c1", "count": "4"]
        #expect(try MappedCounter.decode(responseObject: response) == MappedCounter(id: "c1", count: 4))
        #expect(try Counter.decode(responseObject: response) == Counter(id: "c1", count: 4))
        #expect(try Counter.decode(archive: response) == Counter(id: "c1", count: 4))

        let bad: [String: Any] = ["id": "c1", "count": "4x"]
        let keyMapError = #expect(throws: ArchiveDecodingError.self) { try MappedCounter.decode(responseObject: bad) }
        let codableError = #expect(throws: ArchiveDecodingError.self) { try Counter.decode(responseObject: bad) }
        #expect(keyMapError?.reason == .invalidValue(expected: "Int", found: #"String "4x""#))
        #expect(codableError?.reason == keyMapError?.reason)
        #expect(codableError?.description == #"Counter.count: expected Int, found String "4x""#)
    }

    @Test("Decimal, URL, Date, UUID and Data are stored the same by a key map and by Codable")
    func bothDoorsStoreTheSameForms() throws {
        let sample = Ledger.sample
        let mapped = MappedLedger(id: sample.id, total: sample.total, receipt: sample.receipt, booked: sample.booked,
                                  token: sample.token, signature: sample.signature, count: sample.count)
        let codable = sample.archiveValue
        #expect(codable.sameContent(as: mapped.archiveValue))
        #expect(codable["total"] as? String == "19.99")
        #expect(codable["receipt"] as? String == "https://shop.example/r/1?x=y")
        #expect(codable["token"] as? String == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(codable["booked"] as? Date == sample.booked)
        #expect(codable["signature"] as? Data == sample.signature)
        // And each reads the other's archive.
        #expect(try Ledger.decode(archive: mapped.archiveValue) == sample)
        #expect(try MappedLedger.decode(archive: codable) == mapped)
    }

    @Test("a file PropertyListEncoder wrote (URL as {relative:}, Decimal as its mantissa) still loads")
    func propertyListEncoderFilesStillLoad() throws {
        let archiver = Ledger.archiver
        var ledger = Ledger.sample
        ledger.id = "encoder-era-\(UUID().uuidString)"
        defer { try? Ledger.delete(resourceID: ledger.id, in: archiver) }

        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let data = try encoder.encode(ledger)
        let written = try PropertyListCoding.archive(from: data)
        #expect(written["receipt"] as? [String: Any] != nil)
        #expect(written["total"] as? [String: Any] != nil)

        let url = try archiver.fileURL(for: Ledger.self, resourceID: ledger.id)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        #expect(try Ledger.load(resourceID: ledger.id, in: archiver) == ledger)
    }

    @Test("a URL relative to a base, as PropertyListEncoder writes it, reads as its absolute URL")
    func relativeURLWithBase() throws {
        let url = try URL(keyMapValue: KeyMapInput(["relative": "r/1", "base": ["relative": "https://shop.example/"]], from: .archive))
        #expect(url.absoluteString == "https://shop.example/r/1")
        #expect(throws: ArchiveDecodingError.self) { try URL(keyMapValue: KeyMapInput(["relative": ""], from: .archive)) }
    }

    @Test("a snake_case response decodes through the bridge, nested types included, with serverKeys")
    func snakeCaseResponses() throws {
        let response: [String: Any] = [
            "id": 1347,
            "html_url": "https://github.com/octocat/Hello-World/pull/1347",
            "merged_at": NSNull(),
            "user": ["login": "octocat", "avatar_url": "https://github.com/images/error/octocat_happy.gif", "site_admin": false],
        ]
        let pull = try PullRequest.decode(responseObject: response)
        #expect(pull.user.avatarUrl.absoluteString == "https://github.com/images/error/octocat_happy.gif")
        #expect(pull.htmlUrl.lastPathComponent == "1347")
        #expect(pull.mergedAt == nil)
        // Archives keep the Codable keys.
        #expect(pull.archiveValue["htmlUrl"] as? String == "https://github.com/octocat/Hello-World/pull/1347")
        #expect(try PullRequest.decode(archive: pull.archiveValue) == pull)

        var encoder = ArchiveEncoder()
        encoder.keyStrategy = .snakeCase
        let snake = try encoder.encode(pull)
        #expect((snake["user"] as? [String: Any])?["avatar_url"] as? String == "https://github.com/images/error/octocat_happy.gif")
    }

    @Test("without a key strategy, the snake_case response names the missing key")
    func snakeCaseNeedsTheStrategy() {
        var decoder = ArchiveDecoder()
        decoder.source = .responseObject
        let error = #expect(throws: ArchiveDecodingError.self) {
            try decoder.decode(PullRequestAuthor.self, from: ["login": "octocat", "avatar_url": "https://a.b/c.gif", "site_admin": false])
        }
        #expect(error?.description == "PullRequestAuthor.avatarUrl: expected URL, found nothing")
    }

    @Test("a Codable property type's placeholder is built from each property type's placeholder")
    func codablePlaceholders() throws {
        struct Money: KeyMapCodable { var amount: Decimal; var currency: String; var due: Date?; var tags: [String] }
        let money = try #require(Money.keyMapPlaceholder)
        #expect(money.amount == 0 && money.currency == "" && money.due == nil && money.tags.isEmpty)
    }

    @Test("types that hold each other have no placeholder, and asking for one returns nil rather than recursing forever")
    func mutuallyRecursivePlaceholders() {
        #expect(Ping.keyMapPlaceholder == nil)
        #expect(Pong.keyMapPlaceholder == nil)
    }

    @Test("a Codable subclass decoding its superclass from superDecoder() has a placeholder")
    func subclassPlaceholder() throws {
        let dog = try #require(Dog.keyMapPlaceholder)
        #expect(dog.name == "" && dog.isGood == false)
        let archive = try #require(Dog(name: "Rex", isGood: true).keyMapArchiveValue as? [String: Any])
        let back = try Dog(keyMapValue: KeyMapInput(archive, from: .archive))
        #expect(back.name == "Rex" && back.isGood)
    }

    @Test("a key-mapped type inside a Codable one reads its server keys from a response and its archive keys from an archive")
    func keyMappedInsideCodable() throws {
        let order = try Order.decode(responseObject: ["id": "o1", "buyer": ["display_name": "Elaine"]])
        #expect(order.buyer.displayName == "Elaine")
        #expect((order.archiveValue["buyer"] as? [String: Any])?["displayName"] as? String == "Elaine")
        #expect(try Order.decode(archive: order.archiveValue).buyer.displayName == "Elaine")
    }
}

private final class Ping: KeyMapCodable { let pong: Pong; init(pong: Pong) { self.pong = pong } }
private final class Pong: KeyMapCodable { let ping: Ping; init(ping: Ping) { self.ping = ping } }

private struct Buyer: Codable {
    var displayName: String
}

extension Buyer: KeyMapped {
    static let keyMap = KeyMap(Buyer.init, serverKeys: .snakeCase)
}

private struct Order: Codable, ArchiveCodable, Serializable {
    var id: String
    var buyer: Buyer
}

private class Animal: Codable {
    let name: String
    init(name: String) { self.name = name }
}

private final class Dog: Animal, KeyMapCodable, @unchecked Sendable {
    let isGood: Bool

    private enum CodingKeys: String, CodingKey { case isGood }

    init(name: String, isGood: Bool) {
        self.isGood = isGood
        super.init(name: name)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        isGood = try container.decode(Bool.self, forKey: .isGood)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isGood, forKey: .isGood)
        try super.encode(to: container.superEncoder())
    }
}
