// Instruction counts of value conversions, compiled into one module with the library's sources
// by Scripts/callgrind.sh: per iteration, the tutorial's user with 1,000 reviews (as the
// FromJSON probe makes it) decoded from its archive and archived again through its key map, then
// the same through the Codable bridge. Measures what the per-level nesting count costs a
// shallow value: 23 November 2026, 96,643,308 Ir/iteration with the count compiled out and
// 97,185,154 with it (+0.56%); 246,686,899 before, when `is NSNull` bridged nested dictionaries.
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

/// The same model through the Codable bridge alone.
struct CodableUser: Codable, ArchiveCodable { let id: String; let name: String; let reviews: [CodableReview] }
struct CodableReview: Codable { let id: String; let restaurant: CodableRestaurant; let rating: Int; let text: String }
struct CodableRestaurant: Codable { let id: String; let name: String }

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
enum ValueConversionProbe {
    static func main() throws {
        let arguments = CommandLine.arguments
        let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
        let archive = userArchive(reviews: 1_000)
        var reviews = 0
        for _ in 0..<iterations {
            let user = try ProbeUser.decode(archive: archive)
            reviews += (user.archiveValue["reviews"] as? [Any])?.count ?? 0
            let codable = try CodableUser.decode(archive: archive)
            reviews += (codable.archiveValue["reviews"] as? [Any])?.count ?? 0
        }
        guard reviews == iterations * 2_000 else { fatalError("converted \(reviews) reviews") }
    }
}
