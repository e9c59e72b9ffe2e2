import Foundation
import Testing
@testable import Archiver
@testable import ArchiverTutorial
import TutorialData

/// The tutorial's model, with its conformances exactly as the tutorial wrote them, through the
/// default archiver. These tests move the default archiver's root, so they run one at a time.
// The tutorial target is built as an app is, main-actor by default, so its tests run there.
@MainActor @Suite(.serialized)
struct TutorialTests {
    /// Points the default archiver at a temporary root for the duration of `body`.
    private func withDefaultArchiverRoot(_ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ArchiverTutorialTests-\(UUID().uuidString)")
        let savedRoot = Archiver.rootDirectoryURL
        let savedName = Archiver.archiveDirectoryName
        Archiver.rootDirectoryURL = root
        defer {
            Archiver.rootDirectoryURL = savedRoot
            Archiver.archiveDirectoryName = savedName
            try? FileManager.default.removeItem(at: root)
        }
        try body(root)
    }

    @Test func serializesTheTutorialResponse() throws {
        let user = try #require(User(responseObject: try tutorialResponseObject()))
        #expect(user.id == "abcd-efgh-ijkl-mnop")
        #expect(user.name == "George Costanza")
        #expect(user.reviews.map(\.id) == ["123-456", "789-012", "345-678"])
        #expect(user.reviews.map(\.rating) == [4, 4, 5])
        #expect(user.reviews[1].restaurant.name == "La Boîte en Bois")
    }

    @Test func cachesAndUnarchivesTheUserAtTheDocumentedPath() throws {
        try withDefaultArchiverRoot { root in
            let user = try #require(User(responseObject: try tutorialResponseObject(), shouldArchive: true))
            let expected = root.appendingPathComponent(Archiver.archiveDirectoryName)
                .appendingPathComponent("User").appendingPathComponent("abcd-efgh-ijkl-mnop.plist")
            #expect(FileManager.default.fileExists(atPath: expected.path))
            #expect(try Archiver.default.fileURL(for: User.self, resourceID: user.id).path == expected.path)

            let unarchived = try #require(User(resourceID: "abcd-efgh-ijkl-mnop"))
            #expect(unarchived.archiveValue.sameContent(as: user.archiveValue))
            #expect(unarchived.reviews.map(\.rating) == [4, 4, 5])
            #expect(unarchived.reviews[2].restaurant.name == "Monk's Café")
        }
    }

    @Test func storesTheArchiveDictionaryAsAPlainBinaryPropertyList() throws {
        try withDefaultArchiverRoot { _ in
            let user = try #require(User(responseObject: try tutorialResponseObject(), shouldArchive: true))
            let url = try Archiver.default.fileURL(for: User.self, resourceID: user.id)
            let bytes = try Data(contentsOf: url)
            #expect(bytes.starts(with: Array("bplist00".utf8)))
            var format = PropertyListSerialization.PropertyListFormat.xml
            let contents = try PropertyListSerialization.propertyList(from: bytes, format: &format)
            #expect(format == .binary)
            #expect(try #require(contents as? Archive).sameContent(as: user.archiveValue))
        }
    }

    @Test func pythonPlistlibReadsTheFile() throws {
        guard let python = pythonExecutable() else {
            Issue.record("python3 is not installed; plistlib interoperability was not checked")
            return
        }
        try withDefaultArchiverRoot { _ in
            let user = try #require(User(responseObject: try tutorialResponseObject(), shouldArchive: true))
            let url = try Archiver.default.fileURL(for: User.self, resourceID: user.id)
            let script = "import plistlib,sys; d=plistlib.load(open(sys.argv[1],'rb')); print(d['name'], d['reviews'][2]['rating'], d['reviews'][1]['restaurant']['name'])"
            let output = try run(python, ["-c", script, url.path])
            #expect(output == "George Costanza 5 La Boîte en Bois\n")
        }
    }

    @Test func archiveLocationFollowsRootAndDirectoryName() throws {
        try withDefaultArchiverRoot { root in
            #expect(Archiver.default.archiveDirectoryURL?.path == root.appendingPathComponent(Archiver.archiveDirectoryName).path)
            Archiver.archiveDirectoryName = "com.CustomName.archives"
            #expect(Archiver.default.archiveDirectoryURL?.lastPathComponent == "com.CustomName.archives")
            let user = try #require(User(responseObject: try tutorialResponseObject(), shouldArchive: true))
            let path = root.appendingPathComponent("com.CustomName.archives/User/\(user.id).plist").path
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func defaultArchiveDirectoryNameUsesTheExecutableWhenThereIsNoBundleName() {
        let executable = Bundle.main.executableURL?.lastPathComponent ?? ProcessInfo.processInfo.processName
        let bundleName = Bundle.main.infoDictionary?["CFBundleName"] as? String
        let name = bundleName.flatMap { $0.isEmpty ? nil : $0 } ?? executable
        #expect(Archiver.defaultDirectoryName.hasPrefix("com."))
        #expect(Archiver.defaultDirectoryName.hasSuffix(".archives"))
        #expect(Archiver.defaultDirectoryName == ArchiveFileName.component(for: "com.\(name).archives"))
        #expect(Archiver.defaultDirectoryURL?.deletingLastPathComponent().standardizedFileURL
            == FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?.standardizedFileURL)
    }

    @Test func clearAllDeletesEveryArchive() throws {
        try withDefaultArchiverRoot { _ in
            let user = try #require(User(responseObject: try tutorialResponseObject(), shouldArchive: true))
            #expect(User(resourceID: user.id) != nil)
            Archiver.default.clearAll()
            #expect(User(resourceID: user.id) == nil)
            #expect(try User.storedResourceIDs().isEmpty)
        }
    }

    @Test func deleteArchiveRemovesOnlyThatUser() throws {
        try withDefaultArchiverRoot { _ in
            var json = try tutorialResponseObject()
            let first = try #require(User(responseObject: json, shouldArchive: true))
            json["id"] = "second"
            let second = try #require(User(responseObject: json, shouldArchive: true))
            first.deleteArchive()
            #expect(User(resourceID: first.id) == nil)
            #expect(User(resourceID: second.id)?.archiveValue.sameContent(as: second.archiveValue) == true)  // `==` compares ids only
            #expect(User.unarchivedCollection(withIdentifiers: [first.id, second.id]).map(\.id) == ["second"])
        }
    }

    @Test func invalidReviewsAreDroppedAsTheTutorialDescribes() throws {
        var json = try tutorialResponseObject()
        var reviews = try #require(json["user_reviews"] as? [ResponseObject])
        reviews[0]["restaurant"] = nil
        reviews[2]["id"] = 42
        json["user_reviews"] = reviews
        json["name"] = nil
        let user = try #require(User(responseObject: json))
        #expect(user.reviews.map(\.id) == ["789-012"])
        #expect(user.name == "Guest")

        let result = Review.decodeCollection(responseObjects: reviews)
        #expect(result.values.map(\.id) == ["789-012"])
        #expect(result.failures.map(\.index) == [0, 2])
        #expect(result.failures.first?.error.reason == .rejected(initializer: "init?(responseObject:)"))
        #expect(result.failures.first?.description == "[0] Review: init?(responseObject:) returned nil")
    }
}

func pythonExecutable() -> String? {
    ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
}
