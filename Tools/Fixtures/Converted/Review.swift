// The tutorial's model, unchanged (see Restaurant.swift).
import Archiver

struct Review {
    let id: String
    let restaurant: Restaurant
    let rating: Int
    let text: String
}

extension Review: KeyMapped {
    static let keyMap = KeyMap(Review.init, [
        .property(\.rating, server: "star_rating", default: 0),
        .property(\.text, default: ""),
    ])
}
