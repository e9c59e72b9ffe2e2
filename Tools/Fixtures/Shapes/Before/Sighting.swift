// Models of a field-notes app that save and load themselves through the project's own protocol,
// or through no protocol at all, in the idioms people write. archiver-migrate recognises them by
// their shape; Converted/ holds what it writes for them, and ShapeCorpusTests decodes the same
// edge inputs with both.
import Foundation

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

extension Observer: JSONConvertible {
    init?(json: [String: Any]) {
        guard let name = json["name"] as? String else { return nil }
        self.name = name
        if let expert = json["expert"] as? Bool {
            self.isExpert = expert
        }
    }

    var json: [String: Any] {
        var json = [String: Any]()
        json["name"] = name
        json["expert"] = isExpert
        return json
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

    init?(dictionary: [String: Any]) {
        if let species = dictionary["species"] as? String,
           let raw = dictionary["confidence"] as? Int, let confidence = Confidence(rawValue: raw),
           let observerJSON = dictionary["observer"] as? [String: Any], let observer = Observer(json: observerJSON) {
            self.species = species
            self.confidence = confidence
            self.observer = observer
        } else {
            return nil
        }
        self.count = dictionary["count"] as? Int ?? 1
        self.habitat = Habitat(rawValue: dictionary["habitat"] as? String ?? "") ?? .meadow
        self.notes = dictionary["notes"] as? String
        self.verified = dictionary["verified"] as? Bool ?? false
    }

    func toDictionary() -> [String: Any] {
        var dictionary = Dictionary<String, Any>()
        dictionary["species"] = species
        dictionary["count"] = count
        dictionary["confidence"] = confidence.rawValue
        dictionary["habitat"] = habitat.rawValue
        dictionary["observer"] = observer.json
        dictionary["notes"] = notes
        dictionary["verified"] = verified
        return dictionary
    }
}
