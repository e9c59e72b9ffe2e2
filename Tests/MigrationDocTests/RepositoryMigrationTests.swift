import Archiver
import Foundation
import MigrationAfter
import Testing

/// MIGRATION.md, from Archiver 0.6, step 6: an id declared as the server's `Int` names the same
/// file that the `String` id "1296269" named, and reads the archive written then.
@Suite(.serialized)
struct RepositoryMigrationTests {
    @Test func anIntIdReadsTheFileWrittenUnderItsStringText() throws {
        try Repository.delete(resourceID: 1296269)
        defer { try? Repository.delete(resourceID: 1296269) }
        let file = try Archiver.default.fileURL(for: Repository.self, resourceID: 1296269)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let written: [String: Any] = ["id": "1296269", "fullName": "octocat/Hello-World"]
        try PropertyListSerialization.data(fromPropertyList: written, format: .binary, options: 0).write(to: file)

        let repository = try Repository.load(resourceID: 1296269)  // reads …/Repository/1296269.plist
        let ids = try Repository.storedResourceIDs()               // [1296269], as Ints
        #expect(file.lastPathComponent == "1296269.plist")
        #expect(repository?.id == 1296269)
        #expect(repository?.fullName == "octocat/Hello-World")
        #expect(ids.contains(1296269))
    }

    @Test func theServersIntIdDecodesWithoutAConversion() throws {
        let repository = try Repository.decode(responseObject: ["id": 1296269, "full_name": "octocat/Hello-World"])
        #expect(repository.id == 1296269)
        #expect(repository.archiveValue["id"] as? Int == 1296269)
    }
}
