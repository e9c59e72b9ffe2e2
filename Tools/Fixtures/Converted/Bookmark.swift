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

extension Bookmark: KeyMapped, Archivable {
    public static let keyMap = KeyMap(Bookmark.init(id:title:added:note:), [
        .property(\.note, ifInvalid: .useDefault),
    ])
}
