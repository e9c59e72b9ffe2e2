// The tutorial's model, unchanged (see Restaurant.swift).
import Archiver

struct Review {
    let id: String
    let restaurant: Restaurant
    let rating: Int
    let text: String
}

extension Review: KeyMapped, KeyMapChecked {
    static let keyMap = KeyMap(Review.init, [
        .property(\.rating, server: "star_rating", default: 0, ifInvalid: .useDefault),
        .property(\.text, default: "", ifInvalid: .useDefault),
    ])

    // Added by archiver-migrate: what the hand-written initializers refused after reading.
    func keyMapCheck(from source: KeyMapSource) -> String? {
        if source == .archive, id.isEmpty { return "an archive whose id is empty is not a Review" }
        return nil
    }
}
