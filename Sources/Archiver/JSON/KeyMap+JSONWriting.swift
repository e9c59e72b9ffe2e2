import Foundation

// `jsonData()` writes a key-mapped value's JSON text directly: the key map walks its members,
// laid out once per map (server keys escaped, nested `"a.b"` keys grouped into objects), and
// reads each property at its verified offset, as a store does (KeyMap+PropertyList.swift), with
// no node tree and no `Any` box for the values the writer knows (JSONWritable.swift). A map that
// reads with `Mirror` writes the values `Mirror` reports, through their archive forms.

/// How `jsonData()` writes one property of a model, given the model's address and the
/// property's encoded key: the member, or nothing when it is `nil`.
@usableFromInline
struct StoredJSONWriter {
    let write: (ModelAddress, [UInt8], inout JSONWriter, Int) throws(JSONWriteFailure) -> Void
}

/// One member of an object a key map writes: a property, or an object that nested server keys
/// (`owner.login`, `owner.id`) share.
///
/// A class, walked as `AnyObject`, for the reason ``KeyMapStoreEntry`` is.
final class KeyMapJSONMember {
    /// The member's key as ``JSONWriter/key(encoded:)`` writes it.
    let key: [UInt8]
    /// The property, for a member that is one.
    let field: KeyMapField?
    /// The property's place among the map's fields, which `Mirror` reports the values in.
    let fieldIndex: Int
    /// How the property is read at its offset and written; `nil` when the map reads with `Mirror`.
    let stored: StoredJSONWriter?
    /// The members of a nested object, in the order of the fields: each a `KeyMapJSONMember`.
    fileprivate(set) var members: [AnyObject] = []

    init(key: String, field: KeyMapField?, fieldIndex: Int, stored: StoredJSONWriter?) {
        self.key = JSONWriter.encodedKey(key)
        self.field = field
        self.fieldIndex = fieldIndex
        self.stored = stored
    }
}

/// The members of the object a key map writes, laid out when the map is built.
@usableFromInline
final class KeyMapJSONObject {
    /// Each a ``KeyMapJSONMember``, in the order of the fields.
    let members: [AnyObject]
    /// Why the map cannot write JSON at all: two properties whose server keys are one inside
    /// the other (`owner` and `owner.login`), which one object cannot hold both of.
    let conflict: String?
    /// Whether every member has its writer at an offset, or the map reads with `Mirror`.
    let readsStoredProperties: Bool

    /// The members of `fields` (those not excluded), each with its writer from `stored` when the
    /// map reads at offsets.
    init(fields: [KeyMapField], stored: [StoredJSONWriter]?, typeName: String) {
        var members: [AnyObject] = []
        var conflict: String?
        var next = stored?.makeIterator()
        for (index, field) in fields.enumerated() where !field.isExcluded {
            let writer = next?.next()
            let path = field.serverPaths.first ?? [field.serverKey]
            let leaf = KeyMapJSONMember(key: path[path.count - 1], field: field, fieldIndex: index, stored: writer)
            if let other = Self.insert(leaf, at: path.dropLast(), into: &members), conflict == nil {
                conflict = "\(typeName).\(field.name) and \(typeName).\(other) write the same server key \(path.joined(separator: "."))"
            }
        }
        self.members = members
        self.conflict = conflict
        readsStoredProperties = stored != nil
    }

    /// Adds `leaf` inside the nested objects `objects` names (creating those missing); the name
    /// of a field already written at the leaf's key or at an object's key on the way, in which
    /// case nothing is added.
    private static func insert(_ leaf: KeyMapJSONMember, at objects: ArraySlice<String>, into members: inout [AnyObject]) -> String? {
        let key = objects.first.map(JSONWriter.encodedKey) ?? leaf.key
        let existing = members.lazy.map { InvariantCasts.downcast($0, to: KeyMapJSONMember.self) }.first { $0.key == key }
        guard let first = objects.first else {
            guard let existing else {
                members.append(leaf)
                return nil
            }
            return existing.field?.name ?? firstField(in: existing)
        }
        if let existing {
            if let field = existing.field { return field.name }
            return insert(leaf, at: objects.dropFirst(), into: &existing.members)
        }
        let object = KeyMapJSONMember(key: first, field: nil, fieldIndex: -1, stored: nil)
        members.append(object)
        return insert(leaf, at: objects.dropFirst(), into: &object.members)
    }

