import Foundation
import Testing
@testable import Archiver
@testable import ArchiverTutorial
import ArchiverTesting
import TutorialData

/// The tutorial's hand-written `User`, whose module name the test macros cannot take.
typealias HandWrittenUser = ArchiverTutorial.User

/// The tutorial's model in key-map form behaves as the hand-written one, field for field.
// The tutorial target is built as an app is, main-actor by default, so its tests run there.
@MainActor @Suite struct TutorialKeyMapTests {
    @Test func archiveComparisonSeesADifferenceAtAnyDepth() {
        let archive: Archive = ["id": "a", "reviews": [["rating": 4, "restaurant": ["name": "x"]]]]
        #expect(sameArchive(archive, ["id": "a", "reviews": [["rating": 4, "restaurant": ["name": "x"]]]]))
        #expect(!sameArchive(archive, ["id": "a", "reviews": [["rating": 4, "restaurant": ["name": "y"]]]]))
        #expect(!sameArchive(archive, ["id": "a", "reviews": [["rating": 5, "restaurant": ["name": "x"]]]]))
        #expect(!sameArchive(archive, ["id": "a", "reviews": [["rating": true, "restaurant": ["name": "x"]]]]))
        #expect(!sameArchive(archive, ["id": "a"]))
    }

    @Test func derivedMapsOfTheTutorialModelAreValid() {
        expectValidKeyMap(Derived.Restaurant.self)
        expectValidKeyMap(Derived.Review.self)
        expectValidKeyMap(Derived.User.self)
        expectValidKeyMap(FastDerived.User.self)
    }

    @Test func serializesTheTutorialResponseLikeTheHandWrittenModel() throws {
        let json = try tutorialResponseObject()
        let handWritten = try #require(HandWrittenUser(responseObject: json))
        let derived = try #require(Derived.User(responseObject: json))
        let fast = try #require(FastDerived.User(responseObject: json))

        #expect(derived.id == handWritten.id)
        #expect(derived.name == handWritten.name)
        #expect(derived.reviews.map(\.rating) == handWritten.reviews.map(\.rating))
        #expect(derived.reviews.map(\.restaurant.name) == handWritten.reviews.map(\.restaurant.name))
        #expect(sameArchive(derived.archiveValue, handWritten.archiveValue))
        #expect(sameArchive(fast.archiveValue, handWritten.archiveValue))
    }

    @Test func archivesKeyForKeyLikeTheHandWrittenModel() throws {
        let handWritten = try #require(HandWrittenUser(responseObject: try tutorialResponseObject())).archiveValue
        let derived = try #require(Derived.User(responseObject: try tutorialResponseObject())).archiveValue
        #expect(Set(derived.keys) == Set(handWritten.keys))
        for key in handWritten.keys {
            #expect(samePropertyListValue(derived[key] as Any, handWritten[key] as Any), "\(key)")
        }
        let derivedReviews = try #require(derived["reviews"] as? [Archive])
        let handWrittenReviews = try #require(handWritten["reviews"] as? [Archive])
        #expect(derivedReviews.count == 3)
        for (lhs, rhs) in zip(derivedReviews, handWrittenReviews) {
            #expect(Set(lhs.keys) == Set(rhs.keys))
            #expect(sameArchive(lhs, rhs))
        }
    }

    @Test func eachFormReadsTheOthersArchive() throws {
        let archive = try #require(HandWrittenUser(responseObject: try tutorialResponseObject())).archiveValue
        let derived = try #require(Derived.User(archive: try throughPropertyList(archive)))
        let handWritten = try #require(HandWrittenUser(archive: try throughPropertyList(derived.archiveValue)))
        #expect(sameArchive(handWritten.archiveValue, archive))
        #expect(sameArchive(derived.archiveValue, archive))
    }

    @Test func storesAndLoadsByIDInOneStepLikeTheTutorial() throws {
        try TemporaryArchiver.with { _ in
            let json = try tutorialResponseObject()
            let stored = try #require(Derived.User(responseObject: json, shouldArchive: true))
            let loaded = try #require(Derived.User(resourceID: "abcd-efgh-ijkl-mnop"))
            #expect(sameArchive(loaded.archiveValue, stored.archiveValue))
            #expect(loaded.reviews.map(\.text) == stored.reviews.map(\.text))
            let handWritten = try #require(HandWrittenUser(responseObject: json))
            #expect(sameArchive(loaded.archiveValue, handWritten.archiveValue))
        }
    }

    @Test func fallsBackToTheDefaultsTheTutorialUses() throws {
        let json = try responseObject(#"{"id": "u1", "user_reviews": [{"id": "r1", "restaurant": {"id": "x", "name": "Y"}}]}"#)
        let handWritten = try #require(HandWrittenUser(responseObject: json))
        let derived = try #require(Derived.User(responseObject: json))
        #expect(derived.name == "Guest")
        #expect(derived.reviews.first?.rating == 0)
        #expect(derived.reviews.first?.text == "")
        #expect(sameArchive(derived.archiveValue, handWritten.archiveValue))
    }

    @Test func rejectsWhatTheHandWrittenModelRejects() throws {
        let noID = try responseObject(#"{"name": "George"}"#)
        #expect(HandWrittenUser(responseObject: noID) == nil)
        #expect(Derived.User(responseObject: noID) == nil)
        #expect(FastDerived.User(responseObject: noID) == nil)
    }
}
