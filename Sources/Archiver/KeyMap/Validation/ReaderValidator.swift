/// Each reader given to a map must read its own property, so that the value archived under a
/// property's key is that property's.
struct ReaderValidator: KeyMapValidator {
    func problems(in map: KeyMapDescription) -> [KeyMapProblem] {
        guard let check = map.readerCheck, !map.fields.isEmpty,
              check.readValues.count == map.fields.count, check.propertyValues.count == map.fields.count
        else { return [] }
        var result: [KeyMapProblem] = []
        for (index, field) in map.fields.enumerated() where check.readValues[index] != check.propertyValues[index] {
            let readsInstead = check.propertyValues.indices.first { check.propertyValues[$0] == check.readValues[index] }
            let what = readsInstead.map { "reads \(map.fields[$0].name)" } ?? "does not read a stored property"
            result.append(KeyMapProblem(kind: .invalidReader, message:
                "the reader given for \(field.name) \(what); list one reader per stored property, in declaration order"))
        }
        return result
    }
}

/// What the readers of a map returned for a probe instance, beside what `Mirror` saw in it.
@usableFromInline
struct KeyMapReaderCheck: Sendable {
    let readValues: [String]
    let propertyValues: [String]

    @usableFromInline
    init(readValues: [String], propertyValues: [String]) {
        self.readValues = readValues
        self.propertyValues = propertyValues
    }
}

