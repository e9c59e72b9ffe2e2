// Beside the tutorial: a Codable type with an integer id, stored through the Codable bridge
// (what PropertyListEncoder writes, in the same folders under the same file names).
import Archiver

struct Bookmark: Codable, Identifiable, Equatable {
    let id: Int
    let restaurantID: String
    let note: String
}
