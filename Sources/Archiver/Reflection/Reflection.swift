/// Every `Mirror` call of the library: the one place that looks at values at run time.
///
/// Key maps reflect a placeholder instance once per type, when the map is built, to learn the
/// names of the stored properties; that result lives in the map, which is a `static let` and so
/// built once, thread-safely, by the runtime. Only the zero-configuration form of ``KeyMap``
/// reflects on every ``ArchiveRepresentable/archiveValue``, to read values without key paths.
///
/// Public `Mirror` only: nothing here writes through type metadata or uses underscored entry
/// points, which broke the libraries that relied on them with Swift and OS releases.
@usableFromInline
enum Reflection {
    /// A stored property as `Mirror` reports it.
    struct StoredProperty: Sendable, Equatable {
        /// The property's name, `nil` for a tuple's unlabelled element.
        var name: String?
        /// The static type of the property, as `Mirror` boxed its value.
        var typeIdentifier: ObjectIdentifier
        /// The type's name, for messages.
        var typeName: String
    }

    /// What `Mirror` sees of `instance`: whether it is a struct, and its stored properties in
    /// declaration order.
    static func storedProperties(of instance: Any) -> (isStruct: Bool, properties: [StoredProperty]) {
        let mirror = Mirror(reflecting: instance)
        let properties = mirror.children.map { child in
            let valueType = type(of: child.value)
            return StoredProperty(name: child.label, typeIdentifier: ObjectIdentifier(valueType), typeName: String(describing: valueType))
        }
        return (mirror.displayStyle == .struct, properties)
    }

    /// The values of `instance`'s stored properties as text, in declaration order: what the
    /// validators compare readers with.
    @usableFromInline
    static func propertyDescriptions(of instance: Any) -> [String] {
        Mirror(reflecting: instance).children.map { String(describing: $0.value) }
    }

    /// The values of `instance`'s stored properties, in declaration order.
    @usableFromInline
    static func propertyValues(of instance: Any) -> [Any] {
        Mirror(reflecting: instance).children.map(\.value)
    }
}
