// Parsed from a park service's responses and never saved: optional chaining into a nested
// dictionary, an optional model read with flatMap, and a conversion in an extension without a
// protocol.
import Foundation
import Archiver

struct Badge {
    let title: String
    let level: Int
}

extension Badge: KeyMapped {
    static let keyMap = KeyMap(Badge.init, [
        .property(\.level, default: 1, ifInvalid: .useDefault),
    ])

    // Kept by archiver-migrate: the type's own conversion, now made by the key map.
    init?(json: [String: Any]) {
        self.init(responseObject: json)
    }
}

struct Ranger {
    let id: Int
    let displayName: String
    let parkName: String?
    let topBadge: Badge?
    let badges: [Badge]
}

extension Ranger: KeyMapped {
    static let keyMap = KeyMap(Ranger.init, serverKeys: .snakeCase, [
        .property(\.parkName, server: "park.name", ifInvalid: .useDefault),
        .property(\.topBadge, ifInvalid: .useDefault),
        .property(\.badges, default: [], ifInvalid: .useDefault),
    ])

    // Kept by archiver-migrate: the type's own conversion, now made by the key map.
    init?(json: [String: Any]) {
        self.init(responseObject: json)
    }
}

struct Tag {
    let label: String
    let uses: Int
    let pinned: Bool
}

extension Tag: KeyMapped {
    static let keyMap = KeyMap(Tag.init, [
        .property(\.uses, default: 0, ifInvalid: .useDefault),
        .property(\.pinned, default: false, ifInvalid: .useDefault),
    ])

    // Kept by archiver-migrate: the type's own conversion, now made by the key map.
    init?(dictionary: [String: Any]) {
        self.init(archive: dictionary)
    }

    var dictionaryRepresentation: [String: Any] {
        archiveValue
    }
}
