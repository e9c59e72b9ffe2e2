// The tutorial's model, unchanged (see Restaurant.swift).
import Archiver

struct Review {
    let id: String
    let restaurant: Restaurant
    let rating: Int
    let text: String
}

extension Review: Serializable {

    private struct ServerKey {
        static let id = "id"
        static let restaurant = "restaurant"
        static let rating = "star_rating"
        static let text = "text"
    }

    public init?(responseObject: ResponseObject) {
        guard let id = responseObject[ServerKey.id] as? String else { return nil }
        self.id = id
        guard let restaurant = Restaurant.serialized(from: responseObject, withKey: ServerKey.restaurant) else { return nil }
        self.restaurant = restaurant
        self.rating = Int(responseObject[ServerKey.rating] as? String ?? "") ?? 0
        self.text = responseObject[ServerKey.text] as? String ?? ""
    }

}

extension Review: ArchiveRepresentable {

    private struct ArchiveKey {
        static let id = "id"
        static let restaurant = "restaurant"
        static let rating = "rating"
        static let text = "text"
    }

    var archiveValue: Archive {
        return [
            ArchiveKey.id: id,
            ArchiveKey.restaurant: restaurant.archiveValue,
            ArchiveKey.rating: rating,
            ArchiveKey.text: text
        ]
    }

    public init?(archive: Archive) {
        self.id = archive[ArchiveKey.id] as? String ?? ""
        guard let restaurant = Restaurant.unarchived(from: archive, withKey: ArchiveKey.restaurant) else { return nil }
        self.restaurant = restaurant
        self.rating = archive[ArchiveKey.rating] as? Int ?? 0
        self.text = archive[ArchiveKey.text] as? String ?? ""
        if id.isEmpty { return nil }
    }
}
