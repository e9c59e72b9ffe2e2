// What every probe decodes: the tutorial's model with key maps, as Benchmarks'
// Derived/DerivedUser.swift declares it, and the archive of a user with some number of reviews.
// Scripts/callgrind.sh compiles this file with each probe.
import Foundation

struct ProbeRestaurant { let id: String; let name: String }
struct ProbeReview { let id: String; let restaurant: ProbeRestaurant; let rating: Int; let text: String }
struct ProbeUser { let id: String; let name: String; let reviews: [ProbeReview] }

extension ProbeRestaurant: KeyMapped { static let keyMap = KeyMap(ProbeRestaurant.init) }
extension ProbeReview: KeyMapped {
    static let keyMap = KeyMap(ProbeReview.init, [
        .property(\.rating, server: "star_rating", default: 0),
        .property(\.text, default: ""),
    ])
}
extension ProbeUser: KeyMapped {
    static let keyMap = KeyMap(ProbeUser.init, [
        .property(\.name, default: "Guest"),
        .property(\.reviews, server: "user_reviews", default: []),
    ])
}

func userArchive(reviews count: Int) -> Archive {
    let templates = [
        ("The Original Soup Man", 4, "Good soup! One star off for forgeting the bread."),
        ("La Boîte en Bois", 4, "I've heard the risotto is very good here."),
        ("Monk's Café", 5, "Always a consistent experience. Great atmosphere."),
    ]
    let reviews: [Archive] = (0..<count).map { index in
        let (restaurant, rating, text) = templates[index % 3]
        return ["id": "review-\(index)", "restaurant": ["id": "restaurant-\(index)", "name": "\(restaurant) \(index)"],
                "rating": rating, "text": text]
    }
    return ["id": "abcd-efgh-ijkl-mnop", "name": "George Costanza", "reviews": reviews]
}
