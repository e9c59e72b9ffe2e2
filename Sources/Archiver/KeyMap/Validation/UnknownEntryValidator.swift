/// Every entry must name a stored property; a misspelt name would otherwise be ignored silently.
struct UnknownEntryValidator: KeyMapValidator {
    func problems(in map: KeyMapDescription) -> [KeyMapProblem] {
        guard let properties = map.reflected?.properties else { return [] }
        let names = Set(properties.compactMap(\.name))
        return map.entries.filter { !names.contains($0.name) }.map { entry in
            KeyMapProblem(kind: .unknownEntry, message:
                "the entry \(entry.name.debugDescription) names no stored property (properties: \(map.propertyList))")
        }
    }
}
