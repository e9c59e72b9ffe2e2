import Foundation

// How `archiveValue` reads a property at its verified offset. A key-mapped property, and each
// element of an array of key-mapped values, is archived where it is, by its map, as a store
// writes it (KeyMap+PropertyList.swift): going through its `keyMapArchiveValue` copied the whole
// nested value, through its type's value witnesses, before archiving it.

extension KeyMap {
    /// How archiving reads the property of type `Value` at `offset` in a model, given the
    /// model's address: its archive value, or `nil` to leave the key out.
    @usableFromInline
    static func archiveReader<Value: KeyMapValue>(_ type: Value.Type, at offset: Int, field: KeyMapField) -> (ModelAddress) -> Any? {
        if let transform = field.transform {
            return { model in
                var objects = ArchiveObjects()
                return ArchiveWriting.transformed(model[Value.self, at: offset], by: transform, into: &objects, depth: 0)
            }
        }
        if let mapped = Value.self as? any KeyMapped.Type {
            return nestedArchiveReader(mapped, at: offset)
        }
        if let models = Value.self as? any KeyMappedArray.Type {
            return models.archiveReader(at: offset)
        }
        return { model in model[Value.self, at: offset].keyMapArchiveValue }
    }

    /// The key map is looked up when a value is archived, not now: a type may hold itself.
    private static func nestedArchiveReader<Nested: KeyMapped>(_ type: Nested.Type, at offset: Int) -> (ModelAddress) -> Any? {
        { model in Nested.keyMap.archive(at: model.nested(at: offset)) }
    }

    /// ``archive(of:)`` of the model at `address`, without a copy of it.
    func archive(at address: ModelAddress) -> Archive {
        ValueNesting.descend(orElse: { ValueNesting.refusedArchive($0) }) {
            guard jsonObject.readsStoredProperties else {
                return archiveInPlace(of: address[Model.self, at: 0])
            }
            return archiveFields(at: address)
        }
    }

    /// The fields of the model at `address`, read at their verified offsets.
    @usableFromInline
    func archiveFields(at address: ModelAddress) -> Archive {
        var objects = ArchiveObjects()
        return ArchiveWriting.fields(storeEntries, at: address, into: &objects, depth: 0)
    }

    /// ``archive(of:)`` of a model whose values `Mirror` reports: an empty archive when they are
    /// not as many as the map's fields.
    @usableFromInline
    func archiveMirrored(of model: Model) -> Archive {
        guard case .mirror(let encoders, _) = readers else { return [:] }
        let values = Reflection.propertyValues(of: model)
        guard values.count == fields.count else { return [:] }
        var objects = ArchiveObjects()
        return ArchiveWriting.fields(of: values, fields, into: &objects, depth: 0) { index, value, _, _ in encoders[index](value) }
    }

    /// How archiving reads a property whose value `Mirror` reports: `nil`, to leave it out, for
    /// a value of another type.
    @usableFromInline
    static func archiveReader<Value: KeyMapValue>(mirroring type: Value.Type, field: KeyMapField) -> (Any) -> Any? {
        if let transform = field.transform {
            return { value in
                var objects = ArchiveObjects()
                return ArchiveWriting.transformed(value, by: transform, into: &objects, depth: 0)
            }
        }
        return { value in (value as? Value)?.keyMapArchiveValue }
    }
}

/// An array of key-mapped values, whose elements archiving reads where they are.
protocol KeyMappedArray {
    static func archiveReader(at offset: Int) -> (ModelAddress) -> Any?
}

extension Array: KeyMappedArray where Element: KeyMapped {
    /// Each element's archive, as `keyMapArchiveValue` gives them, by the map looked up once per
    /// array.
    static func archiveReader(at offset: Int) -> (ModelAddress) -> Any? {
        { model in
            let map = Element.keyMap
            var archives: [Any] = []
            archives.reserveCapacity(model[[Element].self, at: offset].count)
            KeyMapStoredOffsets.forEachElement(of: model[[Element].self, at: offset]) { element, _ in
                archives.append(map.archive(at: element))
            }
            return archives
        }
    }
}
