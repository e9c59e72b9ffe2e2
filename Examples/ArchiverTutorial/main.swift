// Walks "Serializing & Archiving Structs in Swift with Archiver" end to end:
// JSON text → response object → User → property list on disk → User again.
import Foundation
import Archiver
import TutorialData
import TutorialModel

func section(_ title: String) {
    print("\n== \(title)")
}

do {
    section("1. Serialize the server response")
    let json = try tutorialResponseObject()
    guard let serialized = User(responseObject: json) else {
        throw ArchiverError.corruptFile(type: "User", id: "?", file: URL(fileURLWithPath: "-"), reason: "did not serialize")
    }
    print("User \(serialized.id): \(serialized.name), \(serialized.reviews.count) reviews")
    for review in serialized.reviews {
        print("  \(review.rating)★ \(review.restaurant.name): \(review.text)")
    }

    section("2. Serialize and archive in one step")
    guard let user = User(responseObject: json, shouldArchive: true) else {
        throw ArchiverError.corruptFile(type: "User", id: "?", file: URL(fileURLWithPath: "-"), reason: "did not serialize")
    }
    let fileURL = try Archiver.default.fileURL(for: User.self, resourceID: user.id)
    print("Stored at \(fileURL.path)")

    section("3. The file: a binary property list of the archive dictionary")
    let bytes = try Data(contentsOf: fileURL)
    print("\(bytes.count) bytes, starting \(String(decoding: bytes.prefix(8), as: UTF8.self).debugDescription)")
    let contents = try PropertyListSerialization.propertyList(from: bytes, format: nil)
    let xml = try PropertyListSerialization.data(fromPropertyList: contents, format: .xml, options: 0)
    print(String(decoding: xml, as: UTF8.self))

    section("4. Unarchive by id")
    guard let unarchived = User(resourceID: user.id) else {
        throw ArchiverError.corruptFile(type: "User", id: user.id, file: fileURL, reason: "did not unarchive")
    }
    let same = ArchiveComparison.haveSameContent(unarchived.archiveValue, user.archiveValue)
    print("User(resourceID: \(user.id.debugDescription)) → \(unarchived.name), \(unarchived.reviews.count) reviews")
    print("Same user, field for field: \(same ? "yes" : "NO")")

    section("5. Stored ids of User")
    print(try User.storedResourceIDs())

    section("6. The same model as key maps (the TutorialModel target): no hand-written initializers")
    let derived = try TutorialModel.User.cache(responseObject: json)
    let derivedFile = try Archiver.default.fileURL(for: TutorialModel.User.self, resourceID: derived.id)
    let derivedSame = ArchiveComparison.haveSameContent(derived.archiveValue, user.archiveValue)
    print("Stored at \(derivedFile.path)")
    print("Same archive as the hand-written conformances, key for key: \(derivedSame ? "yes" : "NO")")
    var broken = json
    broken["user_reviews"] = [["id": "1", "restaurant": ["name": "No id"], "star_rating": "5"]]
    do {
        _ = try TutorialModel.Review.decode(responseObject: (broken["user_reviews"] as? [ResponseObject])?[0] ?? [:])
    } catch {
        print("A review without a restaurant id: \(error)")
    }

    section("7. The Codable bridge: a Codable type with an Int id (CodableModel.swift)")
    let bookmark = Bookmark(id: 42, restaurantID: "abcd-1234", note: "Try the soup")
    let bookmarkURL = try bookmark.store()
    let loadedBookmark = try Bookmark.load(resourceID: 42)
    // `==` compares ids (Archivable's equality); compare the fields.
    let bookmarkSame = loadedBookmark?.restaurantID == bookmark.restaurantID && loadedBookmark?.note == bookmark.note
    print("Stored at \(bookmarkURL.path)")
    print("Loaded the same bookmark: \(bookmarkSame ? "yes" : "NO")")
    print("Stored Bookmark ids: \(try Bookmark.storedResourceIDs())")
    if !same || !derivedSame || !bookmarkSame { exit(1) }
} catch {
    print("error: \(error)")
    exit(1)
}
