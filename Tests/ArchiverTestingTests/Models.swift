import Archiver
import ArchiverTesting
import Foundation

/// A note with a hand-written conformance, the kind a golden is recorded from.
struct Note: Archivable, Equatable {
    static var archiver: Archiver { TemporaryArchiver.current ?? .default }

    var id: String
    var text: String
    var rating: Int
    var created: Date

    var archiveValue: Archive { ["id": id, "text": text, "rating": rating, "created": created] }

    init(id: String, text: String, rating: Int, created: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        self.id = id
        self.text = text
        self.rating = rating
        self.created = created
    }

    init?(archive: Archive) {
        guard let id = archive["id"] as? String, let text = archive["text"] as? String,
              let rating = archive["rating"] as? Int, let created = archive["created"] as? Date else { return nil }
        self.init(id: id, text: text, rating: rating, created: created)
    }

    /// Field-by-field equality: `==` is `UniquelyIdentifiable`'s, which compares ids only.
    func hasSameFields(as other: Note) -> Bool {
        id == other.id && text == other.text && rating == other.rating && created == other.created
    }
}

/// The same note with a conformance that renamed a key: a migration that would lose data.
struct RenamedNote: ArchiveRepresentable, Equatable {
    var id: String
    var body: String
    var rating: Int
    var created: Date

    var archiveValue: Archive { ["id": id, "body": body, "rating": rating, "created": created] }

    init?(archive: Archive) {
        guard let id = archive["id"] as? String else { return nil }
        self.id = id
        body = archive["body"] as? String ?? ""
        rating = archive["rating"] as? Int ?? 0
        created = archive["created"] as? Date ?? Date(timeIntervalSinceReferenceDate: 0)
    }

    init(_ note: Note) {
        id = note.id
        body = note.text
        rating = note.rating
        created = note.created
    }
}

/// A conformance that drops its date on the way back: round trips must catch it.
struct ForgetfulNote: ArchiveRepresentable, Equatable {
    var id: String
    var created: Date?

    var archiveValue: Archive {
        var archive: Archive = ["id": id]
        archive["created"] = created
        return archive
    }

    init(id: String, created: Date?) {
        self.id = id
        self.created = created
    }

    init?(archive: Archive) {
        guard let id = archive["id"] as? String else { return nil }
        self.init(id: id, created: nil)
    }
}

/// A fresh folder for goldens, removed by the caller.
func temporaryGoldenFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("ArchiverTestingTests-\(UUID().uuidString)", isDirectory: true)
}

/// A shelf whose conformance was written before `pinned` was added to its notes and never
/// updated: the archive neither holds nor reads it, so archives agree and only the values differ.
/// `==` is `UniquelyIdentifiable`'s, by id, so it cannot see the loss either.
struct Shelf: Archivable, Equatable {
    static var archiver: Archiver { TemporaryArchiver.current ?? .default }

    var id: String
    var notes: [PinnableNote]

    var archiveValue: Archive { ["id": id, "notes": notes.map(\.archiveValue)] }

    init(id: String, notes: [PinnableNote]) {
        self.id = id
        self.notes = notes
    }

    init?(archive: Archive) {
        guard let id = archive["id"] as? String, let notes = archive["notes"] as? [Archive] else { return nil }
        self.init(id: id, notes: notes.compactMap(PinnableNote.init(archive:)))
    }
}

/// A note with a property its hand-written conformance forgot, in both directions.
struct PinnableNote: ArchiveRepresentable, Equatable {
    var text: String
    var pinned: Bool

    var archiveValue: Archive { ["text": text] }

    init(text: String, pinned: Bool = false) {
        self.text = text
        self.pinned = pinned
    }

    init?(archive: Archive) {
        guard let text = archive["text"] as? String else { return nil }
        self.init(text: text)
    }
}
