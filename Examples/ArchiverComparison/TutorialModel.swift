import Archiver

// The tutorial's model with both conformances: derived from a key map, and Codable as Swift
// synthesizes it. The comparison archives a user both ways.

struct Restaurant: Codable, Equatable { let id: String; let name: String }
struct Review: Codable, Equatable { let id: String; let restaurant: Restaurant; let rating: Int; let text: String }
struct User: Codable, Equatable { let id: String; let name: String; let reviews: [Review] }

extension Restaurant: KeyMapped { static let keyMap = KeyMap(Restaurant.init) }
extension Review: KeyMapped {
    static let keyMap = KeyMap(Review.init, [
        .property(\.rating, server: "star_rating", default: 0),
        .property(\.text, default: ""),
    ])
}
extension User: KeyMapped {
    static let keyMap = KeyMap(User.init, [
        .property(\.name, default: "Guest"),
        .property(\.reviews, server: "user_reviews", default: []),
    ])
}
