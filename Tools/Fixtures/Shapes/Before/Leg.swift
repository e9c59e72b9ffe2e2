// A struct that reads an enum declared inside a class of another file.
import Foundation

struct Leg {
    let destination: String
    let status: Expedition.Status
    let hours: Double
}

extension Leg: JSONConvertible {
    init?(json: [String: Any]) {
        guard let destination = json["destination"] as? String,
              let status = Expedition.Status(rawValue: json["status"] as? String ?? "") else { return nil }
        self.init(destination: destination, status: status, hours: json["hours"] as? Double ?? 0)
    }

    var json: [String: Any] {
        ["destination": destination, "status": status.rawValue, "hours": hours]
    }
}
