import Archiver

// The tutorial's model with derived conformances, in the two forms a key map takes.

/// The form README's quick start teaches: entries plus one reader per property (`reading:`), so
/// that a store and `archiveValue` read fields directly instead of through `Mirror`. Benchmarked
/// as `derived`.
struct DerivedRestaurant { let id: String; let name: String }
struct DerivedReview { let id: String; let restaurant: DerivedRestaurant; let rating: Int; let text: String }
struct DerivedUser { let id: String; let name: String; let reviews: [DerivedReview] }

extension DerivedRestaurant: KeyMapped {
    static let keyMap = KeyMap(DerivedRestaurant.init, reading: \.id, \.name)
}
extension DerivedReview: KeyMapped {
    static let keyMap = KeyMap(DerivedReview.init, [
        .property(\.rating, server: "star_rating", default: 0),
        .property(\.text, default: ""),
    ], reading: \.id, \.restaurant, \.rating, \.text)
}
extension DerivedUser: KeyMapped, Cachable {
    static let keyMap = KeyMap(DerivedUser.init, [
        .property(\.name, default: "Guest"),
        .property(\.reviews, server: "user_reviews", default: []),
    ], reading: \.id, \.name, \.reviews)
}

/// The form without readers (README mentions it after the quick start): properties are read
/// through `Mirror` on every store and `archiveValue`. Benchmarked as `derivedmirror`.
struct MirrorRestaurant { let id: String; let name: String }
struct MirrorReview { let id: String; let restaurant: MirrorRestaurant; let rating: Int; let text: String }
struct MirrorUser { let id: String; let name: String; let reviews: [MirrorReview] }

extension MirrorRestaurant: KeyMapped { static let keyMap = KeyMap(MirrorRestaurant.init) }
extension MirrorReview: KeyMapped {
    static let keyMap = KeyMap(MirrorReview.init, [
        .property(\.rating, server: "star_rating", default: 0),
        .property(\.text, default: ""),
    ])
}
extension MirrorUser: KeyMapped, Cachable {
    static let keyMap = KeyMap(MirrorUser.init, [
        .property(\.name, default: "Guest"),
        .property(\.reviews, server: "user_reviews", default: []),
    ])
}
