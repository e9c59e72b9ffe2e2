import Foundation
import Testing
@testable import Archiver

/// A restaurant written by hand as the tutorial writes it, opted in as a property type of
/// key-mapped models. (The tutorial's own type cannot be used: it is internal to its module,
/// and the conformance's placeholder would have to be public.)
struct HandRestaurant {
    let id: String
    let name: String
}

extension HandRestaurant: Serializable, ArchiveRepresentable {
    init?(responseObject: ResponseObject) {
        guard let id = responseObject["id"] as? String, let name = responseObject["name"] as? String else { return nil }
        self.init(id: id, name: name)
    }

    var archiveValue: Archive { ["id": id, "name": name] }

    init?(archive: Archive) {
        guard let id = archive["id"] as? String, let name = archive["name"] as? String else { return nil }
        self.init(id: id, name: name)
    }
}

extension HandRestaurant: KeyMapValue {
    static var keyMapPlaceholder: HandRestaurant? { HandRestaurant(id: "", name: "") }
}

/// A derived type holding a hand-written one.
struct Visit { let id: String; let restaurant: HandRestaurant; let restaurants: [HandRestaurant] }
extension Visit: KeyMapped { static let keyMap = KeyMap(Visit.init, [.property(\.restaurants, default: [])]) }

/// A hand-written type holding derived ones, as the 0.6 tutorial would write it.
struct Favorites: Serializable, ArchiveRepresentable {
    let owner: String
    let restaurants: [Derived.Restaurant]

    init?(responseObject: ResponseObject) {
        guard let owner = responseObject["owner"] as? String else { return nil }
        self.owner = owner
        restaurants = Derived.Restaurant.serializedCollection(from: responseObject, withKey: "restaurants")
    }

    var archiveValue: Archive { ["owner": owner, "restaurants": restaurants.archiveValue] }

    init?(archive: Archive) {
        guard let owner = archive["owner"] as? String else { return nil }
        self.owner = owner
        restaurants = Derived.Restaurant.unarchivedCollection(from: archive, withKey: "restaurants")
    }
}

@Suite struct KeyMapMixingTests {
    @Test func aDerivedTypeHoldsAHandWrittenOne() throws {
        expectValidKeyMap(Visit.self)
        let json = try responseObject(#"{"id": "v", "restaurant": {"id": "a", "name": "Monk's"}, "restaurants": [{"id": "b", "name": "B"}]}"#)
        let visit = try Visit.decode(responseObject: json)
        #expect(visit.restaurant.name == "Monk's")
        #expect(visit.restaurants.map(\.id) == ["b"])
        let archive = try throughPropertyList(visit.archiveValue)
        #expect(sameArchive(archive["restaurant"] as? Archive ?? [:], visit.restaurant.archiveValue))
        #expect(try Visit.decode(archive: archive).restaurant.id == "a")
    }

    @Test func aHandWrittenFailureIsReportedAtItsKeyPath() throws {
        let json = try responseObject(#"{"id": "v", "restaurant": {"id": "a"}}"#)
        let error = decodingError { () throws(ArchiveDecodingError) in try Visit.decode(responseObject: json) }
        #expect(error?.description == "Visit.restaurant: init?(responseObject:) returned nil")
    }

    @Test func aHandWrittenTypeHoldsDerivedOnes() throws {
        let json = try responseObject(#"{"owner": "g", "restaurants": [{"id": "a", "name": "A"}, {"id": 1}, {"id": "c", "name": "C"}]}"#)
        let favorites = try #require(Favorites(responseObject: json))
        #expect(favorites.restaurants.map(\.id) == ["a", "c"])
        let again = try #require(Favorites(archive: try throughPropertyList(favorites.archiveValue)))
        #expect(again.restaurants == favorites.restaurants)
    }
}
