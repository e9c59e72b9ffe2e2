import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// A failed decode names the type, the key path, what was expected and what was found; the
/// 0.6 failable API returns nil for the same input; collection helpers drop and report.
@Suite struct KeyMapDiagnosticsTests {
    /// The tutorial's response with the second review's restaurant id removed.
    private func responseWithBrokenReview() throws -> ResponseObject {
        try responseObject(#"""
            {"id": "u", "name": "George", "user_reviews": [
                {"id": "r0", "restaurant": {"id": "a", "name": "A"}, "star_rating": "4", "text": "ok"},
                {"id": "r1", "restaurant": {"name": "B"}, "star_rating": "5", "text": "ok"}
            ]}
            """#)
    }

    @Test func aMissingNestedValueIsNamedByItsKeyPath() throws {
        // The invalid review is dropped, as 0.6's serializedCollection drops it; the reason is
        // named by its key path.
        let json = try responseWithBrokenReview()
        let (user, dropped) = try ArchiveDecodingError.collectingDroppedElements { try Derived.User.decode(responseObject: json) }
        #expect(user.reviews.map(\.id) == ["r0"])
        let error = dropped.first
        #expect(dropped.count == 1)
        #expect(error?.keyPath == "User.user_reviews[1].restaurant.id")
        #expect(error?.reason == .missingValue(expected: "String"))
        #expect(error?.description == "User.user_reviews[1].restaurant.id: expected String, found nothing")
        #expect(Derived.User(responseObject: json)?.reviews.map(\.id) == ["r0"])
        #expect(FastDerived.User(responseObject: json)?.reviews.map(\.id) == ["r0"])
    }

    @Test func archivesAreNamedByTheirArchiveKeys() throws {
        var archive = try #require(Derived.User(responseObject: try tutorialLikeResponse())).archiveValue
        var reviews = try #require(archive["reviews"] as? [Archive])
        reviews[1]["restaurant"] = ["id": 42, "name": "B"]
        archive["reviews"] = reviews
        let (user, dropped) = try ArchiveDecodingError.collectingDroppedElements { try Derived.User.decode(archive: archive) }
        #expect(dropped.map(\.description) == ["User.reviews[1].restaurant.id: expected String, found number 42"])
        #expect(user.reviews.count == reviews.count - 1)
        #expect(Derived.User(archive: archive)?.reviews.count == reviews.count - 1)
    }

    @Test func aLoadByIdListsWhatItDroppedReadingTheFileInPlace() throws {
        var archive = try #require(Derived.User(responseObject: try tutorialLikeResponse())).archiveValue
        var reviews = try #require(archive["reviews"] as? [Archive])
        reviews[1]["restaurant"] = ["name": "B"]
        archive["reviews"] = reviews
        try TemporaryArchiver.with { archiver in
            let id = try #require(archive["id"] as? String)
            let url = try archiver.fileURL(for: Derived.User.self, resourceID: id)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try archive.archivedData().write(to: url)
            let (user, dropped) = try ArchiveDecodingError.collectingDroppedElements {
                try Derived.User.load(resourceID: id, in: archiver)
            }
            #expect(user?.reviews.count == reviews.count - 1)
            #expect(dropped.map(\.description) == ["User.reviews[1].restaurant.id: expected String, found nothing"])
            // Outside the call nothing is collected, and the next call starts empty.
            let (_, again) = try ArchiveDecodingError.collectingDroppedElements { try Derived.User.decode(archive: archive) }
            #expect(again.count == 1)
        }
    }

    @Test func aValueThatDoesNotConvertSaysWhatWasFound() throws {
        let json = try responseObject(#"{"id": "r", "restaurant": {"id": "a", "name": "A"}, "star_rating": "4x"}"#)
        let error = decodingError { () throws(ArchiveDecodingError) in try Derived.Review.decode(responseObject: json) }
        #expect(error?.description == #"Review.star_rating: expected Int, found String "4x""#)
    }

    @Test func nullWithoutADefaultIsAnError() throws {
        let json = try responseObject(#"{"id": null, "restaurant": {"id": "a", "name": "A"}}"#)
        let error = decodingError { () throws(ArchiveDecodingError) in try Derived.Review.decode(responseObject: json) }
        #expect(error?.description == "Review.id: expected String, found null")
    }

    @Test func collectionHelpersDropInvalidElementsAndReportWhy() throws {
        let json = try responseWithBrokenReview()
        let elements = try #require(json["user_reviews"] as? [ResponseObject])
        #expect(Derived.Review.serializedCollection(from: json, withKey: "user_reviews").map(\.id) == ["r0"])
        let result = Derived.Review.decodeCollection(responseObjects: elements)
        #expect(result.values.map(\.id) == ["r0"])
        #expect(result.failures.map(\.index) == [1])
        #expect(result.failures.first?.error.keyPath == "Review.restaurant.id")
        let archives = Derived.Review.decodeCollection(archives: result.values.map(\.archiveValue) + [["id": "x"]])
        #expect(archives.values.map(\.id) == ["r0"])
        #expect(archives.failures.map(\.description) == ["[1] Review.restaurant: expected Restaurant, found nothing"])
    }

    private func tutorialLikeResponse() throws -> ResponseObject {
        try responseObject(#"""
            {"id": "u", "user_reviews": [
                {"id": "r0", "restaurant": {"id": "a", "name": "A"}, "star_rating": "4", "text": "ok"},
                {"id": "r1", "restaurant": {"id": "b", "name": "B"}, "star_rating": "5", "text": "ok"}
            ]}
            """#)
    }
}
