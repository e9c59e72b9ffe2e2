// A second project-local protocol, and arrays of dictionaries read with compactMap.
import Foundation
import Archiver

protocol DictionaryRepresentable {
    init?(dictionary: [String: Any])
    var dictionaryRepresentation: [String: Any] { get }
}

struct Waypoint {
    let label: String
    let latitude: Double
    let longitude: Double
    let elevation: Int64?
}

extension Waypoint: KeyMapped, DictionaryRepresentable {
    static let keyMap = KeyMap(Waypoint.init, [
        .property(\.latitude, archive: "lat"),
        .property(\.longitude, archive: "lon"),
        .property(\.elevation, ifInvalid: .useDefault),
    ])

    // Kept by archiver-migrate: the type's own conversion, now made by the key map.
    init?(dictionary: [String: Any]) {
        self.init(archive: dictionary)
    }

    var dictionaryRepresentation: [String: Any] {
        archiveValue
    }
}

struct Route {
    let name: String
    let waypoints: [Waypoint]
    let loop: Bool
    var tags = [String]()
    var ratings = [Int]()
}

extension Route: KeyMapped, KeyMapChecked, DictionaryRepresentable {
    static let keyMap = KeyMap(Route.init, [
        .property(\.waypoints, default: [], ifInvalid: .useDefault),
        .property(\.loop, default: false, ifInvalid: .useDefault),
        .property(\.tags, default: [], ifInvalid: .useDefault),
        .property(\.ratings, default: [], ifInvalid: .useDefault),
    ])

    // Added by archiver-migrate: what the hand-written initializers refused after reading.
    func keyMapCheck(from source: KeyMapSource) -> String? {
        if source == .archive, name.isEmpty { return "an archive whose name is empty is not a Route" }
        return nil
    }

    // Kept by archiver-migrate: the type's own conversion, now made by the key map.
    init?(dictionary: [String: Any]) {
        self.init(archive: dictionary)
    }

    var dictionaryRepresentation: [String: Any] {
        archiveValue
    }
}
