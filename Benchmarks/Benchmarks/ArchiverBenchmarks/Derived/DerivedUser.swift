import Archiver

// The tutorial's model with derived conformances.

/// The form README's quick start teaches: the initializer and the entries that differ from the
/// strategies, nothing else; a store and `archiveValue` read each property at its checked
/// offset. Benchmarked as `derived`.
struct DerivedRestaurant { let id: String; let name: String }
struct DerivedReview { let id: String; let restaurant: DerivedRestaurant; let rating: Int; let text: String }
struct DerivedUser { let id: String; let name: String; let reviews: [DerivedReview] }

extension DerivedRestaurant: KeyMapped {
    static let keyMap = KeyMap(DerivedRestaurant.init)
}
extension DerivedReview: KeyMapped {
    static let keyMap = KeyMap(DerivedReview.init, [
        .property(\.rating, server: "star_rating", default: 0),
        .property(\.text, default: ""),
    ])
}
extension DerivedUser: KeyMapped, Cachable {
    static let keyMap = KeyMap(DerivedUser.init, [
        .property(\.name, default: "Guest"),
        .property(\.reviews, server: "user_reviews", default: []),
    ])
}
