// The tutorial's model, unchanged (see Restaurant.swift).
import Foundation
import Archiver

struct User: Cachable {
    let id: String
    let name: String
    let reviews: [Review]
}

extension User: KeyMapped, Archivable {
    static let keyMap = KeyMap(User.init, [
        .property(\.name, default: NSLocalizedString("Guest", comment: ""), ifInvalid: .useDefault, archiveDefault: ""),
        .property(\.reviews, server: "user_reviews", default: [], ifInvalid: .useDefault),
    ])
}
