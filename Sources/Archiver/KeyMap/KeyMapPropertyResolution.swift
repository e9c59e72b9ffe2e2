/// Which stored property each key-path entry reads.
///
/// In a struct the resolution is exact and independent of the property types:
/// `MemoryLayout<Model>.offset(of:)` gives the byte offset of the property a key path reads, and
/// ``storedFields(of:declaredTypes:)`` names the stored property at that offset and of that type,
/// from `Mirror` and the layout rule of Swift structs, all public Swift. Two `Bool`s, five `Date?`s
/// or three enums of one type have different offsets, so nothing can be ambiguous. A key path
/// with no offset reads a computed property; one whose offset and type match no field reads a
/// property of a property (`\.restaurant.name`). Types are the declared ones, the initializer's
/// parameters: `Mirror` names a class instance by its own class, which may be a subclass.
///
/// Zero-sized properties (a single-case enum, an empty struct) all sit at offset 0 and have one
/// value each, so neither offsets nor values tell two of one type apart; a key path of such a
/// type names the one zero-sized property of its type, and an entry is refused when several
/// share it.
///
/// Only in a class, whose key paths have no offset, or a struct whose layout `Mirror` cannot tell,
/// is the property told by a probe instance whose strings and numbers differ from property to
/// property.
///
/// A type with a custom mirror resolves nothing: its `Mirror` need not be its stored properties,
/// and the initializer validator refuses the map.
enum KeyMapPropertyResolution {
    /// The entries by property name, and a problem for each key path that reads no single
    /// stored property.
    static func entries<Model>(
        for properties: [KeyMapProperty<Model>], parameters: [KeyMapParameter], probe: Model?, placeholder: Model?, typeName: String
    ) -> (entries: [(name: String, entry: KeyMapEntry)], problems: [KeyMapProblem]) {
        // Without an instance nothing can be resolved; the initializer validator says why.
        guard !properties.isEmpty, let instance = probe ?? placeholder else { return ([], []) }
        let reflected = Reflection.storedProperties(of: instance, declaredTypes: parameters)
        guard !reflected.hasCustomMirror else { return ([], []) }
        let fields = storedFields(of: reflected, size: MemoryLayout<Model>.size)
        var entries: [(name: String, entry: KeyMapEntry)] = []
        var problems: [KeyMapProblem] = []
        for property in properties {
            if property.isZeroSized {
                switch resolveZeroSized(property, stored: reflected.properties, fields: fields) {
                case .name(let name): entries.append((name, property.entry))
                case .none(let sameType): problems.append(readsNoStoredProperty(property, typeName: typeName, sameType: sameType))
                case .ambiguous(let candidates):
                    let problem = KeyMapProblem(kind: .unknownEntry, message:
                        "an entry for a property of type \(property.valueTypeName) of \(typeName) could be for any of \(candidates.joined(separator: ", ")): "
                        + "zero-sized properties of one type share their offset and their one value, so nothing tells them apart; "
                        + "give each its own type, or none of them an entry")
                    // Their key paths are equal too: entries for two of them are one problem.
                    if !problems.contains(problem) { problems.append(problem) }
                }
                continue
            }
            if let fields {
                let atOffset = property.offset.map { offset in
                    fields.filter { $0.offset == offset && $0.typeIdentifier == property.valueType }
                } ?? []
                if atOffset.count == 1 {
                    entries.append((atOffset[0].name, property.entry))
                    continue
                }
                if atOffset.isEmpty {
                    let sameType = fields.filter { $0.typeIdentifier == property.valueType }.map(\.name)
                    problems.append(readsNoStoredProperty(property, typeName: typeName, sameType: sameType))
                    continue
                }
            }
            // A class: compare values on a probe.
            switch resolveWithProbe(property, instance: instance, stored: reflected.properties) {
            case .name(let name): entries.append((name, property.entry))
            case .none(let sameType): problems.append(readsNoStoredProperty(property, typeName: typeName, sameType: sameType))
            case .ambiguous(let candidates):
                problems.append(KeyMapProblem(kind: .unknownEntry, message:
                    "the key path \(property.keyPath) could read any of \(candidates.joined(separator: ", ")) of \(typeName), which hold equal values in a probe instance; give the \(property.valueTypeName) properties of a class distinct placeholders"))
            }
        }
        return (entries, problems)
    }

