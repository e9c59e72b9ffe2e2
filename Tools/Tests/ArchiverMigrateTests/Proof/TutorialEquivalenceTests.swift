import Archiver
import ArchiverTesting
import Foundation
import Testing
import TutorialData
@testable import MigrationAfterFixtures
@testable import MigrationConverted
@testable import MigrationFixtures

/// The tutorial's model run through the tool compiles (it is a target of this package), and its
/// archives are identical, key for key, to the hand-written ones and to MIGRATION.md's "After".
struct TutorialEquivalenceTests {
    @Test func theTutorialsResponseGivesTheSameArchives() throws {
        let response = try #require(try JSONSerialization.jsonObject(with: Data(tutorialJSON.utf8)) as? [String: Any])
        let before = try #require(HandWrittenUser(responseObject: response))
        let converted = try #require(ConvertedUser(responseObject: response))
        #expect(converted.reviews.count == 3)
        #expect(converted.reviews.map(\.rating) == [4, 4, 5])
        expectSameArchives(before, converted, input: "the tutorial's response")
        expectSameArchives(AfterUser(responseObject: response), converted, input: "the tutorial's response, against the After")
        try ConvertedUser.validateKeyMap()
        try ConvertedReview.validateKeyMap()
        try ConvertedRestaurant.validateKeyMap()
    }

    /// Responses as a server might send them: keys present or missing where the hand-written
    /// code has a default, any strings, ratings as strings. Every seed prints with its failure.
    @Test(arguments: 0..<200)
    func generatedResponsesGiveTheSameArchives(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let response = try responseObject(Self.user(using: &random))
        let input = "seed \(seed): \(response)"
        let before = HandWrittenUser(responseObject: response)
        let converted = ConvertedUser(responseObject: response)
        #expect(before != nil)
        expectSameArchives(before, converted, input: input)
        expectSameArchives(AfterUser(responseObject: response), converted, input: input + ", against the After")
        for review in (response["user_reviews"] as? [[String: Any]]) ?? [] {
            expectSameArchives(HandWrittenReview(responseObject: review), ConvertedReview(responseObject: review), input: input)
        }
    }

    static func user(using random: inout some RandomNumberGenerator) -> [String: Any] {
        var user: [String: Any] = ["id": random.string()]
        if random.chance(0.8) { user["name"] = random.string() }
        if random.chance(0.9) {
            user["user_reviews"] = (0..<Int.random(in: 0...4, using: &random)).map { _ in review(using: &random) }
        }
        return user
    }

    static func review(using random: inout some RandomNumberGenerator) -> [String: Any] {
        var review: [String: Any] = [
            "id": random.string(),
            "restaurant": ["id": random.string(), "name": random.string()],
        ]
        if random.chance(0.8) { review["star_rating"] = String(Int.random(in: 0...5, using: &random)) }
        if random.chance(0.8) { review["text"] = random.string() }
        return review
    }

    // MARK: What the tool's notes say

    /// The notes the tool printed for the tutorial describe real differences: each input below
    /// is one where the hand-written code and the key map disagree, as the note says.
    @Test func theNotesDescribeRealDifferences() throws {
        // Review.rating: "a String that is not an Int now fails decoding instead of giving 0".
        let review: [String: Any] = ["id": "r", "restaurant": ["id": "x", "name": "y"], "star_rating": "4x", "text": "t"]
        #expect(HandWrittenReview(responseObject: review)?.rating == 0)
        #expect(ConvertedReview(responseObject: review) == nil)

        // No note about User.reviews: a key map drops an invalid element as serializedCollection did.
        let user: [String: Any] = ["id": "u", "user_reviews": [["id": "r"]]]
        #expect(HandWrittenUser(responseObject: user)?.reviews.isEmpty == true)
        #expect(ConvertedUser(responseObject: user)?.reviews.isEmpty == true)

        // User.name: the archive reader's default "" becomes the localized "Guest".
        let archive: Archive = ["id": "u", "reviews": [Archive]()]
        #expect(HandWrittenUser(archive: archive)?.name == "")
        #expect(ConvertedUser(archive: archive)?.name == "Guest")

        // Review.id: "an empty value is no longer refused".
        let emptyID: Archive = ["id": "", "restaurant": ["id": "x", "name": "y"], "rating": 4, "text": "t"]
        #expect(HandWrittenReview(archive: emptyID) == nil)
        #expect(ConvertedReview(archive: emptyID)?.id == "")
    }
}
