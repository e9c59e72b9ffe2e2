// The tutorial's model after migration from Archiver 0.6: the same structs, every conformance
// derived from a key map. MIGRATION.md quotes this file; a test keeps the two identical. The
// tutorial's walk-through (ArchiverTutorial) uses this declaration.
import Archiver
import Foundation

public struct Restaurant: Equatable {
    public let id: String
    public let name: String
}

extension Restaurant: KeyMapped {
    public static let keyMap = KeyMap(Restaurant.init)
}

public struct Review {
    public let id: String
    public let restaurant: Restaurant
    public let rating: Int
    public let text: String
}

extension Review: KeyMapped, KeyMapChecked {
    public static let keyMap = KeyMap(Review.init, [
        .property(\.rating, server: "star_rating", default: 0, ifInvalid: .useDefault),
        .property(\.text, default: "", ifInvalid: .useDefault),
    ])

    public func keyMapCheck(from source: KeyMapSource) -> String? {
        if source == .archive, id.isEmpty { return "an archive whose id is empty is not a Review" }
        return nil
    }
}

public struct User {
    public let id: String
    public let name: String
    public let reviews: [Review]
}

extension User: KeyMapped, Cachable {
    public static let keyMap = KeyMap(User.init, [
        .property(\.name, default: "Guest", ifInvalid: .useDefault, archiveDefault: ""),
        .property(\.reviews, server: "user_reviews", default: [], ifInvalid: .useDefault),
    ])
}
