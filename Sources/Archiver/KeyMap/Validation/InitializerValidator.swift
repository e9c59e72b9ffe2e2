/// The initializer's parameters must be the stored properties, in declaration order: otherwise
/// the map cannot tell which parameter sets which property, and says which do not line up.
struct InitializerValidator: KeyMapValidator {
    func problems(in map: KeyMapDescription) -> [KeyMapProblem] {
        guard let reflected = map.reflected else {
            let missing = map.parameters.filter { !$0.hasPlaceholder }.map(\.typeName)
            return [KeyMapProblem(kind: .initializerMismatch, message:
                "the initializer cannot be called with placeholders to learn the property names: "
                + "\(missing.joined(separator: ", ")) has no keyMapPlaceholder; declare one")]
        }
        // Before the struct check, which a custom mirror cannot answer: its display style is its own.
        guard !reflected.hasCustomMirror else {
            return [KeyMapProblem(kind: .customMirror, message:
                "\(map.typeName) conforms to CustomReflectable, and a key map learns the names of the stored properties "
                + "(and where it cannot check their offsets, their values) from Mirror, which shows the custom mirror instead: "
                + "a redacted or reordered child would be archived or decoded as another property's value; "
                + "remove the conformance from \(map.typeName) (to hide a value from dump and the debugger, give that "
                + "property a type of its own that conforms to CustomReflectable)")]
        }
        guard reflected.isStruct else {
            return [KeyMapProblem(kind: .initializerMismatch, message:
                "\(map.typeName) is not a struct; key maps derive structs with memberwise initializers")]
        }
        let properties = reflected.properties
        // A lazy var's storage is an optional the initializer takes and Mirror names
        // `$__lazy_storage_$_slug`: mapped, the server's `slug` would be dropped and archives keyed
        // by the compiler's name. Its value is computed, not state the app set.
        let lazy = properties.filter(\.isLazy)
        guard lazy.isEmpty else {
            return lazy.map { property in
                let name = property.name ?? "?"
                return KeyMapProblem(kind: .lazyProperty, message:
                    "\(name) is a lazy var, whose value \(map.typeName) computes on first use rather than stores, "
                    + "and a key map sets and archives stored properties only; make \(name) a computed property, "
                    + "or a stored property the initializer sets (its initial value as the entry's default)")
            }
        }
        if properties.count == map.parameters.count {
            return zip(map.parameters, properties).enumerated().compactMap { index, pair in
                let (parameter, property) = pair
                guard parameter.typeIdentifier != property.typeIdentifier else { return nil }
                return KeyMapProblem(kind: .initializerMismatch, message:
                    "parameter \(index + 1) of the initializer is \(parameter.typeName), but stored property "
                    + "\(property.name ?? "?") is \(property.typeName); pass the memberwise initializer, "
                    + "whose parameters are the stored properties in declaration order")
            }
        }
        var result = [KeyMapProblem(kind: .initializerMismatch, message:
            "the initializer takes \(map.parameters.count) parameters (\(map.parameters.map(\.typeName).joined(separator: ", "))) "
            + "but \(map.typeName) has \(properties.count) stored properties (\(map.propertyList))")]
        // Line parameters up with properties of the same type, in order, to name the properties
        // the initializer leaves out: usually a `let` with an initial value.
        var next = 0
        var matched = Set<Int>()
        for parameter in map.parameters {
            guard let found = properties[next...].firstIndex(where: { $0.typeIdentifier == parameter.typeIdentifier }) else { break }
            matched.insert(found)
            next = found + 1
            if next == properties.count { break }
        }
        for (index, property) in properties.enumerated() where !matched.contains(index) {
            result.append(KeyMapProblem(kind: .missingProperty, message:
                "stored property \(property.name ?? "?") (\(property.typeName)) is not a parameter of the initializer, "
                + "so the map cannot set it; if it is a `let` with an initial value, declare it without one "
                + "and give the value as the entry's default"))
        }
        return result
    }
}
