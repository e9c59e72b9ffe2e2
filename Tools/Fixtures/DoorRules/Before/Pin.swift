// A hand-written conformance whose two initializers differ, as real ones do: a rule on one door or
// both, an optional one door requires, a default each door gives its own. Converted/Pin.swift is
// what archiver-migrate writes for it; DoorRuleTests compares the two on generated input.
import Archiver

struct Pin {
    let id: String
    let label: String?
    let title: String
    let body: String
    let tags: [String]
}

extension Pin: Serializable, ArchiveRepresentable {
    init?(responseObject: ResponseObject) {
        guard let id = responseObject["id"] as? String, !id.isEmpty,
              let label = responseObject["label"] as? String, !label.isEmpty else { return nil }
        self.id = id
        self.label = label
        self.title = responseObject["title"] as? String ?? "Untitled"
        guard let body = responseObject["body"] as? String else { return nil }
        self.body = body
        self.tags = responseObject["tags"] as? [String] ?? []
    }

    var archiveValue: Archive {
        var archive: Archive = ["id": id, "title": title, "body": body, "tags": tags]
        archive["label"] = label
        return archive
    }

    init?(archive: Archive) {
        guard let id = archive["id"] as? String else { return nil }
        self.id = id
        self.label = archive["label"] as? String
        self.title = archive["title"] as? String ?? ""
        self.body = archive["body"] as? String ?? ""
        self.tags = archive["tags"] as? [String] ?? []
        if tags.isEmpty { return nil }
    }
}
