/// One parameter of the initializer: its type, and what the validators ask of that type.
@usableFromInline
struct KeyMapParameter {
    @usableFromInline
    struct NoPlaceholder: Error {
        @usableFromInline init() {}
    }

    let typeIdentifier: ObjectIdentifier
    let typeName: String
    let hasPlaceholder: Bool

    @usableFromInline
    init<Value: KeyMapValue>(_ type: Value.Type) {
        typeIdentifier = ObjectIdentifier(Value.self)
        typeName = String(describing: Value.self)
        hasPlaceholder = Value.keyMapPlaceholder != nil
    }
}

extension KeyMapParameter {
    /// The stored properties' names, one per parameter, or `nil` when they cannot be matched:
    /// the instance is not a struct, or its stored properties differ in number or type from the
    /// initializer's parameters.
    static func propertyNames(
        parameters: [KeyMapParameter], reflected: (isStruct: Bool, properties: [Reflection.StoredProperty])?
    ) -> [String]? {
        guard let reflected, reflected.isStruct, reflected.properties.count == parameters.count else { return nil }
        var names: [String] = []
        for (parameter, property) in zip(parameters, reflected.properties) {
            guard parameter.typeIdentifier == property.typeIdentifier, let name = property.name else { return nil }
            names.append(name)
        }
        return names
    }
}
