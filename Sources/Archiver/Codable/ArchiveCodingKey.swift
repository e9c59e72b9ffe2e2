/// The coding keys Archiver's encoder and decoder make up: array indices and `super`.
struct ArchiveCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    /// The key of an element of an unkeyed container, spelled as Foundation's encoders spell it.
    init(index: Int) {
        self.init(intValue: index)
    }

    static let `super` = ArchiveCodingKey(stringValue: "super")

    /// The coding key of one step of a decoding error's path.
    init(_ component: ArchiveDecodingError.PathComponent) {
        switch component {
        case .key(let key): self.init(stringValue: key)
        case .index(let index): self.init(index: index)
        }
    }
}

extension ArchiveDecodingError.PathComponent {
    /// The step a Codable coding key stands for: an index for the keys of unkeyed containers
    /// (`Index 2`, as Foundation's coders and ours name them), otherwise the key's string.
    init(_ key: any CodingKey) {
        if let index = key.intValue, key.stringValue == "Index \(index)" {
            self = .index(index)
        } else {
            self = .key(key.stringValue)
        }
    }
}

extension Array where Element == ArchiveDecodingError.PathComponent {
    /// The path of a Codable coding path.
    init(codingPath: [any CodingKey]) {
        self = codingPath.map(ArchiveDecodingError.PathComponent.init)
    }
}
