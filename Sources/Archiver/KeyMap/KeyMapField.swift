import Foundation

/// Everything a key map knows about one property, worked out once when the map is built:
/// its name, its keys, its default, and how to read it.
///
/// A class so that the hot path passes one reference rather than copying three strings.
@usableFromInline
final class KeyMapField: Sendable {
    @usableFromInline let name: String
    @usableFromInline let serverKey: String
    /// The server key's bytes, as the JSON reader compares them.
    let serverJSONKey: JSONKey
    /// The UTF-8 lengths of the server and archive keys, which the dictionary door's pass
    /// compares before the keys themselves.
    let serverKeyLength: Int
    let archiveKeyLength: Int
    /// The archive key's bytes, as the binary property-list reader compares them.
    let archivePropertyListKey: BinaryPropertyListKey
    @usableFromInline let archiveKey: String
    @usableFromInline let isExcluded: Bool
    let defaultValue: KeyMapDefault?
    /// The default for archives, when it differs from the server's.
    let archiveDefaultValue: KeyMapDefault?
    @usableFromInline let transform: KeyMapTransform?
    /// The server's form of the dates, when the entry names one.
    let dates: KeyMapDates?
    /// Whether invalid collection elements fail the value rather than being dropped.
    let isStrict: Bool
    /// What a value that is present but unreadable gets.
    let invalid: KeyMapInvalidRule
    /// Neither excluded, transformed nor strict: the common case, tested with one load.
    @usableFromInline let isPlain: Bool
    /// The server key as paths into nested objects, then its alternates, when there is more
    /// than one flat key to try; empty in the common case of one flat server key.
    let serverPaths: [[String]]
    /// `serverPaths` as the JSON door compares them with a text's keys, made once with the map.
    let serverJSONPaths: [[JSONKey]]
    /// The archive key, then the former archive keys, when there are former keys; else empty.
    let archiveKeysToRead: [String]
    /// `archiveKeysToRead` as a property-list load compares them, made once with the map.
    let archivePropertyListKeysToRead: [BinaryPropertyListKey]
    /// Whether reading the field takes more than one flat lookup, in a response or an archive.
    @usableFromInline let hasComplexKeys: Bool
    /// Read, and read from one flat server key: what the JSON reader's pass over an object's
    /// members matches, tested with one load.
    let matchesFlatServerKey: Bool
    /// Read, and read from the archive key alone (no former keys): what the property-list
    /// reader's pass over a dictionary's keys matches.
    let matchesArchiveKey: Bool

    init(name: String, entry: KeyMapEntry?, serverKeys: KeyStrategy, archiveKeys: KeyStrategy) {
        self.name = name
        serverKey = entry?.serverKey ?? serverKeys.key(for: name)
        serverJSONKey = JSONKey(serverKey)
        archiveKey = entry?.archiveKey ?? archiveKeys.key(for: name)
        archivePropertyListKey = BinaryPropertyListKey(archiveKey)
        serverKeyLength = serverKey.utf8.count
        archiveKeyLength = archiveKey.utf8.count
        isExcluded = entry?.isExcluded ?? false
        defaultValue = entry?.defaultValue
        archiveDefaultValue = entry?.archiveDefaultValue
        transform = entry?.transform
        dates = entry?.dates
        isStrict = entry?.isStrict ?? false
        invalid = entry?.invalid ?? .fail
        isPlain = !isExcluded && transform == nil && !isStrict
        // Only keys an entry names are paths: a strategy's keys are flat.
        let primary = entry?.serverKey.map(Self.path(of:)) ?? [serverKey]
        let paths = [primary] + (entry?.alternateServerKeys ?? []).map(Self.path(of:))
        serverPaths = paths.count == 1 && paths[0].count == 1 && paths[0][0] == serverKey ? [] : paths
        serverJSONPaths = serverPaths.map { $0.map(JSONKey.init) }
        let former = entry?.formerArchiveKeys ?? []
        archiveKeysToRead = former.isEmpty ? [] : [archiveKey] + former
        archivePropertyListKeysToRead = archiveKeysToRead.map(BinaryPropertyListKey.init)
        hasComplexKeys = !serverPaths.isEmpty || !archiveKeysToRead.isEmpty
        matchesFlatServerKey = !isExcluded && serverPaths.isEmpty
        matchesArchiveKey = !isExcluded && archiveKeysToRead.isEmpty
    }

