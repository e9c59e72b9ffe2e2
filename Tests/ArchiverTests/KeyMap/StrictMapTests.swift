import Foundation
import Testing
@testable import Archiver

/// The tutorial's reviews in a user of another shape: an optional favourite, and a strict map.
private struct StrictUser {
    let id: String
    let reviews: [Derived.Review]
    let favorite: Derived.Review?
}

extension StrictUser: KeyMapped {
    static let keyMap = KeyMap(StrictUser.init, [.property(\.reviews, default: [])], strictCollections: true)
}

/// One setting makes every list of a map strict, at any depth: an invalid element fails the value
/// and names its key path, where a lenient map drops it as Archiver 0.6 did.
struct StrictMapTests {
    private let json = #"""
        {"id": "u", "reviews": [{"id": "r1", "restaurant": {"id": "m", "name": "Monk's"}, "star_rating": 4},
                                {"id": "r2", "restaurant": {"name": "no id"}}]}
        """#

    @Test func anInvalidElementFailsTheValueNamingItsKeyPath() throws {
        #expect {
            _ = try StrictUser.decode(json: Data(json.utf8))
        } throws: { error in
            "\(error)".contains("StrictUser.reviews[1].restaurant.id")
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(throws: ArchiveDecodingError.self) { _ = try StrictUser.decode(responseObject: object) }
    }

    @Test func theLenientMapDropsTheSameElement() throws {
        let user = try Derived.User.decode(json: Data(json.replacingOccurrences(of: "\"reviews\"", with: "\"user_reviews\"").utf8))
        #expect(user.reviews.map(\.id) == ["r1"])
    }

    @Test func validValuesDecodeAndRoundTrip() throws {
        let valid = #"{"id": "u", "reviews": [{"id": "r1", "restaurant": {"id": "m", "name": "Monk's"}, "star_rating": 4}]}"#
        let user = try StrictUser.decode(json: Data(valid.utf8))
        #expect(user.reviews.count == 1)
        #expect(try StrictUser(archivedData: try user.archivedData()).reviews.map(\.restaurant.name) == ["Monk's"])
        expectValidKeyMap(StrictUser.self)
    }
}