    /// One stored property of a struct, from its field record.
    struct StoredField {
        let name: String
        let offset: Int
        let typeIdentifier: ObjectIdentifier
    }

    /// The stored properties of `instance`'s type with their byte offsets, or `nil` when it is no
    /// struct or its layout cannot be told. `declaredTypes`, the initializer's parameters, give
    /// class-typed properties their declared type.
    static func storedFields<Model>(of instance: Model, declaredTypes: [KeyMapParameter] = []) -> [StoredField]? {
        storedFields(of: Reflection.storedProperties(of: instance, declaredTypes: declaredTypes), size: MemoryLayout<Model>.size)
    }

    /// The stored properties `reflected` lists, with their byte offsets, or `nil` when they are
    /// no struct's or their sizes do not add up to `size`.
    ///
    /// `Mirror` lists a struct's stored properties in declaration order, and Swift lays a struct
    /// out in that order, each property at the next offset its alignment allows (zero-sized ones
    /// aside, which take no room wherever they are). The offsets follow from the properties'
    /// types; a type whose sizes do not add up to its own gives `nil`, and its key paths are
    /// told by a probe instead.
    private static func storedFields(of reflected: Reflection.Reflected, size: Int) -> [StoredField]? {
        guard reflected.isStruct, !reflected.hasCustomMirror else { return nil }
        var fields: [StoredField] = []
        var end = 0
        for property in reflected.properties {
            guard let name = property.name else { return nil }
            let offset = (end + property.alignment - 1) / property.alignment * property.alignment
            fields.append(StoredField(name: name, offset: offset, typeIdentifier: property.typeIdentifier))
            end = offset + property.size
        }
        return end == size ? fields : nil
    }

    private static func readsNoStoredProperty<Model>(_ property: KeyMapProperty<Model>, typeName: String, sameType: [String]) -> KeyMapProblem {
        KeyMapProblem(kind: .unknownEntry, message:
            "the key path \(property.keyPath) reads no stored property of \(typeName) (a computed property cannot have an entry; stored \(property.valueTypeName) properties: \(sameType.isEmpty ? "none" : sameType.joined(separator: ", ")))")
    }

    private enum Resolution {
        case name(String)
        case none(sameType: [String])
        case ambiguous([String])
    }

    /// A zero-sized property, told by its type: the one stored property of that type.
    ///
    /// The check that it is a stored property of the model: its key path has an offset (a
    /// computed property's has none), and the offset is where the model keeps its zero-sized
    /// properties (0, or where the layout rule places it), not inside another property, as
    /// `\.restaurant.kind`'s is. A property of a property at offset 0 that has the type of one of
    /// the model's own zero-sized properties is the one case this cannot tell.
    private static func resolveZeroSized<Model>(_ property: KeyMapProperty<Model>, stored: [Reflection.StoredProperty], fields: [StoredField]?) -> Resolution {
        let sameType = stored.filter { $0.typeIdentifier == property.valueType && !$0.isLazy }.compactMap(\.name)
        guard let offset = property.offset else { return .none(sameType: sameType) }
        let candidates = sameType.filter { name in
            offset == 0 || fields?.contains { $0.name == name && $0.offset == offset } == true
        }
        switch candidates.count {
        case 0: return .none(sameType: sameType)
        case 1: return .name(candidates[0])
        default: return .ambiguous(candidates)
        }
    }

    private static func resolveWithProbe<Model>(_ property: KeyMapProperty<Model>, instance: Model, stored: [Reflection.StoredProperty]) -> Resolution {
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
