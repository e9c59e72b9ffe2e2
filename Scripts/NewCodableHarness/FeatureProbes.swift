import Archiver
import Foundation
import NewCodable
import NewCodableFoundation

// `Harness features`: what each library does with an earlier README quick start's model (a cuisine enum, a nested key, "4") and with the
// tutorial's user when the server's text is not the happy path. Each probe prints what Archiver,
// NewCodable and (for reference) JSONDecoder give: a value or the error's text.

// MARK: The earlier README quick start's model, both ways

enum QSCuisine: String, CaseIterable { case deli, soup, bistro, other }
extension QSCuisine: KeyMapValue {
    static var keyMapUnknownValue: QSCuisine? { .other }   // a cuisine added after the app shipped
}
struct QSRestaurant { let id: Int; let name: String; let cuisine: QSCuisine; let city: String }
struct QSReview { let id: Int; let restaurant: QSRestaurant; let rating: Int; let text: String }
struct QSUser { let id: Int; let name: String; let reviews: [QSReview] }
struct QSStrictUser { let id: Int; let name: String; let reviews: [QSReview] }

extension QSRestaurant: KeyMapped {
    static let keyMap = KeyMap(QSRestaurant.init, [
        .property(\.cuisine, default: .deli),
        .property(\.city, server: "address.city", default: ""),
    ])
}
extension QSReview: KeyMapped {
    static let keyMap = KeyMap(QSReview.init, [
        .property(\.rating, server: "star_rating", default: 0),
        .property(\.text, default: ""),
    ])
}
extension QSUser: KeyMapped {
    static let keyMap = KeyMap(QSUser.init, [
        .property(\.name, default: "Guest"),
        .property(\.reviews, server: "user_reviews", default: []),
    ])
}
/// The same user, with `strict: true`: an invalid review fails the user instead of being dropped.
extension QSStrictUser: KeyMapped {
    static let keyMap = KeyMap(QSStrictUser.init, [
        .property(\.name, default: "Guest"),
        .property(\.reviews, server: "user_reviews", default: [], strict: true),
    ])
}

/// NewCodable's nearest spelling. A String raw-value enum gets NewCodable's RawRepresentable
/// conformance (the @JSONCodable macro on an enum writes {"case": {}} objects, not raw values).
enum NCCuisine: String, JSONCodable { case deli, soup, bistro, other }

@JSONCodable
struct NCQSRestaurant {
    let id: Int
    let name: String
    @CodableDefault(NCCuisine.deli) let cuisine: NCCuisine
    @CodingKey("address.city") @CodableDefault("") let city: String   // a literal key "address.city": no paths
}

@JSONCodable
struct NCQSReview {
    let id: Int
    let restaurant: NCQSRestaurant
    @CodingKey("star_rating") @CodableDefault(0) @CodableBy(.losslessStringConversion) let rating: Int
    @CodableDefault("") let text: String
}

@JSONCodable
struct NCQSUser {
    let id: Int
    @CodableDefault("Guest") let name: String
    @CodingKey("user_reviews") @CodableDefault([]) let reviews: [NCQSReview]
}

/// NewCodable without a strategy: a plain Int property.
@JSONCodable
struct NCPlainRating {
    @CodingKey("star_rating") let rating: Int
}

/// JSONDecoder's twin of the quick start (synthesized Codable + snake_case; no defaults without
/// hand-written init(from:), so the reference shows only error texts).
struct CQSRestaurant: Decodable { let id: Int; let name: String; let cuisine: String? }
struct CQSReview: Decodable { let id: Int; let restaurant: CQSRestaurant; let starRating: String?; let text: String? }
struct CQSUser: Decodable { let id: Int; let name: String?; let userReviews: [CQSReview]? }

// MARK: Probes

private func outcome<T>(_ body: () throws -> T, _ describe: (T) -> String) -> String {
    do { return describe(try body()) } catch { return "error: \(error)" }
}

private func describe(_ user: QSUser) -> String {
    "name=\(user.name) reviews=\(user.reviews.map { "(id \($0.id) rating \($0.rating) cuisine \($0.restaurant.cuisine.rawValue) city \"\($0.restaurant.city)\" text \"\($0.text)\")" }.joined(separator: " "))"
}
private func describe(_ user: QSStrictUser) -> String { describe(QSUser(id: user.id, name: user.name, reviews: user.reviews)) }
private func describe(_ user: NCQSUser) -> String {
    "name=\(user.name) reviews=\(user.reviews.map { "(id \($0.id) rating \($0.rating) cuisine \($0.restaurant.cuisine.rawValue) city \"\($0.restaurant.city)\" text \"\($0.text)\")" }.joined(separator: " "))"
}
private func describe(_ user: CQSUser) -> String {
    "name=\(user.name ?? "nil") reviews=\((user.userReviews ?? []).map { "(id \($0.id) star_rating \($0.starRating ?? "nil") cuisine \($0.restaurant.cuisine ?? "nil"))" }.joined(separator: " "))"
}

