// A class with a nested enum and a nested struct, a struct in another file reading that enum,
// and a conversion that cannot fail.
import Foundation

final class Expedition {
    enum Status: String, CaseIterable {
        case planned, underway, finished
    }

    struct Checkpoint {
        let name: String
        let reached: Bool

        init?(dictionary: [String: Any]) {
            guard let name = dictionary["name"] as? String else { return nil }
            self.name = name
            self.reached = dictionary["reached"] as? Bool ?? false
        }

        var dictionary: [String: Any] {
            ["name": name, "reached": reached]
        }
    }

    let title: String
    let status: Status
    let checkpoints: [Checkpoint]

    init(title: String, status: Status, checkpoints: [Checkpoint]) {
        self.title = title
        self.status = status
        self.checkpoints = checkpoints
    }

    convenience init?(dictionary: [String: Any]) {
        guard let title = dictionary["title"] as? String,
              let status = Status(rawValue: dictionary["status"] as? String ?? "") else { return nil }
        let checkpoints = (dictionary["checkpoints"] as? [[String: Any]])?.compactMap(Checkpoint.init(dictionary:)) ?? []
        self.init(title: title, status: status, checkpoints: checkpoints)
    }

    var dictionary: [String: Any] {
        ["title": title, "status": status.rawValue, "checkpoints": checkpoints.map(\.dictionary)]
    }
}

struct Preferences {
    var units: String
    var darkMode: Bool

    init(from dict: [String: Any]) {
        units = dict["units"] as? String ?? "metric"
        darkMode = dict["dark_mode"] as? Bool ?? false
    }

    var asDictionary: [String: Any] {
        ["units": units, "dark_mode": darkMode]
    }
}
