import Foundation

extension KeyMapped {
    /// Decodes a value from JSON text, such as a server's response body, straight through the
    /// key map: ``Serializable/decode(json:)`` for a type known to be key-mapped, without asking
    /// at run time how the type reads itself.
    ///
    /// ```swift
    /// let user = try User.decode(json: body)
    /// // throws: User.user_reviews[1].restaurant.id: expected String, found nothing
    /// ```
    ///
    /// - Throws: ``ArchiveDecodingError``, as ``Serializable/decode(json:)``.
    @inlinable
    public static func decode(json: Data) throws(ArchiveDecodingError) -> Self {
        try keyMap.decode(json: parse(json), at: 0)
    }
}

extension KeyMap where Model: KeyMapped {
    /// Builds a model from the object at `index` of a parsed JSON text, read as a response
    /// object: each property straight from the text, under its server key.
    ///
    /// ```swift
    /// let user = try User.decode(json: body)  // calls User.keyMap.decode(json:at:) on the root
    /// ```
    ///
    /// - Throws: ``ArchiveDecodingError`` naming the type, the key path, what was expected and
    ///   what was found, as ``decode(_:from:)`` does.
    @usableFromInline
    func decode(json document: JSONDocument, at index: Int) throws(ArchiveDecodingError) -> Model {
        guard isUsable else { throw unusable() }
        guard document.tokens[index].kind == .object else { throw .typeMismatch(Model.self, found: KeyMapInput(json: document, at: index)) }
        let level = ValueNesting.enter()
        guard level.isNear else {
            return try ValueNesting.descendFar(to: level.depth, level.state, orElse: { (refusal) throws(ArchiveDecodingError) -> Model in
                throw .refused(Model.self, refusal)
            }) { (state) throws(ArchiveDecodingError) -> Model in try construct(json: document, object: index, state: state) }
        }
        level.state.pointee.depth = level.depth
        defer { level.state.pointee.depth = level.depth - 1 }
        return try construct(json: document, object: index, state: level.state)
    }

    /// ``decode(json:at:)`` of the value `input` holds, whose door is `.json`: a nested model's
    /// way in, with the text not retained (``KeyMapInput/withJSON(_:)``, inlined here, so that
    /// no closure is called per model).
    @usableFromInline
    func decode(jsonValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) -> Model {
        let index = input.index
        return try input.withJSON { (json) throws(ArchiveDecodingError) in try decode(json: json, at: index) }
    }

    /// ``decode(json:at:)`` one level deeper, on the thread whose state is `state`.
    @inline(__always)
    private func construct(json document: JSONDocument, object: Int, state: ThreadLocalValue<ConversionState>) throws(ArchiveDecodingError) -> Model {
        let slots = FieldSlots.push(fields.count, on: state)
        defer { FieldSlots.pop(slots, on: state) }
        locateMembers(of: object, in: document, slots: slots)
        if hasComplexKeys { locateComplexMembers(of: object, in: document, slots: slots) }
        return try construct(from: KeyMapObject(json: document, slots: slots), log: state.pointee.droppedElements)
    }

    /// Finds the value token of each field read from a path or alternate keys, as
    /// ``KeyMapField/lookUpComplex(in:from:)`` finds its value in a dictionary: the first path
    /// present and not null, else the first null.
    private func locateComplexMembers(of object: Int, in document: JSONDocument, slots: SlotBuffer) {
        for (index, field) in fields.enumerated() where !field.isExcluded && !field.serverJSONPaths.isEmpty {
            slots[index] = Self.locate(field.serverJSONPaths, in: object, of: document)
        }
    }

    /// The value token of the first of `paths` present and not null in `object`, else of the
    /// first null, else -1.
    private static func locate(_ paths: [[JSONKey]], in object: Int, of document: JSONDocument) -> Int32 {
        var null: Int32 = -1
        paths: for path in paths {
            var container = object
            for component in path {
                guard document.tokens[container].kind == .object,
                      let member = member(component, of: container, in: document) else { continue paths }
                container = member
            }
            if document.tokens[container].kind != .null { return Int32(container) }
            if null < 0 { null = Int32(container) }
        }
        return null
    }

    /// The value token of the last member named `key` in the object at `container`.
    private static func member(_ key: JSONKey, of container: Int, in document: JSONDocument) -> Int? {
        var found: Int?
        var member = container + 1
        let end = Int(document.tokens[container].next)
        while member < end {
            if document.string(at: member, equals: key) { found = member + 1 }
            member = Int(document.tokens[member + 1].next)
        }
        return found
    }

    /// Finds each field's value token in one pass over the object's members. Servers usually
    /// send keys in a fixed order, often the model's, so each key is compared first with the
    /// field after the one that matched last. A key that appears twice is found twice, and the
    /// last one counts.
    ///
    /// A key without escapes is compared with each candidate's ``BinaryPropertyListKey/Pattern``
    /// (two masked words from the text, nothing retained); only keys a pattern cannot decide
    /// (escaped in the text, long or non-ASCII in the map) are compared in full. The pass cost a
    /// twentieth of decode(json:) when each comparison retained the field and called `memcmp`.
    private func locateMembers(of object: Int, in document: JSONDocument, slots: SlotBuffer) {
        slots.fill(-1)
        let fieldCount = fields.count
        jsonKeyPatterns.withElementView { patterns in
            document.tokens.withElementView { tokens in
                var member = object + 1
                let end = Int(tokens[object].next)
                var guess = 0
                while member < end {
                    let key = tokens[member]
                    let isEscaped = key.flags.contains(.escaped)
                    var candidate = guess
                    for _ in 0 ..< fieldCount {
                        if candidate == fieldCount { candidate = 0 }
                        let isMatch = if !isEscaped, let answer = patterns[candidate].matches(document.text, at: Int(key.start), count: Int(key.length)) {
                            answer
                        } else {
                            fields[candidate].matchesFlatServerKey && document.string(at: member, equals: fields[candidate].serverJSONKey)
                        }
                        if isMatch {
                            slots[candidate] = Int32(member + 1)
                            guess = candidate + 1
                            break
                        }
                        candidate += 1
                    }
                    member = Int(tokens[member + 1].next)
                }
            }
        }
    }
}

extension BinaryPropertyListKey.Pattern {
    /// Each field's server key as a pattern, in the fields' order, for the JSON door: a key of
    /// the text is its UTF-8 bytes, so a pattern compares it as it compares a property list's
    /// ASCII key object.
    @usableFromInline
    static func serverKeyPatterns(of fields: [KeyMapField]) -> [Self] {
        fields.map { $0.matchesFlatServerKey ? Self(BinaryPropertyListKey($0.serverKey)) : .never }
    }
}
