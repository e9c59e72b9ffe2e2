// The code of the Codable article (Sources/Archiver/Archiver.docc/CodableBridge.md), built with an
// app's settings; DocumentationTests keeps the article identical to it and runs it.
import Foundation
import Archiver

struct Restaurant: Codable {
    let id: String
    let name: String
}

extension Restaurant: ArchiveCodable, Cachable {}

struct Draft: Codable, Identifiable { var id: String; var text: String }

extension Draft: ArchiveCodable, Archivable {}

struct Money: Codable { let amount: Int; let currency: String }
extension Money: KeyMapCodable {}

struct Order { let id: String; let total: Money }
extension Order: KeyMapped { static let keyMap = KeyMap(Order.init) }

struct Dish: Codable { var name: String; var price: Decimal }
struct Menu: UniquelyIdentifiable { var id: String; var dishes: [Dish] }

extension Menu: ArchiveRepresentable {
    var archiveValue: Archive {
        ["id": id, "dishes": (try? ArchiveEncoder().encodeValue(dishes)) ?? []]
    }

    static func decode(archive: Archive) throws(ArchiveDecodingError) -> Menu {
        guard let id = archive["id"] as? String else {
            throw ArchiveDecodingError(type: Menu.self, path: [.key("id")], reason: .missingValue(expected: "String"))
        }
        do {
            let dishes = try ArchiveDecoder().decode([Dish].self, from: archive["dishes"] ?? [])
            return Menu(id: id, dishes: dishes)
        } catch {
            throw error.nested(in: Menu.self, at: [.key("dishes")])  // Menu.dishes[0].price: …
        }
    }

    init?(archive: Archive) {
        guard let menu = try? Menu.decode(archive: archive) else { return nil }
        self = menu
    }
}

struct User: Codable { var login: String; var avatarUrl: URL }
struct PullRequest: Codable { var htmlUrl: URL; var user: User }

extension PullRequest: ArchiveCodable, Serializable {
    static var serverKeys: KeyStrategy { .snakeCase }
}

/// A bookmark whose hand-written archive keeps its URL as a string, and Codable as `{relative:}`.
struct Bookmark: Codable, Equatable {
    var title: String
    var link: URL
}

extension Bookmark: ArchiveRepresentable {
    var archiveValue: Archive { ["title": title, "link": link.absoluteString] }

    init?(archive: Archive) {
        guard let title = archive["title"] as? String,
              let link = (archive["link"] as? String).flatMap(URL.init(string:)) else { return nil }
        self.init(title: title, link: link)
    }
}

private func timeTheTwoWays(_ user: some ArchiveRepresentable & Codable, print: (Any) -> Void) throws {
    let speed = try ArchiveComparison.measure(user, runs: 25)
    print(speed)  // one line per job: archiveValue's median / Codable's, and the ratio
    print(speed.load.ratio < 1 ? "loads faster than Codable" : "loads no faster than Codable")
}

/// The article's code, in order, on the default archiver; what it printed, for the test.
public func codableBridge(response: ResponseObject) throws -> [String] {
    var printed: [String] = []
    func print(_ value: Any) { printed.append("\(value)") }

    struct Counter: Codable { var count: Int }
    print(try ArchiveDecoder().decode(Counter.self, from: ["count": "4"]).count)  // 4, as a key map reads it
    do {
        _ = try ArchiveDecoder().decode(Counter.self, from: ["count": "4x"])
    } catch {
        print(error)  // Counter.count: expected Int, found String "4x"
    }

    let restaurant = Restaurant(responseObject: ["id": "abcd-1234", "name": "Monk's Café"],
                                shouldArchive: true)
    // …/Restaurant/abcd-1234.plist holds ["id": "abcd-1234", "name": "Monk's Café"]
    print(try Restaurant.load(resourceID: restaurant?.id ?? "")?.name ?? "not stored")

    do {
        try Draft(id: "n1", text: "Soup").store()  // …/Draft/n1.plist
        let draft = try Draft.load(resourceID: "n1")
        print(draft?.text ?? "not stored")
    }

    do {
        _ = try Menu.decode(archive: ["id": "lunch", "dishes": [["name": "Soup", "price": "cheap"]]])
    } catch {
        print(error)
    }

    let pull = try PullRequest.decode(responseObject: response)  // reads "html_url", "user.avatar_url"
    print(pull.user.avatarUrl)

    let order = try Order.decode(responseObject: ["id": "o1", "total": ["amount": "12", "currency": "EUR"]])
    print("\(order.total.amount) \(order.total.currency)")  // "12" reads as an Int, as a key map reads it

    let bookmark = Bookmark(title: "Menu", link: URL(string: "https://soupman.example/menu")!)
    let report = try ArchiveComparison.compare(bookmark)
    print(report)
    // Bookmark: archiveValue and Codable (PropertyListEncoder) compared
    //   Same content: yes, 1 representational note
    //     link: URL form: archiveValue "https://soupman.example/menu", Codable {relative: "https://soupman.example/menu"}
    //   archiveValue round trip: equal
    //   Codable round trip: equal
    //   File sizes: archiveValue 97 bytes, Codable 111 bytes
    return printed
}
