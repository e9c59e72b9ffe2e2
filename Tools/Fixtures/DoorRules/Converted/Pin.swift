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

extension Pin: KeyMapped, KeyMapChecked {
    static let keyMap = KeyMap(Pin.init, [
        .property(\.label, ifInvalid: .useDefault),
        .property(\.title, default: "Untitled", ifInvalid: .useDefault, archiveDefault: ""),
        .property(\.body, ifInvalid: .useDefault, archiveDefault: ""),
        .property(\.tags, default: [], ifInvalid: .useDefault),
    ])

    // Added by archiver-migrate: what the hand-written initializers refused after reading.
    func keyMapCheck(from source: KeyMapSource) -> String? {
        if source == .responseObject, id.isEmpty { return "a response whose id is empty is not a Pin" }
        if source == .responseObject, label == nil { return "a response without label is not a Pin" }
        if source == .responseObject, label?.isEmpty == true { return "a response whose label is empty is not a Pin" }
        if source == .archive, tags.isEmpty { return "an archive whose tags is empty is not a Pin" }
        return nil
    }
}
