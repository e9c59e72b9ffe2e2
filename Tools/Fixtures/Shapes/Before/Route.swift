// A second project-local protocol, and arrays of dictionaries read with compactMap.
import Foundation

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

extension Waypoint: DictionaryRepresentable {
    init?(dictionary: [String: Any]) {
        guard let label = dictionary["label"] as? String,
              let latitude = dictionary["lat"] as? Double,
              let longitude = dictionary["lon"] as? Double else { return nil }
        self.init(label: label, latitude: latitude, longitude: longitude, elevation: dictionary["elevation"] as? Int64)
    }

    var dictionaryRepresentation: [String: Any] {
        var representation: [String: Any] = ["label": label, "lat": latitude, "lon": longitude]
        representation["elevation"] = elevation
        return representation
    }
}

struct Route {
    let name: String
    let waypoints: [Waypoint]
    let loop: Bool
    var tags = [String]()
    var ratings = [Int]()
}

extension Route: DictionaryRepresentable {
    init?(dictionary: [String: Any]) {
        guard let name = dictionary["name"] as? String, !name.isEmpty else { return nil }
        self.name = name
        self.waypoints = (dictionary["waypoints"] as? [[String: Any]] ?? []).compactMap { Waypoint(dictionary: $0) }
        self.loop = dictionary["loop"] as? Bool ?? false
        self.tags = dictionary["tags"] as? [String] ?? []
        self.ratings = dictionary["ratings"] as? [Int] ?? []
    }

    var dictionaryRepresentation: [String: Any] {
        ["name": name, "waypoints": waypoints.map { $0.dictionaryRepresentation }, "loop": loop, "tags": tags, "ratings": ratings]
    }
}
