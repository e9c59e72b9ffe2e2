import Foundation
@testable import Archiver
import ArchiverTesting

/// The archiver test types store through: the one `TemporaryArchiver.with` (from the
/// ArchiverTesting product) binds for the running test, or, outside one, an archiver with no
/// folder, so that a test that forgot to bind one fails instead of writing to the user's caches.
var testArchiver: Archiver { TemporaryArchiver.current ?? unboundArchiver }

private let unboundArchiver = Archiver(archiveDirectoryURL: nil)

/// Runs `body` with an archiver on a new temporary folder that carries `hooks` (what
/// `TemporaryArchiver.with` does for an archiver an app could make), bound as
/// `TemporaryArchiver.current` for the test types; the folder is deleted afterwards.
@discardableResult
func withHookedArchiver<Result>(_ hooks: TestHooks = TestHooks(), _ body: (Archiver) throws -> Result) rethrows -> Result {
    let temporary = TemporaryArchiver()
    defer { temporary.removeDirectory() }
    let archiver = Archiver(archiveDirectoryURL: temporary.directoryURL, testHooks: hooks)
    return try TemporaryArchiver.$current.withValue(archiver) { try body(archiver) }
}

/// ``withHookedArchiver(_:_:)`` for an async body.
@discardableResult
func withHookedArchiver<Result>(_ hooks: TestHooks = TestHooks(), _ body: (Archiver) async throws -> Result) async rethrows -> Result {
    let temporary = TemporaryArchiver()
    defer { temporary.removeDirectory() }
    let archiver = Archiver(archiveDirectoryURL: temporary.directoryURL, testHooks: hooks)
    return try await TemporaryArchiver.$current.withValue(archiver) { try await body(archiver) }
}

/// A small archivable value stored through ``testArchiver``.
struct Note: Archivable, Cachable, Hashable {
    static var archiver: Archiver { testArchiver }

    let id: String
    let text: String
    let revision: Int

    init(id: String, text: String, revision: Int = 0) {
        self.id = id
        self.text = text
        self.revision = revision
    }

    var archiveValue: Archive { ["id": id, "text": text, "revision": revision] }

    init?(archive: Archive) {
        guard let id = archive["id"] as? String, let text = archive["text"] as? String,
              let revision = archive["revision"] as? Int else { return nil }
        self.init(id: id, text: text, revision: revision)
    }

    init?(responseObject: ResponseObject) {
        self.init(archive: responseObject)
    }

    static func == (lhs: Note, rhs: Note) -> Bool {
        lhs.id == rhs.id && lhs.text == rhs.text && lhs.revision == rhs.revision
    }
}

/// Files under `directory`, recursively, as paths relative to it.
func filesBelow(_ directory: URL) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
    var files: [String] = []
    while let path = enumerator.nextObject() as? String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory),
           !isDirectory.boolValue {
            files.append(path)
        }
    }
    return files.sorted()
}
