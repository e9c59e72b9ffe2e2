import Archiver

struct Restaurant { let id: String; let name: String }
struct Review { let id: String; let restaurant: Restaurant; let rating: Int; let text: String }
struct User { let id: String; let name: String; let reviews: [Review] }

extension Restaurant: KeyMapped { static let keyMap = KeyMap(Restaurant.init) }
extension Review: KeyMapped {
    static let keyMap = KeyMap(Review.init, [
        "rating": .init(server: "star_rating", default: 0),   // the server sends "4"
        "text": .init(default: ""),
    ])
}
extension User: KeyMapped, Cachable {
    static let keyMap = KeyMap(User.init, [
        "name": .init(default: "Guest"),
        "reviews": .init(server: "user_reviews", default: []),
    ])
}

let json: ResponseObject = ["id": "abcd-efgh-ijkl-mnop", "name": "George", "user_reviews": []]
let badJSON: ResponseObject = ["id": "x"]
let user = User(responseObject: json, shouldArchive: true)
let again = User(resourceID: "abcd-efgh-ijkl-mnop")          // 0.6's failable API
let checked = try User.load(resourceID: "abcd-efgh-ijkl-mnop") // throws ArchiverError; nil if not stored

try User.decode(responseObject: badJSON)
