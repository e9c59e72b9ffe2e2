/// Every `Mirror` call of the library: the one place that looks at values at run time.
///
/// Key maps reflect a placeholder instance once per type, when the map is built, to learn the
/// names of the stored properties; that result lives in the map, which is a `static let` and so
/// built once, thread-safely, by the runtime. Only a ``KeyMap`` whose property offsets could not
/// be checked (``KeyMapStoredOffsets``) reflects on every ``ArchiveRepresentable/archiveValue``.
///
/// Public `Mirror` only: nothing here writes through type metadata or uses underscored entry
/// points, which broke the libraries that relied on them with Swift and OS releases. So a type
/// whose `Mirror` is not its stored properties (a `CustomReflectable` type) cannot be read here,
/// and says so (``Reflected/hasCustomMirror``) rather than giving its custom mirror's children.
@usableFromInline
enum Reflection {
    /// A stored property as `Mirror` reports it.
    struct StoredProperty: Sendable, Equatable {
        /// The property's name, `nil` for a tuple's unlabelled element; a lazy var's own name,
        /// not its storage's.
        var name: String?
        /// The property's declared type where the initializer's parameters tell it, otherwise
        /// the type `Mirror` boxed its value as: for a class-typed property holding a subclass
        /// instance, that is the subclass.
        var typeIdentifier: ObjectIdentifier
        /// The type's name, for messages.
        var typeName: String
        /// The type's size and alignment, from which the property's offset follows.
        var size: Int
        var alignment: Int
        /// Whether the property is a lazy var's storage, which `Mirror` names
        /// `$__lazy_storage_$_` followed by the property's name.
        var isLazy = false
    }

    /// What `Mirror` sees of an instance.
    struct Reflected: Sendable {
        /// Whether the instance is a struct.
        var isStruct: Bool
        /// Whether the type is `CustomReflectable`: `Mirror` then shows the children its custom
        /// mirror lists, which need not be its stored properties (a redacted value, another
        /// order), so ``properties`` is empty.
        var hasCustomMirror: Bool
        /// The stored properties in declaration order.
        var properties: [StoredProperty]
    }

    /// How the compiler names the storage of a lazy var, before the property's own name.
    static let lazyStoragePrefix = "$__lazy_storage_$_"

    /// What `Mirror` sees of `instance`: whether it is a struct, and its stored properties in
    /// declaration order.
    ///
    /// `declaredTypes`, the initializer's parameters, give each property its declared type where
    /// the value is of it: `Mirror` boxes a class instance by its own class, which for a
    /// placeholder of a class cluster or a subclass is not the property's type.
    static func storedProperties(of instance: Any, declaredTypes parameters: [KeyMapParameter] = []) -> Reflected {
        if instance is any CustomReflectable {
            return Reflected(isStruct: false, hasCustomMirror: true, properties: [])
        }
        let mirror = Mirror(reflecting: instance)
        let properties = mirror.children.enumerated().map { index, child in
            var name = child.label
            var isLazy = false
            if let label = child.label, label.hasPrefix(lazyStoragePrefix) {
                name = String(label.dropFirst(lazyStoragePrefix.count))
                isLazy = true
            }
            if index < parameters.count, parameters[index].declares(child.value) {
                let parameter = parameters[index]
                return StoredProperty(
                    name: name, typeIdentifier: parameter.typeIdentifier, typeName: parameter.typeName,
                    size: parameter.size, alignment: parameter.alignment, isLazy: isLazy)
            }
            let valueType = type(of: child.value)
            let (size, alignment) = layout(of: valueType)
            return StoredProperty(
                name: name, typeIdentifier: ObjectIdentifier(valueType), typeName: String(describing: valueType),
                size: size, alignment: alignment, isLazy: isLazy)
        }
        return Reflected(isStruct: mirror.displayStyle == .struct, hasCustomMirror: false, properties: properties)
    }

    private static func layout(of type: Any.Type) -> (size: Int, alignment: Int) {
        func measure<Value>(_: Value.Type) -> (size: Int, alignment: Int) {
            (MemoryLayout<Value>.size, MemoryLayout<Value>.alignment)
        }
        return measure(type)
    }

    /// The values of `instance`'s stored properties as text, in declaration order: what a
    /// key-path entry's value is compared with in a class.
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
