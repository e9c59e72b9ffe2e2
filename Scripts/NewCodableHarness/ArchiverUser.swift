import Archiver

// The tutorial's model with a key map in the README's fast form (one reader per property):
// copied from the project's Benchmarks/Benchmarks/ArchiverBenchmarks/Derived/DerivedUser.swift (`derived`).

/// The form README's quick start teaches: entries plus one reader per property (`reading:`), so
/// that a store and `archiveValue` read fields directly instead of through `Mirror`. Benchmarked
/// as `derived`.
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
