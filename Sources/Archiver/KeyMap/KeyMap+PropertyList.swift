import Foundation

// A key-mapped value's store writes its binary property list directly: the key map walks its
// fields and hands each value to the writer, with no archive dictionary for the model levels
// and no `Any` box for the values the writer knows (strings, integers, Booleans, Doubles, dates,
// data, arrays and optionals of them, nested key-mapped values). Every other value — a custom
// ``KeyMapValue`` conversion, a hand-written ``ArchiveRepresentable``, a Codable value, a
// transform's result — goes through its public `keyMapArchiveValue` (or the transform) and is
// checked by the writer as any archive value is, so the bytes are those of `archiveValue`.

/// How one property of a model, or one value of some type, is written: the object number, or
/// `nil` for a value archives leave out (`nil`, an element a collection drops).
@usableFromInline
struct PropertyListFieldWriter<Input> {
    let write: (Input, inout BinaryPropertyListWriter, Int) throws(BinaryPropertyListWriter.Failure) -> Int?
}

/// One property as a store writes it and a nested `archiveValue` reads it: its archive key, its
/// writer and its reader, given the model's address.
///
/// A class, held in `[AnyObject]`: in the library's code, which is not compiled for an app's
/// model, walking an array of `KeyMap<Model>.ArchiveEntry` called that nested type's metadata
/// accessor, a lookup in the runtime's cache, on every value written. Walking references needs
/// no metadata, and an instance's
/// members are found through the instance itself.
final class KeyMapStoreEntry {
    let key: String
    let write: (ModelAddress, inout BinaryPropertyListWriter, Int) throws(BinaryPropertyListWriter.Failure) -> Int?
    /// The property's archive value, as `archiveValue` reads it.
    let read: (ModelAddress) -> Any?

    init(key: String, write: StoredPropertyWriter, read: @escaping (ModelAddress) -> Any?) {
        self.key = key
        self.write = write.write
        self.read = read
    }
}

/// How a store writes one property of a model, given the model's address: a type of its own
/// rather than a `PropertyListFieldWriter<ModelAddress>`, whose closure, generic, would be
/// called through a reabstraction thunk.
@usableFromInline
struct StoredPropertyWriter {
    let write: (ModelAddress, inout BinaryPropertyListWriter, Int) throws(BinaryPropertyListWriter.Failure) -> Int?
}

/// A type whose values the writer takes without their `keyMapArchiveValue`: a writer made once
/// per type, when a key map that holds it is built.
protocol PropertyListWritable {
    /// A `PropertyListFieldWriter<Self>`.
    static func makePropertyListWriter() -> Any
}

enum PropertyListValueWriters {
    /// How values of `Value` are written, decided once per property: directly for the types the
    /// writer knows and for key-mapped types, through `keyMapArchiveValue` for the others.
    static func writer<Value: KeyMapValue>(for type: Value.Type) -> PropertyListFieldWriter<Value> {
        if let writable = Value.self as? any PropertyListWritable.Type,
           let writer = writable.makePropertyListWriter() as? PropertyListFieldWriter<Value> {
            return writer
        }
        if let mapped = Value.self as? any KeyMapped.Type, let writer = keyMapped(mapped) as? PropertyListFieldWriter<Value> {
            return writer
        }
        return PropertyListFieldWriter { value, writer, depth throws(BinaryPropertyListWriter.Failure) in
            try ArchiveWriting.throughArchiveValue(value, into: &writer, depth: depth)
        }
    }

    /// The key map is looked up when a value is written, not now: a type may hold itself.
    private static func keyMapped<Model: KeyMapped>(_ type: Model.Type) -> Any {
        PropertyListFieldWriter<Model> { model, writer, depth throws(BinaryPropertyListWriter.Failure) in
            try Model.keyMap.writePropertyList(of: model, into: &writer, depth: depth)
        }
    }
}

extension KeyMap {
    /// Writes `model`'s archive as a dictionary, at nesting `depth`, and returns its object
    /// number: each property that is not excluded and not `nil`, under its archive key, as
    /// ``archive(of:)`` builds it.
    func writePropertyList(
        of model: Model, into writer: inout BinaryPropertyListWriter, depth: Int
    ) throws(BinaryPropertyListWriter.Failure) -> Int {
        let writers: [PropertyListFieldWriter<Any>]
        switch readers {
        case .readers:
            return try KeyMapStoredOffsets.withAddress(of: model) { (address) throws(BinaryPropertyListWriter.Failure) -> Int in
                try writePropertyList(at: address, into: &writer, depth: depth)
            }
        case .mirror(_, let mirrorWriters):
            writers = mirrorWriters
        }
        // A map with problems stores nothing rather than an empty archive, which would load as
        // another value (or not at all) and lose the one stored.
        guard isUsable else { throw unusableFailure() }
        return try DeepRecursion.descend(unavailable: { BinaryPropertyListWriter.Failure(found: $0.description) }) {
            () throws(BinaryPropertyListWriter.Failure) -> Int in
            let values = Reflection.propertyValues(of: model)
            guard values.count == fields.count else {
                throw BinaryPropertyListWriter.Failure(
                    found: "\(Model.self) with \(values.count) stored properties, where its key map has \(fields.count)")
            }
            let container = try ArchiveWriting.fields(of: values, fields, into: &writer, depth: depth) {
                (index, value, writer, depth) throws(BinaryPropertyListWriter.Failure) in
                try writers[index].write(value, &writer, depth)
            }
            writer.end(container)
            return container.object
        }
    }