func runFeatureProbes() throws {
    let snake: JSONDecoder = { let d = JSONDecoder(); d.keyDecodingStrategy = .convertFromSnakeCase; return d }()
    func probe(_ title: String, _ json: String, strict: Bool = false) {
        let data = Data(json.utf8)
        print("## \(title)")
        print("   json: \(json)")
        if strict {
            print("   Archiver (strict: true):   \(outcome({ try QSStrictUser.decode(json: data) }, describe))")
        }
        let dropped = outcome({ try ArchiveDecodingError.collectingDroppedElements { try QSUser.decode(json: data) } }) { result in
            describe(result.value) + (result.droppedElements.isEmpty ? "" : " | dropped: " + result.droppedElements.map { "\($0)" }.joined(separator: "; "))
        }
        print("   Archiver:                  \(dropped)")
        print("   NewCodable:                \(outcome({ try newDecoder.decode(NCQSUser.self, from: data) }, describe))")
        print("   JSONDecoder (reference):   \(outcome({ try snake.decode(CQSUser.self, from: data) }, describe))")
    }

    let quickStart = #"{"id": 1296269, "name": "George Costanza", "user_reviews": [{"id": 1, "restaurant": {"id": 12, "name": "The Original Soup Man", "cuisine": "soup", "address": {"city": "New York"}}, "star_rating": "4", "text": "Good soup!"}]}"#
    probe("the earlier README quick start's happy path (cuisine, nested address.city, \"4\")", quickStart)
    probe("missing keys: name, user_reviews", #"{"id": 7}"#)
    probe("null where a default exists: name null", #"{"id": 7, "name": null}"#)
    probe("missing keys inside an element: no cuisine, no text, no star_rating", #"{"id": 7, "user_reviews": [{"id": 1, "restaurant": {"id": 12, "name": "Monk's Café"}}]}"#)
    probe("\"4\" and 4 for an Int (star_rating)", #"{"id": 7, "user_reviews": [{"id": 1, "restaurant": {"id": 12, "name": "A"}, "star_rating": "4"}, {"id": 2, "restaurant": {"id": 13, "name": "B"}, "star_rating": 5}]}"#)
    print("   NewCodable, plain Int (no strategy), \"4\":  \(outcome({ try newDecoder.decode(NCPlainRating.self, from: Data(#"{"star_rating": "4"}"#.utf8)) }, { "rating=\($0.rating)" }))")
    print("   NewCodable, plain Int (no strategy), 4:    \(outcome({ try newDecoder.decode(NCPlainRating.self, from: Data(#"{"star_rating": 4}"#.utf8)) }, { "rating=\($0.rating)" }))")
    probe("unknown enum value: cuisine \"diner\"", #"{"id": 7, "user_reviews": [{"id": 1, "restaurant": {"id": 3, "name": "Monk's Café", "cuisine": "diner"}, "star_rating": "5"}]}"#)
    probe("nested key address.city", #"{"id": 7, "user_reviews": [{"id": 1, "restaurant": {"id": 3, "name": "Monk's Café", "address": {"city": "New York"}}, "star_rating": "5"}]}"#)
    probe("wrong type deep inside: user_reviews[1].restaurant.name is 42",
          #"{"id": 7, "user_reviews": [{"id": 1, "restaurant": {"id": 3, "name": "A"}, "star_rating": "5"}, {"id": 2, "restaurant": {"id": 4, "name": 42}, "star_rating": "4"}]}"#, strict: true)
    probe("missing required key deep inside: user_reviews[1].restaurant has no id",
          #"{"id": 7, "user_reviews": [{"id": 1, "restaurant": {"id": 3, "name": "A"}, "star_rating": "5"}, {"id": 2, "restaurant": {"name": "B"}, "star_rating": "4"}]}"#, strict: true)
    probe("invalid \"4x\" for the Int star_rating", #"{"id": 7, "user_reviews": [{"id": 1, "restaurant": {"id": 3, "name": "A"}, "star_rating": "4x"}]}"#, strict: true)
    probe("malformed JSON deep inside (a missing comma)", #"{"id": 7, "user_reviews": [{"id": 1, "restaurant": {"id": 3 "name": "A"}}]}"#)

    // The tutorial's user (the benchmark model) with a wrong type deep inside.
    let tutorialWrong = Data(#"{"id": "u", "name": "N", "user_reviews": [{"id": "r1", "restaurant": {"id": "a", "name": "A"}, "star_rating": "4", "text": "t"}, {"id": "r2", "restaurant": {"id": "b", "name": ["B"]}, "star_rating": "5", "text": "t"}]}"#.utf8)
    print("## the benchmark's user (tutorial model) with user_reviews[1].restaurant.name an array")
    print("   Archiver:     \(outcome({ try ArchiveDecodingError.collectingDroppedElements { try DerivedUser.decode(json: tutorialWrong) } }) { "reviews=\($0.value.reviews.count) dropped: \($0.droppedElements.map { "\($0)" })" })")
    print("   NewCodable:   \(outcome({ try newDecoder.decode(NCUser.self, from: tutorialWrong) }) { "reviews=\($0.reviews.count)" })")
    print("   JSONDecoder:  \(outcome({ try jsonDecoder.decode(CodableUser.self, from: tutorialWrong) }) { "reviews=\($0.reviews.count)" })")
}
