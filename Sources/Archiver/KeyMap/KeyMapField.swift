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

    /// Reads this property from a response object or an archive, given where
    /// ``locate(_:in:from:into:)`` found its key (`nil` when missing), naming `model` and the key
    /// in any error.
    ///
    /// Not inlinable: it runs once per property of a parameter pack, which the optimizer does
    /// not specialize, and the field decoder is cheapest compiled here.
    @usableFromInline
    func decode<Property: KeyMapValue>(
        _ type: Property.Type, in object: [String: Any], at index: [String: Any].Index?, from source: KeyMapSource, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        try decode(Property.self, in: KeyMapDictionaryEntry(object: object, index: index), of: KeyMapDictionaryDocument.self,
                   from: source, model: model)
    }

    /// Finds where each of `fields` is in `object` (a response object or an archive), into
    /// `indices` (uninitialized; left initialized, `nil` where missing or where the field has
    /// complex keys, which ``lookUpComplex(in:from:)`` reads when the field is decoded).
    ///
    /// One pass over the dictionary's keys compares each with the fields' keys by string
    /// equality (canonical equivalence, as the dictionary's own lookup), trying first the field
    /// after the one that matched last: servers and the library's archives keep keys in a stable
    /// order, often the map's, so a comparison usually finds the key where a lookup would hash
    /// it first. The pass reads keys only: a value is copied once, when its field is
    /// decoded, as a lookup copied it. A dictionary with many more entries than the map has
    /// fields keeps the lookups, since the pass would compare keys the map never reads.
    @usableFromInline
    static func locate(
        _ fields: [KeyMapField], in object: [String: Any], from source: KeyMapSource,
        into indices: UnsafeMutableBufferPointer<[String: Any].Index?>
    ) {
        indices.initialize(repeating: nil)
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

    /// Reads this property from its value in a parsed document (`slot`: a JSON text's token or
    /// a binary property list's object, -1 when the key is missing), naming `model` and the key
    /// in any error, by the same rules as ``decode(_:in:at:from:model:)``.
    @usableFromInline
    func decode<Property: KeyMapValue>(
        _ type: Property.Type, in document: KeyMapParsedDocument, at slot: Int32, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        // One switch per field, outside the field decoder, so that each document's path is
        // compiled for it rather than switching again inside.
        switch document {
        case .json(let json):
            try decode(Property.self, in: KeyMapJSONSlot(json: json, slot: slot), of: KeyMapJSONFieldDocument.self,
                       from: .responseObject, model: model)
        case .propertyList(let propertyList):
            try decode(Property.self, in: KeyMapDocumentSlot(document: propertyList, slot: slot), of: KeyMapParsedFieldDocument.self,
                       from: .archive, model: model)
        }
    }

    /// Runs `body` with `fields[index]`, not retained: `fields` holds it for the whole call. A
    /// decode from a parsed document reads each field this way, because a retain and a release
    /// of the field per field read would buy nothing.
    @usableFromInline @inline(__always)
    static func withField<Result>(
        _ fields: [KeyMapField], at index: Int, _ body: (KeyMapField) throws(ArchiveDecodingError) -> Result
    ) throws(ArchiveDecodingError) -> Result {
        do {
            return try Unmanaged.passUnretained(fields[index])._withUnsafeGuaranteedRef(body)
        } catch {
            // `_withUnsafeGuaranteedRef` rethrows untyped; `body` throws nothing else.
            throw error as! ArchiveDecodingError
        }
    }

    // MARK: The one field decoder
    //
    // Every rule for reading a field — defaults, null, strictness, transforms, exclusion, the key
    // in errors — is written once below, generic over the document the value comes from
    // (``KeyMapFieldDocument``), as swift-foundation's `PlistDecoderGeneric` is generic over its
    // document. The hot path is `@inline(__always)`, so that each door above gets it compiled for
    // its own document: the document's members are then direct calls, and the JSON door keeps
    // its speed. The rare paths are shared, unspecialized code.
    //
    // The document's members are static and take the container (the dictionary, or the JSON
    // text and the field's slot) as an argument: a document value holding the dictionary would
    // cost a retain and a release per field.

    @inline(__always)
    func decode<Property: KeyMapValue, Document: KeyMapFieldDocument>(
        _ type: Property.Type, in container: Document.Container, of document: Document.Type, from source: KeyMapSource, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        // The common path names no `Property?`: in code that is not specialized, every use of an
        // optional of a generic type costs a metadata lookup per call.
        guard isPlain else { return try decodeSpecially(Property.self, in: container, of: Document.self, from: source, model: model) }
        return try decodePlain(Property.self, in: container, of: Document.self, from: source, model: model)
    }

    @inline(__always)
    private func decodePlain<Property: KeyMapValue, Document: KeyMapFieldDocument>(
        _ type: Property.Type, in container: Document.Container, of document: Document.Type, from source: KeyMapSource, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        guard let raw = Document.value(of: self, in: container, from: source) else {
            return try missingValue(Property.self, key: key(for: source), source: source, model: model)
        }
        do throws(ArchiveDecodingError) {
            return try Document.decode(Property.self, from: raw, source: source)
        } catch {
            return try recover(Property.self, from: error, isNull: Document.holdsNull(raw), key: key(for: source), source: source, model: model)
        }
    }

    /// A null value falls back to the default; any other failure gets the key in its path.
    @inline(never)
    private func recover<Property: KeyMapValue>(
        _ type: Property.Type, from error: ArchiveDecodingError, isNull: Bool, key: String, source: KeyMapSource, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        // Null is rare; testing for it only after a conversion fails keeps it off the hot path.
        if isNull { return try missingValue(Property.self, key: key, source: source, model: model, found: NSNull()) }
        if case .fail = invalid { throw error.nested(in: model, at: [.key(key)]) }
        return try replaceInvalid(Property.self, failure: error, key: key, source: source, model: model)
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
    private func decodeSpecially<Property: KeyMapValue, Document: KeyMapFieldDocument>(
        _ type: Property.Type, in container: Document.Container, of document: Document.Type, from source: KeyMapSource, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        if isExcluded { return try excludedValue(Property.self, model: model) }
        if transform == nil {
            // A strict entry: its collections fail on an invalid element instead of dropping it.
            return try KeyMapDecodingContext.strictly { () throws(ArchiveDecodingError) in
                try decodePlain(Property.self, in: container, of: Document.self, from: source, model: model)
            }
        }
        let key = key(for: source)
        guard let raw = Document.value(of: self, in: container, from: source), let transform else { return try missingValue(Property.self, key: key, source: source, model: model) }
        do throws(ArchiveDecodingError) {
            guard let value = try transform.decode(Document.foundationObject(raw)) as? Property else {
                throw ArchiveDecodingError(type: model, reason: .custom("the transform does not produce a \(Property.keyMapTypeDescription)"))
            }
            return value
        } catch {
            return try recover(Property.self, from: error, isNull: Document.holdsNull(raw), key: key, source: source, model: model)
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

/// A kind of document a key map reads an object's fields from, whichever door it came through:
/// what the one field decoder (``KeyMapField/decode(_:in:of:from:model:)``) is generic over.
protocol KeyMapFieldDocument {
    /// What holds the object's values: a dictionary, or a parsed document and a field's slot.
    associatedtype Container
    /// How the document hands out one value: a Foundation object, or a ``KeyMapInput`` of a parsed document.
    associatedtype Value
    /// The value of `field` in `container`, under the key `source` uses, or `nil` when missing.
    static func value(of field: KeyMapField, in container: Container, from source: KeyMapSource) -> Value?
    /// Whether `value` is null.
    static func holdsNull(_ value: Value) -> Bool
    /// Reads `value` by `Property`'s own conversion for this document.
    static func decode<Property: KeyMapValue>(_ type: Property.Type, from value: Value, source: KeyMapSource) throws(ArchiveDecodingError) -> Property
    /// `value` as `JSONSerialization` or a property-list reader produces it, for transforms.
    static func foundationObject(_ value: Value) throws(ArchiveDecodingError) -> Any
}

/// A response object or an archive, and where ``KeyMapField/locate(_:in:from:into:)`` found a
/// field's key in it.
struct KeyMapDictionaryEntry {
    let object: [String: Any]
    let index: [String: Any].Index?
}

/// Response objects and archives, as dictionaries.
enum KeyMapDictionaryDocument: KeyMapFieldDocument {
    @inline(__always)
    static func value(of field: KeyMapField, in entry: KeyMapDictionaryEntry, from source: KeyMapSource) -> Any? {
        if field.hasComplexKeys { return field.lookUpComplex(in: entry.object, from: source) }
        guard let index = entry.index else { return nil }
        return entry.object.values[index]
    }

    static func holdsNull(_ value: Any) -> Bool { isNull(value) }

    @inline(__always)
    static func decode<Property: KeyMapValue>(_ type: Property.Type, from value: Any, source: KeyMapSource) throws(ArchiveDecodingError) -> Property {
        try Property(keyMapValue: KeyMapInput(value, from: source))
    }

    static func foundationObject(_ value: Any) -> Any { value }
}

/// The JSON text of a key map's decode, which its caller holds for the whole decode
/// (`KeyMap.decode(json:at:)`), unmanaged: a field's read borrows it
/// (``KeyMapJSONFieldDocument/decode(_:from:source:)``), so that reading a field retains nothing.
/// As a `JSONDocument` payload, or an `unowned(unsafe)` one, it was retained and released once
/// per field read.
@usableFromInline
struct KeyMapHeldJSON {
    let document: Unmanaged<JSONDocument>
    init(_ document: JSONDocument) { self.document = .passUnretained(document) }
}

/// A field's value token in the JSON text ``KeyMapHeldJSON`` holds; the slot is -1 when the key
/// is missing.
struct KeyMapJSONSlot {
    let json: KeyMapHeldJSON
    let slot: Int32

    /// Runs `body` with the text, borrowed: its decode holds it.
    @inline(__always)
    func withDocument<Result>(_ body: (JSONDocument) throws(ArchiveDecodingError) -> Result) throws(ArchiveDecodingError) -> Result {
        do {
            return try json.document._withUnsafeGuaranteedRef(body)
        } catch {
            // `_withUnsafeGuaranteedRef` rethrows untyped; `body` throws nothing else.
            throw error as! ArchiveDecodingError
        }
    }
}

/// A parsed document that a key map reads an object of, field by field: a JSON text (a server's
/// response) or a binary property list (an archive).
@usableFromInline
enum KeyMapParsedDocument {
    case json(KeyMapHeldJSON)
    case propertyList(BinaryPropertyListDocument)

    /// The key `field` has in this document: its server key in JSON, its archive key in an archive.
    @usableFromInline
    func key(of field: KeyMapField) -> String {
        switch self {
        case .json: field.serverKey
        case .propertyList: field.archiveKey
        }
    }
}

/// A parsed document whose values a ``KeyMapInput`` can point at: a JSON text or a binary property list.
protocol KeyMapInputDocument: AnyObject {
    /// The value at `index`: a JSON text's token, a property list's object number.
    func input(at index: Int) -> KeyMapInput
}

extension JSONDocument: KeyMapInputDocument {
    @inline(__always)
    func input(at index: Int) -> KeyMapInput { KeyMapInput(json: self, at: index) }
}

extension BinaryPropertyListDocument: KeyMapInputDocument {
    @inline(__always)
    func input(at index: Int) -> KeyMapInput { KeyMapInput(propertyList: self, at: index) }
}

/// A field's value in a parsed document (a JSON text's token, a property list's object), found by
/// the key map's one pass over the object's members (`KeyMap.decode(json:at:)`,
/// `KeyMap.decode(propertyList:at:)`); the slot is -1 when the key is missing.
///
/// The document is not retained: a slot lives only inside ``KeyMapField/decode(_:in:at:model:)``,
/// whose caller holds the document, and a retained one cost a retain and a release per field
/// besides the one the field's ``KeyMapInput`` takes.
struct KeyMapDocumentSlot<Document: KeyMapInputDocument> {
    unowned(unsafe) let document: Document
    let slot: Int32
}

/// JSON texts, read as response objects: a field's value is its token, and the types a response
/// holds most (`String`, `Int`, `Int64`, `Bool`, `Double`) are read from the token by the rule
/// their conversion follows, without a ``KeyMapInput``. An input holds the document and a
/// Foundation object (an existential), so each one made cost a retain, a release and an
/// existential's destruction: about a twentieth of `decode(json:)` for a user's reviews. Any
/// value these reads do not take as they are (another kind of token, a number that does not fit,
/// a numeral string of another form) goes to the type's own conversion, so the rules and errors
/// stay the conversions'.
enum KeyMapJSONFieldDocument: KeyMapFieldDocument {
    @inline(__always)
    static func value(of field: KeyMapField, in container: KeyMapJSONSlot, from source: KeyMapSource) -> KeyMapJSONSlot? {
        container.slot >= 0 ? container : nil
    }

    static func holdsNull(_ value: KeyMapJSONSlot) -> Bool {
        value.json.document._withUnsafeGuaranteedRef { $0.tokens[Int(value.slot)].kind == .null }
    }

    @inline(__always)
    static func decode<Property: KeyMapValue>(
        _ type: Property.Type, from value: KeyMapJSONSlot, source: KeyMapSource
    ) throws(ArchiveDecodingError) -> Property {
        try value.withDocument { (json) throws(ArchiveDecodingError) in try read(Property.self, at: Int(value.slot), of: json) }
    }

    @inline(__always)
    private static func read<Property: KeyMapValue>(_ type: Property.Type, at index: Int, of json: JSONDocument) throws(ArchiveDecodingError) -> Property {
        if Property.self == String.self {
            if var string = json.stringIfString(at: index) { return moving(&string, as: Property.self) }
        } else if Property.self == Int.self {
            if let integer = json.plainInteger(Int.self, at: index) { return InvariantCasts.sameType(integer, as: Property.self) }
        } else if Property.self == Int64.self {
            if let integer = json.plainInteger(Int64.self, at: index) { return InvariantCasts.sameType(integer, as: Property.self) }
        } else if Property.self == Bool.self {
            switch json.tokens[index].kind {
            case .true: return InvariantCasts.sameType(true, as: Property.self)
            case .false: return InvariantCasts.sameType(false, as: Property.self)
            default: break
            }
        } else if Property.self == Double.self {
            if json.tokens[index].kind == .number, let double = json.double(at: index) { return InvariantCasts.sameType(double, as: Property.self) }
        }
        return try Property(keyMapValue: json.input(at: index))
    }

    /// The string at `pointer` as `Target`, which the caller knows is `String`, moved out rather
    /// than copied, the empty string left in its place. In code not compiled for the model's type
    /// (the library's, for an app's models) a copy into the generic result (`unsafeBitCast`) goes
    /// through `String`'s value witness, an atomic retain for a string of more than 15 bytes, and
    /// then releases the original: an atomic pair per such string field, for nothing.
    @inline(__always)
    private static func moving<Target>(_ pointer: UnsafeMutablePointer<String>, as _: Target.Type) -> Target {
        assert(Target.self == String.self, "\(Target.self) is not String")
        let target = UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: Target.self).move()
        pointer.initialize(to: "")
        return target
    }

    static func foundationObject(_ value: KeyMapJSONSlot) throws(ArchiveDecodingError) -> Any {
        try value.withDocument { (json) throws(ArchiveDecodingError) in try json.input(at: Int(value.slot)).foundationObject }
    }
}

/// Parsed documents: JSON texts, read as response objects, and binary property lists, as archives.
enum KeyMapParsedFieldDocument<Document: KeyMapInputDocument>: KeyMapFieldDocument {
    @inline(__always)
    static func value(of field: KeyMapField, in container: KeyMapDocumentSlot<Document>, from source: KeyMapSource) -> KeyMapInput? {
        container.slot >= 0 ? container.document.input(at: Int(container.slot)) : nil
    }

    static func holdsNull(_ value: KeyMapInput) -> Bool { value.isNull }

    @inline(__always)
    static func decode<Property: KeyMapValue>(_ type: Property.Type, from value: KeyMapInput, source: KeyMapSource) throws(ArchiveDecodingError) -> Property {
        try Property(keyMapValue: value)
    }

    static func foundationObject(_ value: KeyMapInput) throws(ArchiveDecodingError) -> Any { try value.foundationObject }
}
