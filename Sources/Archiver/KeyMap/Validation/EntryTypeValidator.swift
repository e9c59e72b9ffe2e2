/// Defaults must convert to their property's type, and transforms must produce it; otherwise the
/// entry would fail on the first missing key instead of at first use.
struct EntryTypeValidator: KeyMapValidator {
    func problems(in map: KeyMapDescription) -> [KeyMapProblem] {
        var result: [KeyMapProblem] = []
        for (field, parameter) in zip(map.fields, map.parameters) {
            if let defaultValue = field.defaultValue, let reason = parameter.defaultProblem(defaultValue) {
                result.append(KeyMapProblem(kind: .invalidEntry, message:
                    "the default \(defaultValue.displayDescription) of \(field.name) does not convert to \(parameter.typeName): \(reason)"))
            }
            if let transform = field.transform, transform.valueType != parameter.typeIdentifier {
                result.append(KeyMapProblem(kind: .invalidEntry, message:
                    "the transform of \(field.name) produces \(transform.valueTypeName), but the property is \(parameter.typeName)"))
            }
        }
        return result
    }
}
