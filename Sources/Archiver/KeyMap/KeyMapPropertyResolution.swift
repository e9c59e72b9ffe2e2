/// Which stored property each key-path entry reads.
///
/// In a struct the resolution is exact and independent of the property types:
/// `MemoryLayout<Model>.offset(of:)` gives the byte offset of the property a key path reads, and
/// ``storedFields(of:)`` names the stored property at that offset and of that type, from `Mirror`
/// and the layout rule of Swift structs, all public Swift. Two `Bool`s, five `Date?`s or three
/// enums of one type have different offsets, so nothing can be ambiguous. A key path with no offset reads a computed property; one whose
/// offset and type match no field reads a property of a property (`\.restaurant.name`).
///
/// Only in a class, whose key paths have no offset, a struct whose layout `Mirror` cannot tell,
/// or between zero-sized properties that share an offset, is the property told by a probe instance whose strings and numbers differ from
/// property to property.
enum KeyMapPropertyResolution {
    /// The entries by property name, and a problem for each key path that reads no single
    /// stored property.
    static func entries<Model>(
        for properties: [KeyMapProperty<Model>], probe: Model?, placeholder: Model?, typeName: String
    ) -> (entries: [(name: String, entry: KeyMapEntry)], problems: [KeyMapProblem]) {
        guard !properties.isEmpty else { return ([], []) }
        let fields = (probe ?? placeholder).flatMap { storedFields(of: $0) }
        var entries: [(name: String, entry: KeyMapEntry)] = []
        var problems: [KeyMapProblem] = []
        for property in properties {
            if let fields {
                let atOffset = property.offset.map { offset in
                    fields.filter { $0.offset == offset && ObjectIdentifier($0.type) == property.valueType }
                } ?? []
                if atOffset.count == 1 {
                    entries.append((atOffset[0].name, property.entry))
                    continue
                }
                if atOffset.isEmpty {
                    let sameType = fields.filter { ObjectIdentifier($0.type) == property.valueType }.map(\.name)
                    problems.append(readsNoStoredProperty(property, typeName: typeName, sameType: sameType))
                    continue
                }
            }
            // A class, or zero-sized properties sharing an offset: compare values on a probe.
            switch resolveWithProbe(property, instance: probe ?? placeholder) {
            case .name(let name): entries.append((name, property.entry))
            case .none(let sameType): problems.append(readsNoStoredProperty(property, typeName: typeName, sameType: sameType))
            case .ambiguous(let candidates):
                problems.append(KeyMapProblem(kind: .unknownEntry, message:
                    "the key path \(property.keyPath) could read any of \(candidates.joined(separator: ", ")) of \(typeName), which hold equal values in a probe instance; give the \(property.valueTypeName) properties of a class distinct placeholders"))
            case .noInstance:
                // Without an instance nothing can be resolved; the initializer validator says why.
                break
            }
        }
        return (entries, problems)
    }

    /// One stored property of a struct, from its field record.
    struct StoredField {
        let name: String
        let offset: Int
        let type: Any.Type
    }

    /// The stored properties of `instance`'s type with their byte offsets, or `nil` when it is no
    /// struct or its layout cannot be told.
    ///
    /// `Mirror` lists a struct's stored properties in declaration order, and Swift lays a struct
    /// out in that order, each property at the next offset its alignment allows. The offsets
    /// follow from the properties' types; a type whose sizes do not add up to its own (a property
    /// of existential or class type holding a value of another size) gives `nil`, and its key
    /// paths are told by a probe instead.
    static func storedFields<Model>(of instance: Model) -> [StoredField]? {
        let mirror = Mirror(reflecting: instance)
        guard mirror.displayStyle == .struct else { return nil }
        var fields: [StoredField] = []
        var end = 0
        for child in mirror.children {
            guard let name = child.label else { return nil }
            let type = Swift.type(of: child.value)
            let (size, alignment) = layout(of: type)
            let offset = (end + alignment - 1) / alignment * alignment
            fields.append(StoredField(name: name, offset: offset, type: type))
            end = offset + size
        }
        return end == MemoryLayout<Model>.size ? fields : nil
    }

    private static func layout(of type: Any.Type) -> (size: Int, alignment: Int) {
        func measure<Value>(_: Value.Type) -> (size: Int, alignment: Int) {
            (MemoryLayout<Value>.size, MemoryLayout<Value>.alignment)
        }
        return measure(type)
    }

    private static func readsNoStoredProperty<Model>(_ property: KeyMapProperty<Model>, typeName: String, sameType: [String]) -> KeyMapProblem {
        KeyMapProblem(kind: .unknownEntry, message:
            "the key path \(property.keyPath) reads no stored property of \(typeName) (a computed property cannot have an entry; stored \(property.valueTypeName) properties: \(sameType.isEmpty ? "none" : sameType.joined(separator: ", ")))")
    }

    private enum ProbeResolution {
        case name(String)
        case none(sameType: [String])
        case ambiguous([String])
        case noInstance
    }

    private static func resolveWithProbe<Model>(_ property: KeyMapProperty<Model>, instance: Model?) -> ProbeResolution {
        guard let instance else { return .noInstance }
        let stored = Reflection.storedProperties(of: instance).properties
        let descriptions = Reflection.propertyDescriptions(of: instance)
        let sameType = stored.indices.filter { stored[$0].typeIdentifier == property.valueType && stored[$0].name != nil }
        let read = property.describeValue(instance)
        let reading = sameType.filter { descriptions[$0] == read }
        // A computed property of a stored property's type reads something else than it.
        if reading.count == 1, let name = stored[reading[0]].name { return .name(name) }
        if reading.isEmpty { return .none(sameType: sameType.compactMap { stored[$0].name }) }
        return .ambiguous(reading.compactMap { stored[$0].name })
    }
}
