// Beside the tutorial: a Codable type with an integer id, Archivable in one line through the
// Codable bridge, and stored by the same methods as the tutorial's hand-written types.
import Archiver

struct Bookmark: Codable, Identifiable, ArchiveCodable, Archivable {
    let id: Int
    let restaurantID: String
    let note: String
}
