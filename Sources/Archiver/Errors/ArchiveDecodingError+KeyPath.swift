/// The one way a path into a value is spelled, in decoding errors, storage errors, the
/// property-list writer's and the keyed-archive reader's errors, and comparison reports.
extension Collection where Element == ArchiveDecodingError.PathComponent {
    /// The path as storage errors spell it: `reviews[0].photo`, no leading dot.
    var archiveKeyPath: String {
        var text = ""
        for component in self {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index: text += component.description
            }
        }
        return text
    }

    /// The path after a type name: `User.reviews[0].photo`.
    func keyPath(from typeName: String) -> String {
        guard case .key? = first else { return typeName + archiveKeyPath }
        return typeName + "." + archiveKeyPath
    }
}
