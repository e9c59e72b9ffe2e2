import Foundation
import Testing
@testable import Archiver

@Suite("ArchiveCodable")
struct CodableConformanceTests {
    @Test("one line makes a Codable type ArchiveRepresentable")
    func archiveRepresentable() throws {
        let note = CodableNote(id: "n1", text: "Soup", link: URL(string: "https://a.b"))
        let archive = note.archiveValue
        #expect(archive["id"] as? String == "n1")
        #expect(archive["link"] as? String == "https://a.b")
        #expect(sameFields(CodableNote(archive: archive), note))
        // == compares ids only (UniquelyIdentifiable); sameFields sees the text.
        #expect(note == CodableNote(id: "n1", text: "Other"))
        #expect(!sameFields(note, CodableNote(id: "n1", text: "Other")))
        #expect(CodableNote(archive: ["id": "n1"]) == nil)
        #expect(throws: ArchiveDecodingError(type: CodableNote.self, path: [.key("text")],
                                             reason: .typeMismatch(expected: "String", found: "number 42"))) {
            try CodableNote.decode(archive: ["id": "n1", "text": 42])
        }
    }

    @Test("with Archivable, it stores and loads through the core, file for file")
    func archivable() throws {
        let note = CodableNote(id: "conformance-\(UUID().uuidString)", text: "Bread", tags: ["x"])
        let url = try note.store()
        #expect(url.lastPathComponent == note.id + ".plist")
        #expect(url.deletingLastPathComponent().lastPathComponent == "CodableNote")
        let loaded = try #require(try CodableNote.load(resourceID: note.id))
        #expect(sameFields(loaded, note))
        #expect(sameFields(CodableNote(resourceID: note.id), note))
        try note.delete()
        #expect(try CodableNote.load(resourceID: note.id) == nil)
    }

    @Test("a value that cannot be encoded is not stored, and the error says where and why")
    func unencodableValueIsNotStored() throws {
        struct SealedNote: Codable, ArchiveCodable, Archivable {
            var id: String
            var seal: Refusing
            static var archiver: Archiver { codableTestArchiver }
        }
        let note = SealedNote(id: "unencodable-\(UUID().uuidString)", seal: Refusing(id: "r", amount: -1))
        do {
            try note.store()
            Issue.record("expected an error")
        } catch {
            guard case .invalidPropertyList(let type, let id, let keyPath, let found) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(type == "SealedNote")
            #expect(id == note.id)
            #expect(keyPath == "seal.amount")
            #expect(found.contains("amount must not be negative"))
        }
        #expect(try SealedNote.load(resourceID: note.id) == nil)
    }

    @Test("with Cachable, it is built from a response object by its Codable keys and stored")
    func cachable() throws {
        let id = "cachable-\(UUID().uuidString)"
        let json = try JSONSerialization.jsonObject(with: Data(#"{"id": "\#(id)", "name": "Soup Man", "star_rating": null}"#.utf8))
        let responseObject = try #require(json as? ResponseObject)
        let restaurant = try #require(CodableRestaurant(responseObject: responseObject, shouldArchive: true))
        #expect(sameFields(restaurant, CodableRestaurant(id: id, name: "Soup Man", rating: nil)))
        #expect(sameFields(try CodableRestaurant.load(resourceID: id), restaurant))
        // "4" reads as 4 as a key map reads it; "4x" is refused by the same rule.
        #expect(try CodableRestaurant.decode(responseObject: ["id": "a", "name": "b", "star_rating": "4"]).rating == 4)
        #expect(throws: ArchiveDecodingError(type: CodableRestaurant.self, path: [.key("star_rating")],
                                             reason: .invalidValue(expected: "Int", found: "String \"4x\""))) {
            try CodableRestaurant.decode(responseObject: ["id": "a", "name": "b", "star_rating": "4x"])
        }
        #expect(CodableRestaurant(responseObject: ["id": "a"]) == nil)
    }

    @Test("a Codable property inside a hand-written conformance goes through encodeValue and decode(_:from:)")
    func codablePropertyOfHandWrittenType() throws {
        let menu = Menu(id: "m", dishes: [.init(name: "soup", price: 4)])
        let archive = menu.archiveValue
        let dishes = try #require(archive["dishes"] as? [Archive])
        #expect(dishes.first?["name"] as? String == "soup")
        #expect(try Menu.decode(archive: archive) == menu)
        #expect(throws: ArchiveDecodingError(type: Menu.self, path: [.key("dishes"), .index(0), .key("price")],
                                             reason: .missingValue(expected: "Int"))) {
            try Menu.decode(archive: ["id": "m", "dishes": [["name": "soup"]]])
        }
    }
}

/// A hand-written conformance with one Codable property.
struct Menu: ArchiveRepresentable, Equatable {
    struct Dish: Codable, Equatable {
        var name: String
        var price: Int
    }

    var id: String
    var dishes: [Dish]

    var archiveValue: Archive {
        ["id": id, "dishes": (try? ArchiveEncoder().encodeValue(dishes)) ?? []]
    }

    init(id: String, dishes: [Dish]) {
        self.id = id
        self.dishes = dishes
    }

    init?(archive: Archive) {
        guard let menu = try? Self.decode(archive: archive) else { return nil }
        self = menu
    }

    static func decode(archive: Archive) throws(ArchiveDecodingError) -> Menu {
        guard let id = archive["id"] as? String else {
            throw ArchiveDecodingError(type: Menu.self, path: [.key("id")],
                                       reason: .typeMismatch(expected: "String", found: ArchiveDecodingError.describe(archive["id"])))
        }
        do {
            return Menu(id: id, dishes: try ArchiveDecoder().decode([Dish].self, from: archive["dishes"] ?? []))
        } catch {
            throw error.nested(in: Menu.self, at: [.key("dishes")])
        }
    }
}
