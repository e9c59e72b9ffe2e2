import Archiver
import Foundation

// An Xcode 26 app target makes everything main-actor. `nonisolated` lets this model, its
// conformances and the helper its map calls run off the main actor, where background loads decode.
nonisolated struct Review: Equatable, Sendable {
    let id: Int
    let rating: Int
    let text: String
    let posted: Date
    let tags: [String]?
    let replyTo: Indirect<Review>?  // a review answering a review: recursive, so boxed
}

nonisolated extension Review: KeyMapped, Cachable {
    static let keyMap = KeyMap(Review.init(id:rating:text:posted:tags:replyTo:), [  // the memberwise one
        .property(\.rating, server: "star_rating", default: 0),  // the server sends "4"
        .property(\.text, default: ""),
        .transform(\.tags, decode: words, encode: { $0?.joined(separator: " ") }),  // nil: no key
        .property(\.replyTo, server: "in_reply_to"),
    ], dates: .millisecondsSince1970)  // every Date of the map

    /// An initializer of your own, in an extension so that Swift keeps the memberwise one.
    init(id: Int, text: String) {
        self.init(id: id, rating: 0, text: text, posted: .now, tags: nil, replyTo: nil)
    }
}

/// A helper the map calls wherever it decodes: `nonisolated`, as top-level code is main-actor.
nonisolated func words(_ value: Any) throws(ArchiveDecodingError) -> [String] {
    try String(keyMapValue: KeyMapInput(value, from: .responseObject)).split(separator: " ").map(String.init)
}

let body = #"{"id": 2, "star_rating": "4", "posted": 1574553600000, "tags": "soup lunch", "in_reply_to": {"id": 1, "posted": 1574550000000}}"#
let review = try Review.cache(json: Data(body.utf8))               // decoded, and stored as …/Review/2.plist
print(review.rating, review.tags ?? [], review.replyTo?.id ?? 0)   // 4 ["soup", "lunch"] 1
print(try await Review.loadInBackground(resourceID: 2) == review)  // true: read and decoded off the main actor
do { _ = try Review.decode(json: Data(#"{"id": "two"}"#.utf8)) } catch { print(error) }  // Review.id: expected Int, found String "two"
