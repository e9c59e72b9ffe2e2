// Instruction counts of decode(json:), compiled into one module with the library's sources by
// Scripts/callgrind.sh: the tutorial's user with 1,000 reviews (as Benchmarks' UserResponse
// makes it), decoded a fixed number of times. `PROBE_REVIEWS=3` decodes the benchmark's small
// user instead, whose count is mostly the fixed cost of a call:
//
//     PROBE_REVIEWS=3 Scripts/callgrind.sh FromJSON 200
import Foundation

func userJSON(reviews count: Int) -> Data {
    let templates = [
        ("The Original Soup Man", "4", "Good soup! One star off for forgeting the bread."),
        ("La Boîte en Bois", "4", "I've heard the risotto is very good here."),
        ("Monk's Café", "5", "Always a consistent experience. Great atmosphere."),
    ]
    let reviews = (0..<count).map { index in
        let (restaurant, rating, text) = templates[index % 3]
        return #"{"id": "review-\#(index)", "restaurant": {"id": "restaurant-\#(index)", "name": "\#(restaurant) \#(index)"}, "star_rating": "\#(rating)", "text": "\#(text)"}"#
    }
    return Data((#"{"id": "abcd-efgh-ijkl-mnop", "name": "George Costanza", "user_reviews": ["# + "\n" + reviews.joined(separator: ",\n") + "\n]}").utf8)
}

@main
enum FromJSONProbe {
    static func main() throws {
        let arguments = CommandLine.arguments
        let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
        let count = ProcessInfo.processInfo.environment["PROBE_REVIEWS"].flatMap { Int($0) } ?? 1_000
        let json = userJSON(reviews: count)
        var reviews = 0
        for _ in 0..<iterations {
            reviews += try ProbeUser.decode(json: json).reviews.count
        }
        guard reviews == iterations * count else { fatalError("decoded \(reviews) reviews") }
    }
}
