/// Each key path given to a map must name a different stored property, in declaration order, so
/// that the value archived under a property's key is that property's.
struct KeyPathValidator: KeyMapValidator {
    func problems(in map: KeyMapDescription) -> [KeyMapProblem] {
        guard let offsets = map.keyPathOffsets, !map.fields.isEmpty else { return [] }
        var result: [KeyMapProblem] = []
        var previous: (offset: Int, name: String)?
        for (field, offset) in zip(map.fields, offsets) {
            guard let offset else {
                result.append(KeyMapProblem(kind: .invalidKeyPath, message:
                    "the key path given for \(field.name) does not name a stored property"))
                continue
            }
            if let previous, offset <= previous.offset {
                result.append(KeyMapProblem(kind: .invalidKeyPath, message:
                    "the key path given for \(field.name) reads a property declared before the one given for "
                    + "\(previous.name); list key paths in declaration order, one per stored property"))
            }
            previous = (offset, field.name)
        }
        return result
    }
}
