import Foundation
import Testing
@testable import Archiver

/// `KeyMap.decode(_:from:)` finds each field in one pass over a dictionary's keys, trying first the
/// field after the one matched last (`KeyMapField.locate`), and keeps hashed lookups for
/// dictionaries with many more entries than the map has fields: whatever the order of the keys
/// and whatever else the dictionary holds, the model is the same.
@Suite struct DictionaryPassTests {
    /// The same entries inserted in every rotation, into storage of many sizes, so that the
    /// dictionary's own order (which follows its buckets) varies.
    static func arrangements(of entries: [(String, Any)]) -> [[String: Any]] {
        var dictionaries: [[String: Any]] = []
        for rotation in entries.indices {
            let rotated = Array(entries[rotation...] + entries[..<rotation])
            for capacity in [0, 3, 8, 17, 40, 100] {
                var dictionary = [String: Any](minimumCapacity: capacity)
                for (key, value) in rotated { dictionary[key] = value }
                for (key, value) in rotated.reversed() where rotation % 2 == 1 { dictionary[key] = value }
                dictionaries.append(dictionary)
            }
        }
        return dictionaries
    }

    static var shopEntries: [(String, Any)] { [
        ("shop_id", "s1"), ("review_count", "12"), ("url_string", "https://s.example"), ("opened", 0),
        ("price", 4.5), ("cuisine", "soup"), ("is_favorite", false),
    ] }
    static let shop = Shop(
        shopID: "s1", reviewCount: 12, urlString: "https://s.example", openedAt: Date(timeIntervalSince1970: 0),
        isFavorite: true, priceCents: 450, cuisine: .soup)

    @Test func keysInAnyOrderDecodeTheSame() throws {
        let dictionaries = Self.arrangements(of: Self.shopEntries)
        #expect(Set(dictionaries.map { Array($0.keys) }).count > 1, "the arrangements give the pass more than one order")
        for dictionary in dictionaries {
            #expect(try Shop.keyMap.decode(dictionary, from: .responseObject) == Self.shop)
        }
    }

    @Test(arguments: [1, 4, 10, 40])
    func extraKeysAreIgnored(extra: Int) throws {
        // 7 fields: up to 18 entries take the pass, more take hashed lookups.
        let extras: [(String, Any)] = (0 ..< extra).map { ("extra_\($0)", $0) } + [("shopID", "archive key"), ("price ", 1)]
        for dictionary in Self.arrangements(of: Self.shopEntries + extras) {
            #expect(try Shop.keyMap.decode(dictionary, from: .responseObject) == Self.shop)
        }
        // Missing keys still take their defaults, and a missing key with none is named.
        let missing: [(String, Any)] = [("shop_id", "s"), ("review_count", 1), ("price", 1)] + extras
        for dictionary in Self.arrangements(of: missing) {
            let shop = try Shop.keyMap.decode(dictionary, from: .responseObject)
            #expect(shop.cuisine == .bread && shop.openedAt == Date(timeIntervalSince1970: 1_464_739_200))
            var noID = dictionary
            noID["shop_id"] = nil
            let error = #expect(throws: ArchiveDecodingError.self) { try Shop.keyMap.decode(noID, from: .responseObject) }
            #expect(error?.description == "Shop.shop_id: expected String, found nothing")
        }
    }

    @Test(arguments: [0, 30])
    func archivesInAnyOrderWithFormerKeysAndExtraKeysDecodeTheSame(extra: Int) throws {
        let extras: [(String, Any)] = (0 ..< extra).map { ("extra_\($0)", $0) }
        let current: [(String, Any)] = [
            ("id", 1), ("ownerLogin", "o"), ("ownerID", 2), ("avatar", "a"), ("firstName", "f"), ("rating", 5),
        ]
        let expected = NestedRepo(id: 1, ownerLogin: "o", ownerID: 2, avatar: "a", firstName: "f", rating: 5)
        for dictionary in Self.arrangements(of: current + extras) {
            #expect(try NestedRepo.keyMap.decode(dictionary, from: .archive) == expected)
        }
        let former = current.filter { $0.0 != "rating" } + [("stars", 5)] + extras
        for dictionary in Self.arrangements(of: former) {
            #expect(try NestedRepo.keyMap.decode(dictionary, from: .archive) == expected)
        }
    }

    @Test func serverPathsBesideFlatKeysInAnyOrder() throws {
        let entries: [(String, Any)] = [
            ("id", 1), ("owner", ["login": "octocat", "id": 583231] as [String: Any]), ("avatarUrl", "b"),
            ("first.name", "Mona"), ("rating", 5), ("stars", 1), ("unused", true),
        ]
        let expected = NestedRepo(id: 1, ownerLogin: "octocat", ownerID: 583231, avatar: "b", firstName: "Mona", rating: 5)
        for dictionary in Self.arrangements(of: entries) {
            #expect(try NestedRepo.keyMap.decode(dictionary, from: .responseObject) == expected)
        }
    }
}
