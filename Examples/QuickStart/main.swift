import Archiver

struct Restaurant { let id: Int; let name: String; let cuisine: Cuisine; let city: String }
struct Review { let id: Int; let restaurant: Restaurant; let rating: Int; let text: String }
struct User { let id: Int; let name: String; let reviews: [Review] }
enum Cuisine: String, CaseIterable { case deli, soup, bistro, other }
struct Page<Item> { let data: [Item]; let hasMore: Bool }   // a paginated endpoint's envelope

extension Cuisine: KeyMapValue {
    static var keyMapUnknownValue: Cuisine? { .other }   // a cuisine added after the app shipped
}
extension Restaurant: KeyMapped {
    static let keyMap = KeyMap(Restaurant.init, [
        .property(\.cuisine, default: .deli),
        .property(\.city, server: "address.city", default: ""),   // nested in the server's object
    ])
}
extension Review: KeyMapped {
    static let keyMap = KeyMap(Review.init, [
        .property(\.rating, server: "star_rating", default: 0),   // the server sends "4"
        .property(\.text, default: ""),
    ])
}
extension User: KeyMapped, Cachable {
    static let keyMap = KeyMap(User.init, [
        .property(\.name, default: "Guest"),
        .property(\.reviews, server: "user_reviews", default: []),
    ])
}
extension Page: KeyMapped, KeyMapValue, Serializable, ArchiveRepresentable where Item: KeyMapped {
    static var keyMap: KeyMap<Self> {   // built once per Page<Item> the app uses
        KeyMap({ Page(data: $0, hasMore: $1) }, [.property(\.hasMore, server: "has_more", default: false)])
    }
}

// What JSONSerialization makes of the server's response.
let json: ResponseObject = [
    "id": 1296269,
    "name": "George Costanza",
    "user_reviews": [
        ["id": 1, "restaurant": ["id": 12, "name": "The Original Soup Man", "cuisine": "soup", "address": ["city": "New York"]],
         "star_rating": "4", "text": "Good soup!"],
        ["id": 2, "restaurant": ["name": "Monk's Café"], "star_rating": "5"],   // no restaurant id
    ],
]
let badJSON: ResponseObject = ["id": "george", "name": "George Costanza"]

let user = User(responseObject: json, shouldArchive: true)
// stored at <Caches>/com.<BundleName>.archives/User/1296269.plist, with one review: the one
// whose restaurant has no id is dropped, as Archiver 0.6's serializedCollection drops it
let again = User(resourceID: 1296269)            // 0.6's failable API, with the type's own id
let checked = try User.load(resourceID: 1296269) // throws ArchiverError; nil if not stored
print(checked?.reviews.map(\.restaurant.name) ?? [])  // ["The Original Soup Man"]
print(try User.storedResourceIDs().contains(1296269))  // true
print(checked?.reviews.first?.restaurant.city ?? "")  // New York

let page = try Page<Restaurant>.decode(responseObject: ["data": [["id": 3, "name": "Monk's Café", "cuisine": "diner"]], "has_more": true])
print(page.data.map(\.cuisine.rawValue), page.hasMore)  // ["other"] true

let (_, dropped) = try ArchiveDecodingError.collectingDroppedElements { try User.decode(responseObject: json) }
for reason in dropped { print(reason) }  // User.user_reviews[1].restaurant.id: expected Int, found nothing

do {
    _ = try User.decode(responseObject: badJSON)
} catch {
    print(error)  // User.id: expected Int, found String "george"
}