    /// The name of a field inside the nested object `object`.
    private static func firstField(in object: KeyMapJSONMember) -> String? {
        for member in object.members {
            let member = InvariantCasts.downcast(member, to: KeyMapJSONMember.self)
            if let field = member.field { return field.name }
            if let name = firstField(in: member) { return name }
        }
        return nil
    }

    /// Writes an object of `members`, from `source`, at nesting `depth`.
    static func write<Source: JSONMemberSource>(
        _ members: [AnyObject], from source: Source, into output: inout JSONWriter, depth: Int
    ) throws(JSONWriteFailure) {
        output.beginObject()
        for index in members.indices {
            // Only `insert` fills the arrays, with `KeyMapJSONMember`s; `members` holds each for
            // the call, which therefore takes no retain of the member or of what it holds.
            let failure = InvariantCasts.withUnretained(members, at: index, as: KeyMapJSONMember.self) {
                member -> JSONWriteFailure? in
                do throws(JSONWriteFailure) {
                    guard let field = member.field else {
                        try writeNested(member, from: source, into: &output, depth: depth)
                        return nil
                    }
                    do throws(JSONWriteFailure) {
                        try source.write(member, field: field, into: &output, depth: depth)
                    } catch {
                        throw error.inside(.key(field.name))
                    }
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
        }
        output.endObject()
    }

    /// Writes a nested object under its key, or nothing when none of its members is written.
    private static func writeNested<Source: JSONMemberSource>(
        _ object: KeyMapJSONMember, from source: Source, into output: inout JSONWriter, depth: Int
    ) throws(JSONWriteFailure) {
        try JSONWriteFailure.requireLevel(depth + 1)
        let mark = output.mark
        output.key(encoded: object.key)
        let empty = output.count + 2  // `{}`
        try write(object.members, from: source, into: &output, depth: depth + 1)
        if output.count == empty { output.rewind(to: mark) }
    }
}

/// Where the members' values come from: the model's memory, or what `Mirror` reported.
protocol JSONMemberSource {
    func write(_ member: KeyMapJSONMember, field: KeyMapField, into output: inout JSONWriter, depth: Int) throws(JSONWriteFailure)
}

/// A model read at its verified offsets.
private struct StoredMembers: JSONMemberSource {
    let address: ModelAddress

    func write(_ member: KeyMapJSONMember, field: KeyMapField, into output: inout JSONWriter, depth: Int) throws(JSONWriteFailure) {
        // The map reads at offsets, so every member of its object has its writer.
        try InvariantCasts.unwrapped(member.stored).write(address, member.key, &output, depth)
    }
}

/// A model whose values `Mirror` reported, in the order of the fields.
private struct ReflectedMembers: JSONMemberSource {
    let values: [Any]

    func write(_ member: KeyMapJSONMember, field: KeyMapField, into output: inout JSONWriter, depth: Int) throws(JSONWriteFailure) {
        try JSONArchiveValueWriter.writeMember(values[member.fieldIndex], field: field, key: member.key, into: &output, depth: depth)
    }
}

extension KeyMap {
    /// Writes `model` as an object of its server keys, at nesting `depth`.
    func writeJSON(of model: Model, into output: inout JSONWriter, depth: Int) throws(JSONWriteFailure) {
        guard jsonObject.readsStoredProperties else { return try writeJSON(reflecting: model, into: &output, depth: depth) }
        try KeyMapStoredOffsets.withAddress(of: model) { (address) throws(JSONWriteFailure) in
            try writeJSON(at: address, into: &output, depth: depth)
        }
    }

    /// ``writeJSON(of:into:depth:)`` for the model at `address`: a model nested in another is
    /// written where it is, without a copy.
    func writeJSON(at address: ModelAddress, into output: inout JSONWriter, depth: Int) throws(JSONWriteFailure) {
        let object = jsonObject
        guard object.readsStoredProperties else {
            return try writeJSON(reflecting: address[Model.self, at: 0], into: &output, depth: depth)
        }
        try requireJSON(depth: depth)
        try KeyMapJSONObject.write(object.members, from: StoredMembers(address: address), into: &output, depth: depth)
    }

    /// ``writeJSON(of:into:depth:)`` from the values `Mirror` reports: for a map whose offsets
    /// could not be verified, and for tests that compare both ways.
    func writeJSON(reflecting model: Model, into output: inout JSONWriter, depth: Int) throws(JSONWriteFailure) {
        try requireJSON(depth: depth)
        let values = Reflection.propertyValues(of: model)
        guard values.count == fields.count else {
            throw JSONWriteFailure("\(Model.self) has \(values.count) stored properties, where its key map has \(fields.count)")
        }
        try KeyMapJSONObject.write(jsonObject.members, from: ReflectedMembers(values: values), into: &output, depth: depth)
    }

    private func requireJSON(depth: Int) throws(JSONWriteFailure) {
        try JSONWriteFailure.requireLevel(depth)
        guard isUsable else {
            throw JSONWriteFailure("\(Model.self)'s key map is unusable: \(problems.map(\.message).joined(separator: "; "))")
        }
        if let conflict = jsonObject.conflict { throw JSONWriteFailure(conflict) }
    }

    /// The members `jsonData()` writes, with each property's writer when `readers` reads at offsets.
    @usableFromInline
    static func jsonObject(of readers: Readers, fields: [KeyMapField]) -> KeyMapJSONObject {
        let stored: [StoredJSONWriter]? = if case .readers(let entries) = readers { entries.map(\.json) } else { nil }
        return KeyMapJSONObject(fields: fields, stored: stored, typeName: String(describing: Model.self))
    }

    /// How `jsonData()` writes the property of type `Value` at `offset` in a model.
    @usableFromInline
    static func jsonWriter<Value: KeyMapValue>(_ type: Value.Type, at offset: Int, field: KeyMapField) -> StoredJSONWriter {
        if field.transform != nil || field.dates != nil {
            return StoredJSONWriter { model, key, output, depth throws(JSONWriteFailure) in
                let value = model[Value.self, at: offset]
                try JSONArchiveValueWriter.writeMember(value, field: field, key: key, into: &output, depth: depth)
            }
        }
        if let mapped = Value.self as? any KeyMapped.Type {
            return nestedJSONWriter(mapped, at: offset)
        }
        if let leaf = Value.self as? any JSONLeafWritable.Type {
            return leafJSONWriter(leaf, at: offset)
        }
        let member = JSONValueWriters.memberWriter(for: Value.self).write
        return StoredJSONWriter { model, key, output, depth throws(JSONWriteFailure) in
            try member(model[Value.self, at: offset], key, &output, depth)
        }
    }

    /// The writer of a property whose type writes itself: one call, with the property read where it is.
    private static func leafJSONWriter<Leaf: JSONLeafWritable>(_ type: Leaf.Type, at offset: Int) -> StoredJSONWriter {
        StoredJSONWriter { model, key, output, _ throws(JSONWriteFailure) in
            output.key(encoded: key)
            try Leaf.writeJSON(model[Leaf.self, at: offset], into: &output)
        }
    }

    /// The writer of a key-mapped property at `offset`, which writes it where it is. The key map
    /// is looked up when a value is written, not now: a type may hold itself.
    private static func nestedJSONWriter<Nested: KeyMapped>(_ type: Nested.Type, at offset: Int) -> StoredJSONWriter {
        StoredJSONWriter { model, key, output, depth throws(JSONWriteFailure) in
            output.key(encoded: key)
            try Nested.keyMap.writeJSON(at: model.nested(at: offset), into: &output, depth: depth + 1)
        }
    }
}

extension JSONValueWriters {
    /// How an array of key-mapped values is written: each element where it is in the array's
    /// buffer, by the map looked up once per array.
    static func modelArrayWriter<Model: KeyMapped>(_ type: Model.Type) -> Any {
        JSONValueWriter<[Model]> { array, output, depth throws(JSONWriteFailure) in
            try JSONWriteFailure.requireLevel(depth + 1)
            let map = Model.keyMap
            output.beginArray()
            try KeyMapStoredOffsets.forEachElement(of: array) { (element, index) throws(JSONWriteFailure) in
                do throws(JSONWriteFailure) {
                    try map.writeJSON(at: element, into: &output, depth: depth + 2)
                } catch {
                    throw error.inside(.index(index))
                }
            }
            output.endArray()
        }
    }
}
