// Parsed from a park service's responses and never saved: optional chaining into a nested
// dictionary, an optional model read with flatMap, and a conversion in an extension without a
// protocol.
import Foundation

struct Badge {
    let title: String
    let level: Int

    init?(json: [String: Any]) {
        guard let title = json["title"] as? String else { return nil }
        self.title = title
        self.level = json["level"] as? Int ?? 1
    }
}

struct Ranger {
    let id: Int
    let displayName: String
    let parkName: String?
    let topBadge: Badge?
    let badges: [Badge]

    init?(json: [String: Any]) {
        guard let id = json["id"] as? Int, let displayName = json["display_name"] as? String else { return nil }
        self.id = id
        self.displayName = displayName
        self.parkName = (json["park"] as? [String: Any])?["name"] as? String
        self.topBadge = (json["top_badge"] as? [String: Any]).flatMap(Badge.init(json:))
        self.badges = (json["badges"] as? [[String: Any]])?.compactMap(Badge.init(json:)) ?? []
    }
}

struct Tag {
    let label: String
    let uses: Int
    let pinned: Bool
}

extension Tag {
    init?(dictionary: [String: Any]) {
        guard let label = dictionary["label"] as? String else { return nil }
        self.init(label: label, uses: dictionary["uses"] as? Int ?? 0, pinned: dictionary["pinned"] as? Bool ?? false)
    }

    var dictionaryRepresentation: [String: Any] {
        ["label": label, "uses": uses, "pinned": pinned]
    }
}
