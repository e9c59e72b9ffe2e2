import Foundation

extension KeyMap where Model: KeyMapped {
    /// Builds a model from the dictionary at `object` of a binary property list read in place,
    /// as an archive: each property straight from the file's objects, under its archive key, with
    /// no `[String: Any]` and no boxed number on the way.
    ///
    /// ```swift
    /// let user = try User.load(resourceID: "abcd")  // reads the file, then decode(propertyList:at:)
    /// ```
    ///
    /// - Throws: ``ArchiveDecodingError`` naming the type, the key path, what was expected and
    ///   what was found, as ``decode(_:from:)`` does for an archive dictionary.
    @usableFromInline
    func decode(propertyList document: BinaryPropertyListDocument, at object: Int) throws(ArchiveDecodingError) -> Model {
        guard isUsable else { throw unusable() }
        guard document.kind(of: object) == .dictionary else {
            throw .typeMismatch(Model.self, found: KeyMapInput(propertyList: document, at: object))
        }
        let level = ValueNesting.enter()
        guard level.isNear else {
            return try ValueNesting.descendFar(to: level.depth, level.state, orElse: { (refusal) throws(ArchiveDecodingError) -> Model in
                throw .refused(Model.self, refusal)
            }) { (state) throws(ArchiveDecodingError) -> Model in try construct(propertyList: document, object: object, state: state) }
        }
        level.state.pointee.depth = level.depth
        defer { level.state.pointee.depth = level.depth - 1 }
        return try construct(propertyList: document, object: object, state: level.state)
    }

    /// ``decode(propertyList:at:)`` one level deeper, on the thread whose state is `state`.
    @inline(__always)
    private func construct(
        propertyList document: BinaryPropertyListDocument, object: Int, state: ThreadLocalValue<ConversionState>
    ) throws(ArchiveDecodingError) -> Model {
        let slots = FieldSlots.push(fields.count, on: state)
        defer { FieldSlots.pop(slots, on: state) }
        locate(object, in: document, slots: slots)
        if hasComplexKeys { locateFormerKeys(of: object, in: document, slots: slots) }
        return try construct(from: KeyMapObject(propertyList: document, slots: slots), log: state.pointee.droppedElements)
    }

    /// Finds each field's value object in one pass over the dictionary's keys, trying first the
    /// field after the one that matched last: the library writes keys in the map's order. A key
    /// that appears twice is found twice, and the last one counts, as in a dictionary.
    ///
    /// Each key object's marker is read once, and an ASCII key is compared with each candidate's
    /// ``BinaryPropertyListKey/Pattern`` (two masked words, nothing retained); only keys a
    /// pattern cannot decide (UTF-16 in the file, long or non-ASCII in the map) take the full
    /// comparison, which copies the field's key and parses the key object again.
    private func locate(_ object: Int, in document: BinaryPropertyListDocument, slots: SlotBuffer) {
        slots.fill(-1)
        let fieldCount = fields.count
        let (count, start) = document.contents(at: document.offset(of: object))
        let width = document.referenceWidth
        propertyListKeyPatterns.withElementView { patterns in
            var guess = 0
            for member in 0 ..< count {
                let key = document.reference(at: start + member * width)
                let text = document.asciiText(of: key)
                var candidate = guess
                for _ in 0 ..< fieldCount {
                    if candidate == fieldCount { candidate = 0 }
                    let isMatch = if let text, let answer = patterns[candidate].matches(document.bytes, at: text.start, count: text.count) {
                        answer
                    } else {
                        fields[candidate].matchesArchiveKey && document.string(at: key, equals: fields[candidate].archivePropertyListKey)
                    }
                    if isMatch {
                        slots[candidate] = Int32(document.reference(at: start + (count + member) * width))
                        guess = candidate + 1
                        break
                    }
                    candidate += 1
                }
            }
        }
    }

    /// The value object of each field that has former archive keys: its archive key's, else the
    /// first former key's that is present (as ``KeyMapField/lookUpComplex(in:from:)`` reads a
    /// dictionary; a property list holds no null).
    private func locateFormerKeys(of object: Int, in document: BinaryPropertyListDocument, slots: SlotBuffer) {
        for (index, field) in fields.enumerated() where !field.isExcluded && !field.archiveKeysToRead.isEmpty {
            slots[index] = -1
            for key in field.archivePropertyListKeysToRead {
                if let value = document.value(in: object, forKey: key) {
                    slots[index] = Int32(value)
                    break
                }
            }
        }
    }
}
