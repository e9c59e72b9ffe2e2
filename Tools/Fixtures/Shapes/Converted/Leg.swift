// A struct that reads an enum declared inside a class of another file.
import Foundation
import Archiver

struct Leg {
    let destination: String
    let status: Expedition.Status
    let hours: Double
}

extension Leg: KeyMapped, JSONConvertible {
    static let keyMap = KeyMap(Leg.init, [
        .property(\.hours, default: 0, ifInvalid: .useDefault),
    ])

    // Kept by archiver-migrate: the type's own conversion, now made by the key map.
    init?(json: [String: Any]) {
        self.init(archive: json)
    }

    var json: [String: Any] {
        archiveValue
    }
}

// Added by archiver-migrate: the key map reads Expedition.Status by its raw value.
extension Expedition.Status: KeyMapValue {}
