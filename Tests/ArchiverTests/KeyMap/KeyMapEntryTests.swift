import Foundation
import Testing
@testable import Archiver

struct Shop: Equatable {
    let shopID: String
    let reviewCount: Int
    let urlString: String?
    let openedAt: Date
    let isFavorite: Bool
    let priceCents: Int
    let cuisine: Cuisine
}

extension Shop: KeyMapped {
    static let keyMap = KeyMap(Shop.init, serverKeys: .snakeCase, [
        .property(\.openedAt, server: "opened", archive: "opened_at", default: Date(timeIntervalSince1970: 1_464_739_200)),
        .excluded(\.isFavorite, default: true),
        .transform(
            \.priceCents,
            server: "price",
            decode: { value throws(ArchiveDecodingError) in
                Int((try Double(keyMapValue: KeyMapInput(value, from: .responseObject)) * 100).rounded())
            },
            encode: { cents in Double(cents) / 100 }
        ),
        .property(\.cuisine, default: .bread),
    ])
}

@Suite struct KeyMapEntryTests {
    @Test func shopMapIsValid() {
        expectValidKeyMap(Shop.self)
    }

    @Test func keysComeFromTheStrategyUnlessAnEntryNamesThem() throws {
        let shop = try Shop.decode(responseObject: try responseObject(#"""
            {"shop_id": "s1", "review_count": "12", "url_string": "https://s.example", "opened": 0,
             "price": 4.5, "cuisine": "soup", "is_favorite": false}
            """#))
        #expect(shop == Shop(
            shopID: "s1", reviewCount: 12, urlString: "https://s.example", openedAt: Date(timeIntervalSince1970: 0),
            isFavorite: true, priceCents: 450, cuisine: .soup
        ))
        let archive = shop.archiveValue
        #expect(Set(archive.keys) == ["shopID", "reviewCount", "urlString", "opened_at", "priceCents", "cuisine"])
        #expect(archive["priceCents"] as? Double == 4.5)
    }

    @Test func defaultsApplyToMissingAndNullKeys() throws {
        let missing = try Shop.decode(responseObject: try responseObject(#"{"shop_id": "s", "review_count": 1, "price": 1}"#))
        #expect(missing.openedAt == Date(timeIntervalSince1970: 1_464_739_200))
        #expect(missing.cuisine == .bread)
        #expect(missing.urlString == nil)
        let null = try Shop.decode(responseObject: try responseObject(#"{"shop_id": "s", "review_count": 1, "price": 1, "opened": null, "cuisine": null}"#))
        #expect(null.openedAt == missing.openedAt)
        #expect(null.cuisine == .bread)
    }

    @Test func excludedPropertiesAreNeitherReadNorArchived() throws {
        let shop = try Shop.decode(responseObject: try responseObject(#"{"shop_id": "s", "review_count": 1, "price": 1, "is_favorite": false, "isFavorite": false}"#))
        #expect(shop.isFavorite == true)
        #expect(shop.archiveValue["isFavorite"] == nil)
        #expect(shop.archiveValue["is_favorite"] == nil)
    }

    @Test func transformsRunBothWaysAndRoundTrip() throws {
        let shop = try Shop.decode(responseObject: try responseObject(#"{"shop_id": "s", "review_count": 1, "price": "19.99"}"#))
        #expect(shop.priceCents == 1999)
        #expect(try Shop.decode(archive: try throughPropertyList(shop.archiveValue)) == shop)
        let error = decodingError { () throws(ArchiveDecodingError) in
            try Shop.decode(responseObject: ["shop_id": "s", "review_count": 1, "price": "cheap"])
        }
        #expect(error?.keyPath == "Shop.price")
    }

    @Test func archiveKeysRenameOnlyTheArchive() throws {
        let shop = try Shop.decode(responseObject: try responseObject(#"{"shop_id": "s", "review_count": 1, "price": 1, "opened": 60}"#))
        #expect(shop.archiveValue["opened_at"] as? Date == Date(timeIntervalSince1970: 60))
        #expect(try Shop.decode(archive: shop.archiveValue).openedAt == Date(timeIntervalSince1970: 60))
    }

    @Test(arguments: [
        ("reviewCount", "review_count"), ("userID", "user_id"), ("urlString", "url_string"),
        ("URLString", "url_string"), ("id", "id"), ("photo2x", "photo2x"), ("isHTTPSOnly", "is_https_only"),
    ])
    func snakeCaseStrategy(name: String, key: String) {
        #expect(KeyStrategy.snakeCase.key(for: name) == key)
    }

    @Test func customAndPropertyNameStrategies() {
        #expect(KeyStrategy.custom { "x-" + $0 }.key(for: "id") == "x-id")
        #expect(KeyStrategy.propertyName.key(for: "reviewCount") == "reviewCount")
    }
}

/// Excluded without a default: the property gets its type's placeholder.
struct Draft: Equatable { let id: String; let isSelected: Bool; let tags: [String] }
extension Draft: KeyMapped {
    static let keyMap = KeyMap(Draft.init, [.excluded(\.isSelected), .excluded(\.tags)])
}

@Suite struct KeyMapExclusionTests {
    @Test func anExcludedPropertyWithoutADefaultGetsItsPlaceholder() throws {
        expectValidKeyMap(Draft.self)
        let draft = try Draft.decode(responseObject: ["id": "d", "isSelected": true, "tags": ["a"]])
        #expect(draft == Draft(id: "d", isSelected: false, tags: []))
        #expect(Set(draft.archiveValue.keys) == ["id"])
    }
}
