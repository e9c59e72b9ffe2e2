import Foundation
@testable import Archiver

// The tutorial's User, Review and Restaurant, declared once for every test of ArchiverTests: in
// key-map form twice (two maps of one shape, built independently) and hand-written with
// synthesized Codable. A test that needs another shape declares its own and says what differs.

/// The tutorial's model in key-map form: the declarations of the issue, nothing hand-written.
/// Nested in an enum so that the names match the tutorial's (`User`, `Review`, `Restaurant`)
/// in error messages and archive folders without clashing with the tutorial target's types.
enum Derived {
    struct Restaurant: Equatable { let id: String; let name: String }
    struct Review { let id: String; let restaurant: Restaurant; let rating: Int; let text: String }
    struct User { let id: String; let name: String; let reviews: [Review] }
}

extension Derived.Restaurant: KeyMapped { static let keyMap = KeyMap(Derived.Restaurant.init) }

extension Derived.Review: KeyMapped {
    static let keyMap = KeyMap(Derived.Review.init, [
        .property(\.rating, server: "star_rating", default: 0),
        .property(\.text, default: ""),
    ])
}

extension Derived.User: KeyMapped, Cachable {
    static let keyMap = KeyMap(Derived.User.init, [
        .property(\.name, default: "Guest"),
        .property(\.reviews, server: "user_reviews", default: []),
    ])

    static var archiver: Archiver { testArchiver }
}

/// The same model again, as types of their own: two maps of one shape, built independently.
enum FastDerived {
    struct Restaurant { let id: String; let name: String }
    struct Review { let id: String; let restaurant: Restaurant; let rating: Int; let text: String }
    struct User { let id: String; let name: String; let reviews: [Review] }
}

extension FastDerived.Restaurant: KeyMapped {
    static let keyMap = KeyMap(FastDerived.Restaurant.init)
}

extension FastDerived.Review: KeyMapped {
    static let keyMap = KeyMap(FastDerived.Review.init, [
        .property(\.rating, server: "star_rating", default: 0),
        .property(\.text, default: ""),
    ])
}

extension FastDerived.User: KeyMapped, Cachable {
    static let keyMap = KeyMap(FastDerived.User.init, [
        .property(\.name, default: "Guest"),
        .property(\.reviews, server: "user_reviews", default: []),
    ])

    static var archiver: Archiver { testArchiver }
}

extension Derived.User {
    /// George with `count` reviews, each with its own id and restaurant, cycling through the
    /// tutorial's three texts and ratings.
    static func example(reviews count: Int) -> Self {
        let templates = [
            ("The Original Soup Man", 4, "Good soup! One star off for forgeting the bread."),
            ("La Boîte en Bois", 4, "I've heard the risotto is very good here."),
            ("Monk's Café", 5, "Always a consistent experience. Great atmosphere."),
        ]
        return Self(id: "abcd-efgh-ijkl-mnop", name: "George Costanza", reviews: (0 ..< count).map { index in
            let (name, rating, text) = templates[index % 3]
            return .init(id: "review-\(index)", restaurant: .init(id: "restaurant-\(index)", name: "\(name) \(index)"), rating: rating, text: text)
        })
    }
}

extension FastDerived.User {
    /// The same user as `user`, through the other map.
    static func from(_ user: Derived.User) -> Self {
        Self(id: user.id, name: user.name, reviews: user.reviews.map {
            .init(id: $0.id, restaurant: .init(id: $0.restaurant.id, name: $0.restaurant.name), rating: $0.rating, text: $0.text)
        })
    }
}

/// The tutorial's model with its hand-written archive conformances (Examples/ArchiverTutorial),
/// plus synthesized Codable: the two archives should agree.

struct TutorialRestaurant: Codable, ArchiveRepresentable {
    let id: String
    let name: String

    var archiveValue: Archive { ["id": id, "name": name] }

    init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    init?(archive: Archive) {
        guard let id = archive["id"] as? String, let name = archive["name"] as? String else { return nil }
        self.init(id: id, name: name)
    }
}

struct TutorialReview: Codable, ArchiveRepresentable {
    let id: String
    let restaurant: TutorialRestaurant
    let rating: Int
    let text: String

    var archiveValue: Archive {
        ["id": id, "restaurant": restaurant.archiveValue, "rating": rating, "text": text]
    }

    init(id: String, restaurant: TutorialRestaurant, rating: Int, text: String) {
        self.id = id
        self.restaurant = restaurant
        self.rating = rating
        self.text = text
    }

    init?(archive: Archive) {
        guard let id = archive["id"] as? String, !id.isEmpty,
              let restaurant = TutorialRestaurant.unarchived(from: archive, withKey: "restaurant") else { return nil }
        self.init(id: id, restaurant: restaurant, rating: archive["rating"] as? Int ?? 0, text: archive["text"] as? String ?? "")
    }
}

struct TutorialUser: Codable, UniquelyIdentifiable, ArchiveRepresentable {
    let id: String
    let name: String
    let reviews: [TutorialReview]

    var archiveValue: Archive { ["id": id, "name": name, "reviews": reviews.archiveValue] }

    init(id: String, name: String, reviews: [TutorialReview]) {
        self.id = id
        self.name = name
        self.reviews = reviews
    }

    init?(archive: Archive) {
        guard let id = archive["id"] as? String else { return nil }
        self.init(id: id, name: archive["name"] as? String ?? "",
                  reviews: TutorialReview.unarchivedCollection(from: archive, withKey: "reviews"))
    }

    static let george = TutorialUser(id: "abcd-efgh-ijkl-mnop", name: "George Costanza", reviews: [
        TutorialReview(id: "123-456", restaurant: .init(id: "abcd-1234", name: "The Original Soup Man"), rating: 4, text: "Good soup!"),
        TutorialReview(id: "789-012", restaurant: .init(id: "efgh-5678", name: "La Boîte en Bois"), rating: 4, text: "Risotto."),
    ])
}

extension TutorialUser {
    /// The same user as `user`, hand-written.
    init(_ user: Derived.User) {
        self.init(id: user.id, name: user.name, reviews: user.reviews.map {
            .init(id: $0.id, restaurant: .init(id: $0.restaurant.id, name: $0.restaurant.name), rating: $0.rating, text: $0.text)
        })
    }
}
