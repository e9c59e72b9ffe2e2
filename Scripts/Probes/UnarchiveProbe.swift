// Instruction counts of decode(archive:) of the key-mapped 1,000-review user, compiled into one
// module with the library's sources by Scripts/callgrind.sh. Built instead as a module importing
// the library (as the benchmarks are), it showed why `unarchive.derived` had become 10-25% slower
// than at the milestone's start while instructions rose only 3-7%: a task-local read per value
// (fixed in 7fd3637). 23 November 2026, two modules: 7,714,675 Ir at cb178eb, 8,221,732 before the fix.
import Foundation

struct ProbeRestaurant: Codable { let id: String; let name: String }
struct ProbeReview: Codable { let id: String; let restaurant: ProbeRestaurant; let rating: Int; let text: String }
struct ProbeUser: Codable { let id: String; let name: String; let reviews: [ProbeReview] }

extension ProbeRestaurant: KeyMapped { static let keyMap = KeyMap(ProbeRestaurant.init, reading: \.id, \.name) }
extension ProbeReview: KeyMapped {
    static let keyMap = KeyMap(ProbeReview.init, [
        "rating": .init(server: "star_rating", default: 0),
        "text": .init(default: ""),
    ], reading: \.id, \.restaurant, \.rating, \.text)
}
extension ProbeUser: KeyMapped {
    static let keyMap = KeyMap(ProbeUser.init, [
        "name": .init(default: "Guest"),
        "reviews": .init(server: "user_reviews", default: []),
    ], reading: \.id, \.name, \.reviews)
}

func userArchive(reviews count: Int) -> Archive {
    let templates = [
        ("The Original Soup Man", 4, "Good soup! One star off for forgeting the bread."),
        ("La Boîte en Bois", 4, "I've heard the risotto is very good here."),
        ("Monk's Café", 5, "Always a consistent experience. Great atmosphere."),
    ]
    let reviews: [Archive] = (0..<count).map { index in
        let (restaurant, rating, text) = templates[index % 3]
        return ["id": "review-\(index)", "restaurant": ["id": "restaurant-\(index)", "name": "\(restaurant) \(index)"],
                "rating": rating, "text": text]
    }
    return ["id": "abcd-efgh-ijkl-mnop", "name": "George Costanza", "reviews": reviews]
}

@main
enum UnarchiveProbe {
    static func main() throws {
        let arguments = CommandLine.arguments
        let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
        let archive = try ProbeUser.decode(archive: userArchive(reviews: 1_000)).archiveValue
        var reviews = 0
        for _ in 0..<iterations {
            let user = try ProbeUser.decode(archive: archive)
            reviews += user.reviews.count
        }
        guard reviews == iterations * 1_000 else { fatalError("converted \(reviews) reviews") }
    }
}
