// The code of the Getting Started article (Sources/Archiver/Archiver.docc/GettingStarted.md),
// built with an app's settings; DocumentationTests keeps the article identical to it and runs it.
import Archiver
import ArchiverTesting

struct Restaurant { let id: Int; let name: String }
struct Review { let id: Int; let restaurant: Restaurant; let rating: Int; let text: String }
struct User { let id: Int; let name: String; let reviews: [Review] }

extension Restaurant: KeyMapped { static let keyMap = KeyMap(Restaurant.init) }
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

// Not in the article: the test that runs this code binds a temporary folder.
extension User {
    static var archiver: Archiver { TemporaryArchiver.current ?? .default }
}

/// The article's steps, in order, on `json`; what each printed, for the test that runs them.
public func gettingStarted(json: ResponseObject) throws -> [String] {
    var printed: [String] = []
    func print(_ value: Any) { printed.append("\(value)") }

    let user = try User.decode(responseObject: json)
    print(user.reviews.count)  // 2 of the 3 reviews: one has a restaurant without an id

    try user.store()                                // …/User/1296269.plist
    let loaded = try User.load(resourceID: 1296269) // nil if not stored
    let ids = try User.storedResourceIDs()          // [1296269]
    print(loaded?.name ?? "not stored")
    print(ids)

    do {
        try user.store()
        print(try User.load(resourceID: user.id)?.name ?? "not stored")
    } catch {
        print(error)  // User "1296269": …/User/1296269.plist is not a property list
    }

    return printed
}

// Server keys in snake case, named once for the whole map.
struct Repository { let id: Int; let fullName: String; let stargazersCount: Int }

extension Repository: KeyMapped { static let keyMap = KeyMap(Repository.init, serverKeys: .snakeCase) }

/// The article's snake-case example; what it printed, for the test.
public func snakeCaseServerKeys() throws -> [String] {
    var printed: [String] = []
    func print(_ value: Any) { printed.append("\(value)") }
    let repository = try Repository.decode(responseObject: ["id": 1296269, "full_name": "octocat/Hello-World", "stargazers_count": 80])
    print(repository.fullName)  // octocat/Hello-World, read from "full_name"
    print(repository.stargazersCount)
    return printed
}
