import Foundation
import Archiver

/// A bookmark written both ways on purpose, to show what differs: the hand-written archive keeps
/// the URL as a string and a missing note as no key; PropertyListEncoder keeps the URL as a
/// dictionary.
struct Bookmark: Codable, Equatable {
    var title: String
    var link: URL
    var note: String?
    var saved: Date
}

extension Bookmark: ArchiveRepresentable {
    var archiveValue: Archive {
        var archive: Archive = ["title": title, "link": link.absoluteString, "saved": saved]
        archive["note"] = note
        return archive
    }

    init?(archive: Archive) {
        guard let title = archive["title"] as? String,
              let link = (archive["link"] as? String).flatMap(URL.init(string:)),
              let saved = archive["saved"] as? Date
        else { return nil }
        self.init(title: title, link: link, note: archive["note"] as? String, saved: saved)
    }
}