    /// A server key as a path: split at dots, except a dot after a backslash, which is literal.
    static func path(of key: String) -> [String] {
        guard key.contains(".") else { return [key] }
        var components: [String] = []
        var current = ""
        var escaped = false
        for character in key {
            if escaped {
                if character != "." { current.append("\\") }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "." {
                components.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        components.append(current)
        return components
    }

    /// The value of this field in a response object or an archive, when it has paths,
    /// alternates or former keys: the first that is present and not null, else the first null.
    @inline(never)
    func lookUpComplex(in object: [String: Any], from source: KeyMapSource) -> Any? {
        var null: Any?
        if source == .archive {
            for key in archiveKeysToRead.isEmpty ? [archiveKey] : archiveKeysToRead {
                guard let value = object[key] else { continue }
                if !isNull(value) { return value }
                null = null ?? value
            }
            return null
        }
        for path in serverPaths.isEmpty ? [[serverKey]] : serverPaths {
            var container = object
            var found: Any?
            for (depth, component) in path.enumerated() {
                guard let value = container[component] else { found = nil; break }
                if depth == path.count - 1 {
                    found = value
                } else if let next = value as? [String: Any] {
                    container = next
                } else {
                    found = nil
                    break
                }
            }
            guard let found else { continue }
            if !isNull(found) { return found }
            null = null ?? found
        }
        return null
    }

    /// Finds where each of `fields` is in `object` (a response object or an archive), into
    /// `indices` (each `nil`; left `nil` where missing or where the field has complex keys, which
    /// ``lookUpComplex(in:from:)`` reads when the field is decoded).
    ///
    /// One pass over the dictionary's keys compares each with the fields' keys by string
    /// equality (canonical equivalence, as the dictionary's own lookup), trying first the field
    /// after the one that matched last: servers and the library's archives keep keys in a stable
    /// order, often the map's, so a comparison usually finds the key where a lookup would hash
    /// it first. The pass reads keys only: a value is copied once, when its field is
    /// decoded, as a lookup copied it. A dictionary with many more entries than the map has
    /// fields keeps the lookups, since the pass would compare keys the map never reads.
    static func locate(_ fields: [KeyMapField], in object: [String: Any], from source: KeyMapSource, into indices: DictionarySlots) {
        let fieldCount = fields.count
        let isArchive = source == .archive
        guard object.count <= 2 * fieldCount + 4 else {
            for (index, field) in fields.enumerated() where !field.hasComplexKeys && !field.isExcluded {
                indices[index] = object.index(forKey: isArchive ? field.archiveKey : field.serverKey)
            }
            return
        }
        let keys = object.keys
        var entry = keys.startIndex
        let end = keys.endIndex
        var guess = 0
        while entry != end {
            let key = keys[entry]
            var candidate = guess
            for _ in 0 ..< fieldCount {
                if candidate == fieldCount { candidate = 0 }
                let field = fields[candidate]
                // Lengths first: a length is one load for a small string, and most keys of a
                // model differ in length, so few comparisons reach String's ==.
                let isMatch = isArchive
                    ? field.matchesArchiveKey && !field.hasComplexKeys && key.utf8.count == field.archiveKeyLength && key == field.archiveKey
                    : field.matchesFlatServerKey && !field.hasComplexKeys && key.utf8.count == field.serverKeyLength && key == field.serverKey
                if isMatch {
                    indices[candidate] = entry
                    guess = candidate + 1
                    break
                }
                candidate += 1
            }
            keys.formIndex(after: &entry)
        }
    }

    /// Runs `body` with `fields[index]`, not retained: `fields` holds it for the whole call. A
    /// key map's construct closure reads each field this way, because a retain and a release of
    /// the field per field read would buy nothing.
    @usableFromInline @inline(__always)
    static func withField<Result>(
        _ fields: [KeyMapField], at index: Int, _ body: (KeyMapField) throws(ArchiveDecodingError) -> Result
    ) throws(ArchiveDecodingError) -> Result {
        try InvariantCasts.withUnretained(fields, at: index, body)
    }

    // MARK: The one field decoder
    //
    // Every rule for reading a field — defaults, null, strictness, transforms, exclusion, the key
    // in errors — is written once below, for every door: the object the value comes from
    // (``KeyMapObject``) says whether the field has a value and reads it by the property type's
    // conversion, from a dictionary, a JSON text or a binary property list.

    /// Reads this property, the map's field number `index`, from `object`, naming `model` and
    /// the key in any error.
    ///
    /// Not inlinable: it runs once per property of a parameter pack, which the optimizer does
    /// not specialize, and the field decoder is cheapest compiled here.
    @usableFromInline
    func decode<Property: KeyMapValue>(
        _ type: Property.Type, from object: KeyMapObject, at index: Int, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        // The common path names no `Property?`: in code that is not specialized, every use of an
        // optional of a generic type costs a metadata lookup per call.
        guard isPlain else { return try decodeSpecially(Property.self, from: object, at: index, model: model) }
        return try decodePlain(Property.self, from: object, at: index, model: model)
    }

    @inline(__always)
    private func decodePlain<Property: KeyMapValue>(
        _ type: Property.Type, from object: KeyMapObject, at index: Int, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        guard object.holdsValue(of: self, at: index) else {
            return try missingValue(Property.self, key: key(for: object.source), source: object.source, model: model)
        }
        do throws(ArchiveDecodingError) {
            return try object.read(Property.self, of: self, at: index)
        } catch {
            return try recover(Property.self, from: error, in: object, at: index, model: model)
        }
    }

    /// A null value falls back to the default; any other failure gets the key in its path.
    @usableFromInline @inline(never)
    func recover<Property: KeyMapValue>(
        _ type: Property.Type, from error: ArchiveDecodingError, in object: KeyMapObject, at index: Int, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        let key = key(for: object.source)
        // Null is rare; testing for it only after a conversion fails keeps it off the hot path.
        if object.input(of: self, at: index)?.isNull == true {
            return try missingValue(Property.self, key: key, source: object.source, model: model, found: NSNull())
        }
        if case .fail = invalid { throw error.nested(in: model, at: [.key(key)]) }
        return try replaceInvalid(Property.self, failure: error, key: key, source: object.source, model: model)
    }

    /// The value an entry gives an unreadable value (``KeyMapInvalidValue``), reported as a
    /// dropped element is: the failure, under the field's key once the model finishes.
    private func replaceInvalid<Property: KeyMapValue>(
        _ type: Property.Type, failure: ArchiveDecodingError, key: String, source: KeyMapSource, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        let nested = failure.nested(in: model, at: [.key(key)])
        // A value nested past the limit is cut short, not unreadable.
        guard !failure.isNestedTooDeep else { throw nested }
        let value: Property
        switch invalid {
        case .fail:
            throw nested
        case .useDefault:
            if let defaultValue = defaultValue(for: source) {
                do throws(ArchiveDecodingError) {
                    value = try defaultValue.converted(to: Property.self)
                } catch {
                    throw ArchiveDecodingError(type: model, path: [.key(key)], reason: error.reason)
                }
            } else if let missing = Property.keyMapValueWhenMissing {
                value = missing
            } else {
                throw nested
            }
        case .value(let replacement):
            do throws(ArchiveDecodingError) {
                value = try replacement.converted(to: Property.self)
            } catch {
                throw ArchiveDecodingError(type: model, path: [.key(key)], reason: error.reason)
            }
        }
        KeyMapDecodingContext.report(failure, observed: nested)
        return value
    }

    /// Excluded and strict properties, and properties with a transform, which takes Foundation
    /// objects whatever the document.
    @inline(never)
    private func decodeSpecially<Property: KeyMapValue>(
        _ type: Property.Type, from object: KeyMapObject, at index: Int, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        if isExcluded { return try excludedValue(Property.self, model: model) }
        let source = object.source
        guard let transform else {
            // A strict entry: its collections fail on an invalid element instead of dropping it.
            return try KeyMapDecodingContext.strictly { () throws(ArchiveDecodingError) in
                try decodePlain(Property.self, from: object, at: index, model: model)
            }
        }
        guard let input = object.input(of: self, at: index) else { return try missingValue(Property.self, key: key(for: source), source: source, model: model) }
        do throws(ArchiveDecodingError) {
            guard let value = try transform.decode(input.foundationObject) as? Property else {
                throw ArchiveDecodingError(type: model, reason: .custom("the transform does not produce a \(Property.keyMapTypeDescription)"))
            }
            return value
        } catch {
            return try recover(Property.self, from: error, in: object, at: index, model: model)
        }
    }

    /// The default for values read from `source`: an archive's own, if the entry gives one.
    func defaultValue(for source: KeyMapSource) -> KeyMapDefault? {
        source == .archive ? archiveDefaultValue ?? defaultValue : defaultValue
    }

    @usableFromInline
    func key(for source: KeyMapSource) -> String {
        source == .archive ? archiveKey : serverKey
    }

    /// The property as an archive value, through the transform if there is one.
    @inlinable
    func archiveValue<Property: KeyMapValue>(of value: Property) -> Any? {
        if let transform { return transform.encode(value) }
        return value.keyMapArchiveValue
    }

    @usableFromInline
    func missingValue<Property: KeyMapValue>(
        _ type: Property.Type, key: String, source: KeyMapSource, model: Any.Type, found: Any? = nil
    ) throws(ArchiveDecodingError) -> Property {
        if let defaultValue = defaultValue(for: source) {
            do throws(ArchiveDecodingError) {
                return try defaultValue.converted(to: Property.self)
            } catch {
                throw ArchiveDecodingError(type: model, path: [.key(key)], reason: error.reason)
            }
        }
        if let missing = Property.keyMapValueWhenMissing { return missing }
        let expected = Property.keyMapTypeDescription
        let reason: ArchiveDecodingError.Reason = if let found {
            .typeMismatch(expected: expected, found: ArchiveDecodingError.describe(found))
        } else {
            .missingValue(expected: expected)
        }
        throw ArchiveDecodingError(type: model, path: [.key(key)], reason: reason)
    }

    @usableFromInline
    func excludedValue<Property: KeyMapValue>(_ type: Property.Type, model: Any.Type) throws(ArchiveDecodingError) -> Property {
        if let defaultValue { return try defaultValue.converted(to: Property.self) }
        if let placeholder = Property.keyMapPlaceholder { return placeholder }
        throw ArchiveDecodingError(type: model, path: [.key(name)], reason: .custom("excluded, and neither a default nor a placeholder gives it a value"))
    }
}
