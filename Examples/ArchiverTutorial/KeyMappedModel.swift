// The same model with derived conformances: one key-map declaration per type instead of the
// hand-written initializers and key structs in Restaurant.swift, Review.swift and User.swift.
import Archiver

enum Derived {
    struct Restaurant { let id: String; let name: String }
    struct Review { let id: String; let restaurant: Restaurant; let rating: Int; let text: String }
    struct User { let id: String; let name: String; let reviews: [Review] }
}

extension Derived.Restaurant: KeyMapped { static let keyMap = KeyMap(Self.init) }
extension Derived.Review: KeyMapped {
    static let keyMap = KeyMap(Self.init, [
        .property(\.rating, server: "star_rating", default: 0),   // the server sends "4"
        .property(\.text, default: ""),
    ])
}
extension Derived.User: KeyMapped, Cachable {
    static let keyMap = KeyMap(Self.init, [
        .property(\.name, default: "Guest"),
        .property(\.reviews, server: "user_reviews", default: []),
    ])
}
