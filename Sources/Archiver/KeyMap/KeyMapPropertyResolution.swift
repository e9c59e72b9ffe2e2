/// Which stored property each key-path entry reads, learnt from a probe instance.
enum KeyMapPropertyResolution {
    /// The entries by property name, and a problem for each key path that reads no single
    /// stored property.
    static func entries<Model>(
        for properties: [KeyMapProperty<Model>], probe: Model?, placeholder: Model?, typeName: String
    ) -> (entries: [(name: String, entry: KeyMapEntry)], problems: [KeyMapProblem]) {
        guard !properties.isEmpty else { return ([], []) }
        guard let instance = probe ?? placeholder else {
            // Without an instance nothing can be resolved; the initializer validator says why.
            return ([], [])
        }
        let stored = Reflection.storedProperties(of: instance).properties
        let descriptions = Reflection.propertyDescriptions(of: instance)
        var entries: [(name: String, entry: KeyMapEntry)] = []
        var problems: [KeyMapProblem] = []
        for property in properties {
            let sameType = stored.indices.filter { stored[$0].typeIdentifier == property.valueType && stored[$0].name != nil }
            let read = property.describeValue(instance)
            let reading = sameType.filter { descriptions[$0] == read }
            // A computed property of a stored property's type reads something else than it.
            if reading.count == 1, let name = stored[reading[0]].name {
                entries.append((name, property.entry))
            } else if sameType.isEmpty || reading.isEmpty {
                problems.append(KeyMapProblem(kind: .unknownEntry, message:
                    "the key path \(property.keyPath) reads no stored property of \(typeName) (a computed property cannot have an entry; stored \(property.valueTypeName) properties: \(names(sameType, stored)))"))
            } else {
                problems.append(KeyMapProblem(kind: .unknownEntry, message:
                    "the key path \(property.keyPath) could read any of \(names(reading, stored)), which a probe instance cannot tell apart; name the property with a string entry"))
            }
        }
        return (entries, problems)
    }

    private static func names(_ indices: [Int], _ stored: [Reflection.StoredProperty]) -> String {
        indices.isEmpty ? "none" : indices.compactMap { stored[$0].name }.joined(separator: ", ")
    }
}
