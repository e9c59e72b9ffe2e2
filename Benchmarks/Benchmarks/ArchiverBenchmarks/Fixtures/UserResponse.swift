import Archiver
import Foundation
import BenchmarkTutorialData

/// The server response every way starts from: a user with some number of reviews, as JSON text and
/// as the response object `JSONSerialization` makes of it, the way an app receives it.
final class UserResponse {
    /// The number of reviews the user has written.
    let reviews: Int
    /// The response as the server sends it.
    let json: String
    /// The JSON text as the bytes a server sends.
    var jsonData: Data { Data(json.utf8) }
    /// The response as `JSONSerialization` parses it, made when first asked for, so that
    /// `fromjson` runs, which start from the text, do not hold it in memory.
    lazy var responseObject: ResponseObject = {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? ResponseObject else {
            fatalError("the JSON of a user with \(reviews) reviews is not an object")
        }
        return object
    }()

    /// The sizes measured: the tutorial's user, then users a hundred, a thousand and ten thousand times as busy.
    static let sizes = [3, 100, 1_000, 10_000]

    /// The response for a user with `reviews` reviews: the tutorial's exact text for 3, and for other
    /// sizes a user whose reviews repeat the tutorial's three with their own ids and restaurants.
    init(reviews: Int) throws {
        self.reviews = reviews
        json = reviews == 3 ? tutorialJSON : Self.json(reviews: reviews)
    }

    /// The same user under another id, for filling a folder with many users.
    func responseObject(id: String) -> ResponseObject {
        var object = responseObject
        object["id"] = id
        return object
    }

    private static let tutorialReviews: [(restaurant: String, rating: String, text: String)] = [
        ("The Original Soup Man", "4", "Good soup! One star off for forgeting the bread."),
        ("La Boîte en Bois", "4", "I've heard the risotto is very good here."),
        ("Monk's Café", "5", "Always a consistent experience. Great atmosphere."),
    ]

    private static func json(reviews count: Int) -> String {
        var reviews: [String] = []
        reviews.reserveCapacity(count)
        for index in 0..<count {
            let template = tutorialReviews[index % tutorialReviews.count]
            reviews.append("""
                {"id": "review-\(index)", \
                "restaurant": {"id": "restaurant-\(index)", "name": "\(template.restaurant) \(index)"}, \
                "star_rating": "\(template.rating)", \
                "text": "\(template.text)"}
                """)
        }
        return """
            {"id": "abcd-efgh-ijkl-mnop", "name": "George Costanza", "user_reviews": [
            \(reviews.joined(separator: ",\n"))
            ]}
            """
    }
}

/// A fixture that is not what the benchmark expects: the run stops rather than measure the wrong thing.
struct FixtureError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
