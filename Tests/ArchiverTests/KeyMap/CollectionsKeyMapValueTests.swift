import Foundation
import Testing
@testable import Archiver
@testable import ArchiverTutorial
import TutorialData

/// A carte whose courses are dropped when invalid, and one whose courses must all be valid.
struct Course: Equatable { let id: Int; let name: String }
extension Course: KeyMapped { static let keyMap = KeyMap(Course.init) }

struct Carte: Equatable { let id: Int; let courses: [Course]; let prices: [Int] }
extension Carte: KeyMapped { static let keyMap = KeyMap(Carte.init, [.property(\.prices, default: [])]) }

struct StrictCarte: Equatable { let id: Int; let courses: [Course] }
extension StrictCarte: KeyMapped { static let keyMap = KeyMap(StrictCarte.init, [.property(\.courses, strict: true)]) }

/// The string-keyed spelling of the same option.
struct StrictByName: Equatable { let id: Int; let courses: [Course] }
extension StrictByName: KeyMapped { static let keyMap = KeyMap(StrictByName.init, [.property(\.courses, strict: true)]) }

// The tutorial target is built as an app is, main-actor by default, so these tests run there.
@MainActor @Suite struct CollectionsKeyMapValueTests {
    /// The tutorial's response with its second review changed by `change`.
    static func tutorialResponse(changingReview index: Int? = nil, _ change: (inout ResponseObject) -> Void = { _ in }) throws -> ResponseObject {
        var json = try tutorialResponseObject()
        guard let index else { return json }
        var reviews = try #require(json["user_reviews"] as? [ResponseObject])
        change(&reviews[index])
        json["user_reviews"] = reviews
        return json
    }

    static func responses() throws -> [(String, ResponseObject)] {
        var allBad = try tutorialResponseObject()
        allBad["user_reviews"] = [["id": "1"], ["restaurant": ["id": "r", "name": "n"]]]
        var noReviews = try tutorialResponseObject()
        noReviews["user_reviews"] = nil
        return [
            ("the tutorial's", try tutorialResponse()),
            ("a restaurant without an id", try tutorialResponse(changingReview: 1) { $0["restaurant"] = ["name": "No id"] }),
            ("a review without an id", try tutorialResponse(changingReview: 0) { $0["id"] = nil }),
            ("a review whose restaurant is text", try tutorialResponse(changingReview: 2) { $0["restaurant"] = "Monk's" }),
            ("only invalid reviews", allBad),
            ("no reviews", noReviews),
        ]
    }

    @Test func derivedAndHandWrittenTutorialUsersAreEqualOnEveryResponse() throws {
        for (name, json) in try Self.responses() {
            let handWritten = try #require(User(responseObject: json), "\(name)")
            let derived = try #require(Derived.User(responseObject: json), "\(name)")
            let thrown = try Derived.User.decode(responseObject: json)
            #expect(sameArchive(derived.archiveValue, handWritten.archiveValue), "\(name)")
            #expect(sameArchive(thrown.archiveValue, handWritten.archiveValue), "\(name)")
            // And back from the archive, where 0.6 drops invalid elements too.
            var archive = handWritten.archiveValue
            if var reviews = archive["reviews"] as? [Archive], !reviews.isEmpty {
                reviews.append(["id": "broken"])
                archive["reviews"] = reviews
            }
            let fromArchive = try #require(Derived.User(archive: archive), "\(name)")
            let handFromArchive = try #require(User(archive: archive), "\(name)")
            #expect(sameArchive(fromArchive.archiveValue, handFromArchive.archiveValue), "\(name)")
        }
    }

    @Test func theBadReviewIsDroppedAndTheOthersKept() throws {
        let json = try Self.tutorialResponse(changingReview: 1) { $0["restaurant"] = ["name": "No id"] }
        let user = try #require(Derived.User(responseObject: json))
        #expect(user.reviews.map(\.id) == ["123-456", "345-678"])
    }

    @Test func theReasonsForDroppedElementsCarryTheirKeyPaths() throws {
        let json = try Self.tutorialResponse(changingReview: 1) { $0["restaurant"] = ["name": "No id"] }
        let (user, dropped) = try ArchiveDecodingError.collectingDroppedElements { try Derived.User.decode(responseObject: json) }
        #expect(user.reviews.count == 2)
        #expect(dropped.map(\.description) == ["User.user_reviews[1].restaurant.id: expected String, found nothing"])

        let tutorial = try tutorialResponseObject()
        let (_, none) = try ArchiveDecodingError.collectingDroppedElements { try Derived.User.decode(responseObject: tutorial) }
        #expect(none.isEmpty)
    }

    @Test func droppedElementsInsideADroppedElementAreReportedAtTheirOwnPaths() throws {
        let (menu, dropped) = try ArchiveDecodingError.collectingDroppedElements {
            try Carte.decode(archive: ["id": 1, "courses": [["id": 1, "name": "Soup"], ["id": "x"], ["name": "Bread"]]])
        }
        #expect(menu.courses == [Course(id: 1, name: "Soup")])
        #expect(dropped.map(\.keyPath) == ["Carte.courses[1].id", "Carte.courses[2].id"])
    }

    @Test func aStrictEntryFailsTheValueWithTheElementsKeyPath() {
        let json: ResponseObject = ["id": 1, "courses": [["id": 1, "name": "Soup"], ["id": 2]]]
        for error in [
            decodingError { () throws(ArchiveDecodingError) in try StrictCarte.decode(responseObject: json) },
            decodingError { () throws(ArchiveDecodingError) in try StrictByName.decode(responseObject: json) },
        ] {
            #expect(error?.keyPath.hasSuffix(".courses[1].name") == true)
            #expect(error?.reason == .missingValue(expected: "String"))
        }
        #expect(StrictCarte(responseObject: json) == nil)
        #expect(Carte(responseObject: json)?.courses == [Course(id: 1, name: "Soup")])
    }

    @Test func arraysOfScalarsStillFailOnAnInvalidElement() {
        let error = decodingError { () throws(ArchiveDecodingError) in
            try Carte.decode(responseObject: ["id": 1, "courses": [], "prices": [1, "x", 3]])
        }
        #expect(error?.description == #"Carte.prices[1]: expected Int, found String "x""#)
    }
}
