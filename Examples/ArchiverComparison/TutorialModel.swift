import Archiver

// The tutorial's model with both conformances: derived from a key map, and Codable as Swift
// synthesizes it. The comparison archives a user both ways.

struct Restaurant: Codable, Equatable { let id: String; let name: String }
struct Review: Codable, Equatable { let id: String; let restaurant: Restaurant; let rating: Int; let text: String }
struct User: Codable, Equatable { let id: String; let name: String; let reviews: [Review] }

extension Restaurant: KeyMapped { static let keyMap = KeyMap(Restaurant.init) }
extension Review: KeyMapped {
    static let keyMap = KeyMap(Review.init, [
        "rating": .init(server: "star_rating", default: 0),
        "text": .init(default: ""),
    ])
}
extension User: KeyMapped {
    static let keyMap = KeyMap(User.init, [
        "name": .init(default: "Guest"),
        "reviews": .init(server: "user_reviews", default: []),
    ])
}
