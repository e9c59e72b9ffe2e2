// The code of the Key Maps article (Sources/Archiver/Archiver.docc/KeyMaps.md), built with an
// app's settings; DocumentationTests keeps the article identical to it and runs it.
import Archiver
import ArchiverTesting
import Foundation

struct Restaurant { let id: Int; let name: String; let cuisine: Cuisine }
struct Review { let id: Int; let restaurant: Restaurant; let rating: Int; let text: String }
struct User { let id: Int; let name: String; let reviews: [Review] }
enum Cuisine: String, CaseIterable { case deli, soup, bistro }

extension Cuisine: KeyMapValue {}

extension Restaurant: KeyMapped {
    static let keyMap = KeyMap(Restaurant.init, [.property(\.cuisine, default: .deli)])
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

struct Post { let id: Int; let editedAt: Date? }

extension Post: KeyMapped {
    static let keyMap = KeyMap(Post.init, [
        .transform(\.editedAt, server: "edited_ms", decode: { value throws(ArchiveDecodingError) in
            Date(timeIntervalSince1970: try Double(keyMapValue: KeyMapInput(value, from: .responseObject)) / 1000)
        }, encode: { date in date.map { $0.timeIntervalSince1970 * 1000 } }),  // nil: no key
    ])
}

struct Event { let id: Int; let startsAt: Date; let endsAt: Date? }

extension Event: KeyMapped {
    static let keyMap = KeyMap(Event.init, [
        .property(\.startsAt, server: "starts_ms"),
        .property(\.endsAt, server: "ends_ms"),  // nil: no key
    ], dates: .millisecondsSince1970)              // every Date and Date? of the map
}

enum Kind: String { case deli, soup, bistro }
extension Kind: KeyMapValue { static var keyMapPlaceholder: Kind? { .deli } }

enum Status: String, CaseIterable { case active, canceled, unknown }
extension Status: KeyMapValue { static var keyMapUnknownValue: Status? { .unknown } }

struct Visit { let id: Int; let restaurant: Restaurant; let rating: Int; let note: String }

extension Visit: KeyMapped {
    static let keyMap = KeyMap(Visit.init, [
        .property(\.rating, server: "star_rating", default: 0),
        .property(\.note, default: ""),
    ])
}

struct Page<Item> { let data: [Item]; let hasMore: Bool }

extension Page: KeyMapped, KeyMapValue, Serializable, ArchiveRepresentable where Item: KeyMapped {
    static var keyMap: KeyMap<Self> {
        KeyMap({ Page(data: $0, hasMore: $1) }, [.property(\.hasMore, server: "has_more", default: false)])
    }
}

struct Feed { let id: Int; let reviews: Page<Review> }

extension Feed: KeyMapped {
    static let keyMap = KeyMap(Feed.init)
}

struct Note { let id: Int; let text: String; let replyTo: Indirect<Note>? }

extension Note: KeyMapped {
    static let keyMap = KeyMap(Note.init, [.property(\.replyTo, server: "in_reply_to")])
}

// Not in the article: the test that runs this code binds a temporary folder.
extension User {
    static var archiver: Archiver { TemporaryArchiver.current ?? .default }
}

/// The article's examples, in order; what each printed, for the test that runs them.
public func keyMaps(json: ResponseObject, badJSON: ResponseObject) throws -> [String] {
    var printed: [String] = []
    func print(_ value: Any) { printed.append("\(value)") }

    let user = User(responseObject: json, shouldArchive: true)  // built, and stored by id
    let again = User(resourceID: 1296269)                        // the type's own id type
    print(again?.reviews.map(\.restaurant.cuisine.rawValue) ?? [])
    print(user?.id == again?.id)

    do {
        let (user, dropped) = try ArchiveDecodingError.collectingDroppedElements {
            try User.decode(responseObject: json)
        }
        for reason in dropped { print(reason) }  // User.user_reviews[1].restaurant.id: expected Int, found nothing
        print(user.reviews.count)
    }

    do {
        _ = try User.decode(responseObject: badJSON)
    } catch {
        print(error)  // User.id: expected Int, found String "george"
    }

    let visit = try Visit.decode(responseObject: ["id": 5, "restaurant": ["id": 1, "name": "Monk's Café"], "star_rating": "3"])
    print(visit.archiveValue["rating"] ?? "none")
    print(Kind.keyMapPlaceholder ?? .soup)

    let feed = try Feed.decode(responseObject: ["id": 9, "reviews": ["data": [], "has_more": true]])
    print(feed.reviews.hasMore)
    print(try [Status](keyMapValue: KeyMapInput(["active", "requires_reauthorization"], from: .responseObject)).map(\.rawValue))
    print(try Post.decode(responseObject: ["id": 7, "edited_ms": NSNull()]).archiveValue.keys.sorted())
    print(try Event.decode(responseObject: ["id": 1, "starts_ms": 1_574_553_600_000]).startsAt.timeIntervalSince1970)
    print(try Note.decode(responseObject: ["id": 2, "text": "Yes.", "in_reply_to": ["id": 1, "text": "Soup?"]]).replyTo?.text ?? "")
    return printed
}
