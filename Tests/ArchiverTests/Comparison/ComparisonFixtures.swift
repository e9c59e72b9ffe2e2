import Foundation
@testable import Archiver

/// Differs on purpose: the archive holds the URL's string, PropertyListEncoder a dictionary.
struct Place: Codable, Equatable, ArchiveRepresentable {
    var name: String
    var site: URL

    var archiveValue: Archive { ["name": name, "site": site.absoluteString] }

    init(name: String, site: URL) {
        self.name = name
        self.site = site
    }

    init?(archive: Archive) {
        guard let name = archive["name"] as? String, let site = (archive["site"] as? String).flatMap(URL.init(string:)) else { return nil }
        self.init(name: name, site: site)
    }
}

/// Loses on purpose: the hand-written archive leaves `visits` out and reads it back as 0;
/// Codable leaves `draft` out (not in CodingKeys) and reads it back as its default.
struct Journal: Codable, UniquelyIdentifiable, ArchiveRepresentable {
    var id: String
    var visits: Int
    var draft: String = ""

    enum CodingKeys: String, CodingKey { case id, visits }

    var archiveValue: Archive { ["id": id, "draft": draft] }

    init(id: String, visits: Int, draft: String) {
        self.id = id
        self.visits = visits
        self.draft = draft
    }

    init?(archive: Archive) {
        guard let id = archive["id"] as? String else { return nil }
        self.init(id: id, visits: 0, draft: archive["draft"] as? String ?? "")
    }
}

/// Differs on purpose: the archive keeps the rating as a string, and its decoder wants a key
/// Codable does not write.
struct Rated: Codable, ArchiveRepresentable {
    var rating: Int

    var archiveValue: Archive { ["rating": String(rating)] }

    init(rating: Int) { self.rating = rating }

    init?(archive: Archive) {
        guard let text = archive["rating"] as? String, let rating = Int(text), archive["version"] != nil else { return nil }
        self.init(rating: rating)
    }
}

/// An archiveValue holding a value no property list can: the comparison cannot make its file.
struct Unstorable: Codable, ArchiveRepresentable {
    var site: URL
    var archiveValue: Archive { ["site": site] }
    init(site: URL) { self.site = site }
    init?(archive: Archive) { nil }
}
