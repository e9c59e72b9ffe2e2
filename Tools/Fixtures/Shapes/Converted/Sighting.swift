// Models of a field-notes app that save and load themselves through the project's own protocol,
// or through no protocol at all, in the idioms people write. archiver-migrate recognises them by
// their shape; Converted/ holds what it writes for them, and ShapeCorpusTests decodes the same
// edge inputs with both.
import Foundation
import Archiver

protocol JSONConvertible {
    init?(json: [String: Any])
    var json: [String: Any] { get }
}

enum Confidence: Int, CaseIterable {
    case guess, likely, certain
}

enum Habitat: String {
    case wetland, forest, meadow, urban
}

struct Observer {
    let name: String
    var isExpert = false
}

extension Observer: KeyMapped, JSONConvertible {
    static let keyMap = KeyMap(Observer.init, [
        .property(\.isExpert, archive: "expert", default: false, ifInvalid: .useDefault),
    ])

    // Kept by archiver-migrate: the type's own conversion, now made by the key map.
    init?(json: [String: Any]) {
        self.init(archive: json)
    }

    var json: [String: Any] {
        archiveValue
    }
}

struct Sighting {
    let species: String
    let count: Int
    let confidence: Confidence
    let habitat: Habitat
    let observer: Observer
    var notes: String?
    var verified = false
}

extension Sighting: KeyMapped {
    static let keyMap = KeyMap(Sighting.init, [
        .property(\.count, default: 1, ifInvalid: .useDefault),
        .property(\.habitat, default: Habitat.meadow, ifInvalid: .useDefault),
        .property(\.notes, ifInvalid: .useDefault),
        .property(\.verified, default: false, ifInvalid: .useDefault),
    ])

    // Kept by archiver-migrate: the type's own conversion, now made by the key map.
    init?(dictionary: [String: Any]) {
        self.init(archive: dictionary)
    }

    func toDictionary() -> [String: Any] {
        archiveValue
    }
}

// Added by archiver-migrate: the key map reads Confidence by its raw value.
extension Confidence: KeyMapValue {}

// Added by archiver-migrate: the key map reads Habitat by its raw value.
extension Habitat: KeyMapValue {
    static var keyMapPlaceholder: Habitat? { .wetland }
}
