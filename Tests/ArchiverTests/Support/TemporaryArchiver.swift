import Foundation
@testable import Archiver

/// An archiver on a fresh temporary folder, bound for the duration of a test so that test types
/// whose `archiver` reads ``TemporaryArchiver/current`` store there and nowhere else.
enum TemporaryArchiver {
    @TaskLocal static var current = Archiver(archiveDirectoryURL: nil)

    /// Runs `body` with a new archiver on a temporary folder, then deletes the folder.
    static func with(_ body: (Archiver) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ArchiverTests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let archiver = Archiver(archiveDirectoryURL: directory)
        try await $current.withValue(archiver) {
            try await body(archiver)
        }
    }
}

/// A small archivable value stored through ``TemporaryArchiver/current``.
struct Note: Archivable, Cachable, Hashable {
    static var archiver: Archiver { TemporaryArchiver.current }

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
