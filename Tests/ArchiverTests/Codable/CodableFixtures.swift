import ArchiverTesting
import Foundation
@testable import Archiver

/// Codable fixtures shared by the bridge, storage and comparison tests.

/// A value touching every conversion the bridge makes.
struct Everything: Codable, Equatable {
    var text: String
    var count: Int
    var small: Int8
    var huge: UInt64
    var ratio: Double
    var single: Float
    var flag: Bool
    var when: Date
    var blob: Data
    var link: URL
    var note: String?
    var tags: [String]
    var scores: [String: Int]
    var nested: Inner

    struct Inner: Codable, Equatable {
        var name: String
        var optional: Int?
    }

    static let sample = Everything(
        text: "Soup", count: 42, small: -3, huge: .max, ratio: 0.25, single: 1.5, flag: true,
        when: Date(timeIntervalSinceReferenceDate: 1_000_000.5), blob: Data([0, 1, 2, 255]),
        link: URL(string: "https://example.com/menu?item=soup")!, note: nil, tags: ["hot", "lunch"],
        scores: ["taste": 5, "price": 3], nested: Inner(name: "bread", optional: nil))
}

/// A one-line ArchiveCodable, Archivable type stored in a private folder.
struct CodableNote: Codable, Equatable, ArchiveCodable, Archivable {
    var id: String
    var text: String
    var link: URL?
    var tags: [String?] = []

    static var archiver: Archiver { codableTestArchiver }
}

/// A one-line Cachable: response objects and archives through Codable. Not the tutorial's
/// `Restaurant` (TutorialFixtures.swift): its rating, optional, comes from `star_rating`.
struct CodableRestaurant: Codable, Equatable, ArchiveCodable, Cachable {
    let id: String
    let name: String
    let rating: Int?

    enum CodingKeys: String, CodingKey {
        case id, name
        case rating = "star_rating"
    }

    static var archiver: Archiver { codableTestArchiver }
}

/// A Codable type with an `Identifiable` id, Archivable in one line.
struct IdentifiedNote: Codable, Identifiable, ArchiveCodable, Archivable {
    var id: String
    var text: String
    var created: Date
}

/// A Codable type whose id satisfies both `Identifiable` and `UniquelyIdentifiable`.
struct DoublyIdentified: Codable, Identifiable, ArchiveCodable, Archivable {
    var id: String
    var body: String
}

/// A type whose `encode(to:)` refuses its value, as validation in user code would.
struct Refusing: Codable, Identifiable, ArchiveCodable, Archivable {
    var id: String
    var amount: Int

    enum CodingKeys: String, CodingKey { case id, amount }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        guard amount >= 0 else {
            throw EncodingError.invalidValue(amount, .init(
                codingPath: container.codingPath + [CodingKeys.amount], debugDescription: "amount must not be negative"))
        }
        try container.encode(amount, forKey: .amount)
    }
}

/// The archiver of the Codable fixture types, in a temporary folder of their own for the process.
let codableTestArchiver = codableTestFolder.archiver
private let codableTestFolder = TemporaryArchiver(prefix: "ArchiverCodableTests")

/// Whether two values hold the same stored properties, all the way down.
///
/// `==` cannot tell: ``UniquelyIdentifiable`` (and so `Archivable` and `Cachable`) makes
/// equality compare ids only, even for a type that also declares `Equatable`.
func sameFields<Value>(_ first: Value?, _ second: Value?) -> Bool {
    var firstDump = "", secondDump = ""
    dump(first, to: &firstDump)
    dump(second, to: &secondDump)
    return firstDump == secondDump
}
