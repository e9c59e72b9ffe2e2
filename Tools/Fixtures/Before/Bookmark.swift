// A hand-written conformance, as Archiver 0.6 users wrote them, that MIGRATION.md moves to
// Codable through the bridge. MIGRATION.md quotes this file; a test keeps the two identical.
import Archiver
import Foundation

public struct Bookmark {
    public let id: String
    public let title: String
    public let added: Date
    public let note: String?

    public init(id: String, title: String, added: Date, note: String?) {
        self.id = id
        self.title = title
        self.added = added
        self.note = note
    }
}

extension Bookmark: Archivable {
    public var archiveValue: Archive {
        var archive: Archive = ["id": id, "title": title, "added": added]
        archive["note"] = note
        return archive
    }

    public init?(archive: Archive) {
        guard let id = archive["id"] as? String,
              let title = archive["title"] as? String,
              let added = archive["added"] as? Date else { return nil }
        self.init(id: id, title: title, added: added, note: archive["note"] as? String)
    }
}
