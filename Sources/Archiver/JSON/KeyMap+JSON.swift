import Foundation

extension KeyMap {
    /// Builds a model from an object inside a parsed JSON text, read as a response object:
    /// each property straight from the text, under its server key.
    ///
    /// ```swift
    /// let user = try User.decode(json: body)  // calls User.keyMap.decode(parsedJSON:)
    /// ```
    ///
    /// - Throws: ``ArchiveDecodingError`` naming the type, the key path, what was expected and
    ///   what was found, as ``decode(_:from:)`` does.
    public func decode(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) -> Model {
        guard isUsable else { throw unusable() }
        guard value.kind == .object else { throw .typeMismatch(Model.self, found: value) }
        return try ValueNesting.descend(orElse: { (refusal) throws(ArchiveDecodingError) -> Model in throw .refused(Model.self, refusal) }) {
            () throws(ArchiveDecodingError) -> Model in try construct(parsedJSONObject: value)
        }
    }

    /// ``decode(parsedJSON:)`` one level deeper, on whichever stack ``ValueNesting`` chose.
    private func construct(parsedJSONObject value: ParsedJSON) throws(ArchiveDecodingError) -> Model {
        try withUnsafeTemporaryAllocation(of: Int32.self, capacity: fields.count) { slots throws(ArchiveDecodingError) in
            locateMembers(of: value, in: slots)
            return try constructFromJSON(fields, value.document, UnsafeBufferPointer(slots))
        }
    }

    /// Finds each field's value token in one pass over the object's members. Servers usually
    /// send keys in a fixed order, often the model's, so each key is compared first with the
    /// field after the one that matched last. A key that appears twice is found twice, and the
    /// last one counts.
    private func locateMembers(of object: ParsedJSON, in slots: UnsafeMutableBufferPointer<Int32>) {
        slots.initialize(repeating: -1)
        let document = object.document
        let fieldCount = fields.count
        var member = object.index + 1
        let end = Int(document.tokens[object.index].next)
        var guess = 0
        while member < end {
            var candidate = guess
            for _ in 0..<fieldCount {
                if candidate == fieldCount { candidate = 0 }
                let field = fields[candidate]
                if !field.isExcluded, document.string(at: member, equals: field.serverJSONKey) {
                    slots[candidate] = Int32(member + 1)
                    guess = candidate + 1
                    break
                }
                candidate += 1
            }
            member = Int(document.tokens[member + 1].next)
        }
    }
}

extension KeyMapField {
    /// Reads this property from its value token in parsed JSON (`slot`, or -1 when the key is
    /// missing), naming `model` and the server key in any error, as ``decode(_:in:from:model:)``.
    @usableFromInline
    func decode<Property: KeyMapValue>(
        _ type: Property.Type, parsedJSON document: JSONDocument, at slot: Int32, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        guard isPlain else { return try decodeSpecially(Property.self, parsedJSON: document, at: slot, model: model) }
        return try decodePlain(Property.self, parsedJSON: document, at: slot, model: model)
    }

    private func decodePlain<Property: KeyMapValue>(
        _ type: Property.Type, parsedJSON document: JSONDocument, at slot: Int32, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        guard slot >= 0 else { return try missingValue(Property.self, key: serverKey, model: model) }
        let value = ParsedJSON(document: document, index: Int(slot))
        do throws(ArchiveDecodingError) {
            return try Property(parsedJSON: value)
        } catch {
            return try recover(Property.self, from: error, parsedJSON: value, model: model)
        }
    }

    @inline(never)
    private func recover<Property: KeyMapValue>(
        _ type: Property.Type, from error: ArchiveDecodingError, parsedJSON value: ParsedJSON, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        if value.isNull { return try missingValue(Property.self, key: serverKey, model: model, found: NSNull()) }
        throw error.nested(in: model, at: [.key(serverKey)])
    }

    /// Excluded and strict properties, and transforms, which take Foundation objects.
    @inline(never)
    private func decodeSpecially<Property: KeyMapValue>(
        _ type: Property.Type, parsedJSON document: JSONDocument, at slot: Int32, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        if isExcluded { return try excludedValue(Property.self, model: model) }
        if transform == nil {
            // A strict entry: its collections fail on an invalid element instead of dropping it.
            return try KeyMapDecodingContext.strictly { () throws(ArchiveDecodingError) in
                try decodePlain(Property.self, parsedJSON: document, at: slot, model: model)
            }
        }
        guard slot >= 0, let transform else { return try missingValue(Property.self, key: serverKey, model: model) }
        let value = ParsedJSON(document: document, index: Int(slot))
        do throws(ArchiveDecodingError) {
            guard let decoded = try transform.decode(value.foundationObject) as? Property else {
                throw ArchiveDecodingError(type: model, reason: .custom("the transform does not produce a \(Property.keyMapTypeDescription)"))
            }
            return decoded
        } catch {
            return try recover(Property.self, from: error, parsedJSON: value, model: model)
        }
    }
}
