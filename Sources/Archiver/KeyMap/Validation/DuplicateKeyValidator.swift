/// No entry may be listed twice, and no two properties may read or write the same key.
struct DuplicateKeyValidator: KeyMapValidator {
    func problems(in map: KeyMapDescription) -> [KeyMapProblem] {
        var result: [KeyMapProblem] = []
        var seenEntries = Set<String>()
        var reportedEntries = Set<String>()
        for (name, _) in map.entries where !seenEntries.insert(name).inserted && reportedEntries.insert(name).inserted {
            result.append(KeyMapProblem(kind: .duplicateKey, message:
                "the entry \(name.debugDescription) is listed more than once; only the first is used"))
        }
        let included = map.fields.filter { !$0.isExcluded }
        result += duplicates(of: included.map { ($0.serverKey, $0.name) }, kind: "server key")
        result += duplicates(of: included.map { ($0.archiveKey, $0.name) }, kind: "archive key")
        return result
    }

    private func duplicates(of keys: [(key: String, property: String)], kind: String) -> [KeyMapProblem] {
        var owners: [String: [String]] = [:]
        var order: [String] = []
        for (key, property) in keys {
            if owners[key] == nil { order.append(key) }
            owners[key, default: []].append(property)
        }
        return order.compactMap { key in
            guard let properties = owners[key], properties.count > 1 else { return nil }
            return KeyMapProblem(kind: .duplicateKey, message:
                "the \(kind) \(key.debugDescription) is used by \(properties.joined(separator: " and "))")
        }
    }
}