    /// ``writePropertyList(of:into:depth:)`` for the model at `address`: a model nested in
    /// another is written where it is, without a copy.
    func writePropertyList(
        at address: ModelAddress, into writer: inout BinaryPropertyListWriter, depth: Int
    ) throws(BinaryPropertyListWriter.Failure) -> Int {
        guard case .readers = readers else {
            return try writePropertyList(of: address[Model.self, at: 0], into: &writer, depth: depth)
        }
        guard isUsable else { throw unusableFailure() }
        return try DeepRecursion.descend(unavailable: { BinaryPropertyListWriter.Failure(found: $0.description) }) {
            () throws(BinaryPropertyListWriter.Failure) -> Int in
            let container = try ArchiveWriting.fields(storeEntries, at: address, into: &writer, depth: depth)
            writer.end(container)
            return container.object
        }
    }

    private func unusableFailure() -> BinaryPropertyListWriter.Failure {
        BinaryPropertyListWriter.Failure(found: "\(Model.self), whose key map is unusable: \(problems.map(\.message).joined(separator: "; "))")
    }

    /// The entries of `readers` as a store walks them (none for the `Mirror` form): each a
    /// `KeyMapStoreEntry`.
    @usableFromInline
    static func storeEntries(of readers: Readers) -> [AnyObject] {
        guard case .readers(let entries) = readers else { return [] }
        return entries.map { KeyMapStoreEntry(key: $0.key, write: $0.write, read: $0.read) }
    }

    /// The writer of the property of type `Value` at `offset` in a model, given the model's address.
    @usableFromInline
    static func propertyListWriter<Value: KeyMapValue>(
        _ type: Value.Type, at offset: Int, field: KeyMapField
    ) -> StoredPropertyWriter {
        if let transform = field.transform {
            return StoredPropertyWriter { model, writer, depth throws(BinaryPropertyListWriter.Failure) in
                try ArchiveWriting.transformed(model[Value.self, at: offset], by: transform, into: &writer, depth: depth)
            }
        }
        if let mapped = Value.self as? any KeyMapped.Type {
            return nestedWriter(mapped, at: offset)
        }
        let value = PropertyListValueWriters.writer(for: Value.self).write
        return StoredPropertyWriter { model, writer, depth throws(BinaryPropertyListWriter.Failure) in
            try value(model[Value.self, at: offset], &writer, depth)
        }
    }

    /// The writer of a key-mapped property at `offset`, which writes it where it is. The key map
    /// is looked up when a value is written, not now: a type may hold itself.
    private static func nestedWriter<Nested: KeyMapped>(_ type: Nested.Type, at offset: Int) -> StoredPropertyWriter {
        StoredPropertyWriter { model, writer, depth throws(BinaryPropertyListWriter.Failure) in
            try Nested.keyMap.writePropertyList(at: model.nested(at: offset), into: &writer, depth: depth)
        }
    }

    /// The writer of a property whose value `Mirror` reports.
    @usableFromInline
    static func propertyListWriter<Value: KeyMapValue>(mirroring type: Value.Type, field: KeyMapField) -> PropertyListFieldWriter<Any> {
        if let transform = field.transform {
            return PropertyListFieldWriter { value, writer, depth throws(BinaryPropertyListWriter.Failure) in
                try ArchiveWriting.transformed(value, by: transform, into: &writer, depth: depth)
            }
        }
        let writeValue = PropertyListValueWriters.writer(for: Value.self)
        return PropertyListFieldWriter { value, writer, depth throws(BinaryPropertyListWriter.Failure) in
            guard let value = value as? Value else { return nil }
            return try writeValue.write(value, &writer, depth)
        }
    }
}

extension KeyMapped {
    /// Binary property-list bytes of this value's archive, written by its key map directly.
    func propertyListData(maximumDepth: Int) throws(PropertyListError) -> Data {
        try BinaryPropertyListWriter.data(maximumDepth: maximumDepth) { (writer) throws(BinaryPropertyListWriter.Failure) -> Int in
            try Self.keyMap.writePropertyList(of: self, into: &writer, depth: 0)
        }
    }
}

extension PropertyListCoding {
    /// Binary property-list bytes for the archive of `value`: a key-mapped value's written by
    /// its key map and an ``ArchiveCodable`` value's by the Codable bridge, without building its
    /// archive dictionary; any other value's from ``ArchiveRepresentable/archiveValue``.
    ///
    /// - Throws: ``PropertyListError/unsupportedValue(keyPath:found:)`` naming the first value a
    ///   property list cannot hold; nothing is produced then.
    static func data<Value: ArchiveRepresentable>(of value: Value, maximumDepth: Int = defaultMaximumDepth) throws(PropertyListError) -> Data {
        if let mapped = value as? any KeyMapped {
            return try mapped.propertyListData(maximumDepth: maximumDepth)
        }
        if let codable = value as? any ArchiveCodable {
            return try codable.propertyListData(maximumDepth: maximumDepth)
        }
        return try data(for: value.archiveValue, maximumDepth: maximumDepth)
    }
}
