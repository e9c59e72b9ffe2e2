import Archiver
import ArchiverTesting
import Foundation
import Testing
import ToolsTutorialData
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

    // MARK: The archive side, and the rules of one door

    static var restaurant: [String: Any] { ["id": "x", "name": "y"] }

    /// The tutorial's edge cases: an archive without a name reads "" where a response without
    /// one reads "Guest"; an archive whose review id is empty (or missing) is no review, where a
    /// response with an empty id is one. The converted model, MIGRATION.md's After and the
    /// hand-written one agree on each.
    @Test func theArchiveSideEdgeCasesAreTheHandWrittenOnes() throws {
        let archive: Archive = ["id": "u", "reviews": [Archive]()]
        #expect(HandWrittenUser(archive: archive)?.name == "")
        #expect(ConvertedUser(archive: archive)?.name == "")
        #expect(AfterUser(archive: archive)?.name == "")
        #expect(try ConvertedUser.decode(archive: archive).name == "")

        let response = try responseObject(["id": "u"])
        #expect(HandWrittenUser(responseObject: response)?.name == "Guest")
        #expect(ConvertedUser(responseObject: response)?.name == "Guest")
        #expect(AfterUser(responseObject: response)?.name == "Guest")
        #expect(try ConvertedUser.decode(json: Data(#"{"id": "u"}"#.utf8)).name == "Guest")

        for id in ["", nil] as [String?] {
            var review: Archive = ["restaurant": Self.restaurant, "rating": 4, "text": "t"]
            review["id"] = id
            #expect(HandWrittenReview(archive: review) == nil)
            #expect(ConvertedReview(archive: review) == nil)
            #expect(AfterReview(archive: review) == nil)
            // A user's archive drops such a review, as unarchivedCollection did.
            let user: Archive = ["id": "u", "name": "n", "reviews": [review, ["id": "r2", "restaurant": Self.restaurant, "rating": 5, "text": "t"]]]
            #expect(HandWrittenUser(archive: user)?.reviews.map(\.id) == ["r2"])
            #expect(ConvertedUser(archive: user)?.reviews.map(\.id) == ["r2"])
        }
        // The throwing door says which type refused the archive, and why.
        let emptyID: Archive = ["id": "", "restaurant": Self.restaurant, "rating": 4, "text": "t"]
        #expect {
            try ConvertedReview.decode(archive: emptyID)
        } throws: { error in
            String(describing: error).contains("Review") && String(describing: error).contains("an archive whose id is empty is not a Review")
        }

        // A value of another type gets the default, as `as? String ?? …` gave it, through each
        // door; a rating that is no number reads as 0.
        let mistyped = try responseObject(["id": "u", "name": 5, "user_reviews": "none"])
        #expect(HandWrittenUser(responseObject: mistyped).map { [$0.name, "\($0.reviews.count)"] } == ["Guest", "0"])
        #expect(ConvertedUser(responseObject: mistyped).map { [$0.name, "\($0.reviews.count)"] } == ["Guest", "0"])
        #expect(HandWrittenUser(archive: ["id": "u", "name": 5])?.name == "")
        #expect(ConvertedUser(archive: ["id": "u", "name": 5])?.name == "")
        let badRating = try responseObject(["id": "r", "restaurant": Self.restaurant, "star_rating": "4x", "text": 7])
        #expect(HandWrittenReview(responseObject: badRating).map { "\($0.rating) \($0.text)" } == "0 ")
        #expect(ConvertedReview(responseObject: badRating).map { "\($0.rating) \($0.text)" } == "0 ")

        // The response side is the original's: an empty id is a review, a missing one is not.
        let emptyResponse = try responseObject(["id": "", "restaurant": Self.restaurant, "star_rating": "4", "text": "t"])
        #expect(HandWrittenReview(responseObject: emptyResponse)?.id == "")
        #expect(ConvertedReview(responseObject: emptyResponse)?.id == "")
        #expect(try ConvertedReview.decode(json: Data(#"{"id": "", "restaurant": {"id": "x", "name": "y"}}"#.utf8)).id == "")
        let noID = try responseObject(["restaurant": Self.restaurant, "star_rating": "4", "text": "t"])
        #expect(HandWrittenReview(responseObject: noID) == nil)
        #expect(ConvertedReview(responseObject: noID) == nil)
    }

    /// Archives as an app's disk might hold them, written by older versions: keys missing
    /// where the hand-written reader has a default, ids empty or missing. The converted model
    /// reads each as the hand-written one does. Every seed prints with its failure.
    @Test(arguments: 0..<200)
    func generatedArchivesReadAsTheHandWrittenOnes(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var user: Archive = [:]
        if random.chance(0.9) { user["id"] = random.chance(0.2) ? "" : random.string() }
        if random.chance(0.6) { user["name"] = random.chance(0.2) ? "" : random.string() }
        if random.chance(0.8) {
            user["reviews"] = (0..<Int.random(in: 0...4, using: &random)).map { _ -> Archive in
                var review: Archive = [:]
                if random.chance(0.8) { review["id"] = random.chance(0.3) ? "" : random.string() }
                if random.chance(0.9) { review["restaurant"] = ["id": random.string(), "name": random.string()] }
                if random.chance(0.7) { review["rating"] = Int.random(in: 0...5, using: &random) }
                if random.chance(0.7) { review["text"] = random.string() }
                return review
            }
        }
        let input = "seed \(seed): \(user)"
        let before = HandWrittenUser(archive: user)
        expectSameArchives(before, ConvertedUser(archive: user), input: input)
        expectSameArchives(before, AfterUser(archive: user), input: input + ", against the After")
        for review in (user["reviews"] as? [Archive]) ?? [] {
            expectSameArchives(HandWrittenReview(archive: review), ConvertedReview(archive: review), input: input)
        }
    }

    // MARK: What the tool's notes say

    /// The notes the tool printed for the tutorial describe real differences: on the inputs
    /// below the hand-written code and the key map disagree, as the notes say.
    @Test func theNotesDescribeRealDifferences() throws {
        // Review.rating: "a number now reads as an Int where the hand-written code gave 0".
        let review = try responseObject(["id": "r", "restaurant": Self.restaurant, "star_rating": 4, "text": "t"])
        #expect(HandWrittenReview(responseObject: review)?.rating == 0)
        #expect(ConvertedReview(responseObject: review)?.rating == 4)

        // A key map drops an invalid element as serializedCollection did…
        let user: [String: Any] = ["id": "u", "user_reviews": [["id": "r"]]]
        #expect(HandWrittenUser(responseObject: user)?.reviews.isEmpty == true)
        #expect(ConvertedUser(responseObject: user)?.reviews.isEmpty == true)

        // …but User.reviews: "an array that holds something other than an object now keeps its
        // valid elements, where serializedCollection and unarchivedCollection gave []".
        let valid: [String: Any] = ["id": "r", "restaurant": Self.restaurant, "star_rating": "4", "text": "t"]
        let mixed = try responseObject(["id": "u", "user_reviews": [1, valid]])
        #expect(HandWrittenUser(responseObject: mixed)?.reviews.count == 0)
        #expect(ConvertedUser(responseObject: mixed)?.reviews.count == 1)
        let archive: Archive = ["id": "u", "name": "n", "reviews": [1, ["id": "r", "restaurant": Self.restaurant, "rating": 4, "text": "t"]] as [Any]]
        #expect(HandWrittenUser(archive: archive)?.reviews.count == 0)
        #expect(ConvertedUser(archive: archive)?.reviews.count == 1)
    }
}
