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
    let size: Int
    let alignment: Int
    /// Whether a value `Mirror` reports is of this type: of the type itself, or, for a class, an
    /// instance of a subclass, which `Mirror` boxes by its own class.
    let declares: (Any) -> Bool

    @usableFromInline
    init<Value: KeyMapValue>(_ type: Value.Type) {
        typeIdentifier = ObjectIdentifier(Value.self)
        typeName = String(describing: Value.self)
        hasPlaceholder = Value.keyMapPlaceholder != nil
        size = MemoryLayout<Value>.size
        alignment = MemoryLayout<Value>.alignment
        declares = { value in
            let valueType = Swift.type(of: value)
            if ObjectIdentifier(valueType) == ObjectIdentifier(Value.self) { return true }
            // Only an instance of a class: a cast would also take a `String` as an `NSString`
            // on Apple platforms, or any value as an `Optional` of its type.
            return valueType is AnyObject.Type && Value.self is AnyObject.Type && value is Value
        }
    }
}

extension KeyMapParameter {
    /// The stored properties' names, one per parameter, or `nil` when they cannot be matched:
    /// the instance is not a struct, its `Mirror` is a custom one, it has a lazy var, or its
    /// stored properties differ in number or type from the initializer's parameters.
    static func propertyNames(parameters: [KeyMapParameter], reflected: Reflection.Reflected?) -> [String]? {
        guard let reflected, reflected.isStruct, !reflected.hasCustomMirror, reflected.properties.count == parameters.count else { return nil }
        var names: [String] = []
        for (parameter, property) in zip(parameters, reflected.properties) {
            guard parameter.typeIdentifier == property.typeIdentifier, !property.isLazy, let name = property.name else { return nil }
            names.append(name)
        }
        return names
    }
}
