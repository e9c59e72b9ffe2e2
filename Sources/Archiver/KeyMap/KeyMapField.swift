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
    @usableFromInline let archiveKey: String
    @usableFromInline let isExcluded: Bool
    let defaultValue: KeyMapDefault?
    @usableFromInline let transform: KeyMapTransform?
    /// Whether invalid collection elements fail the value rather than being dropped.
    let isStrict: Bool
    /// Neither excluded, transformed nor strict: the common case, tested with one load.
    @usableFromInline let isPlain: Bool

    init(name: String, entry: KeyMapEntry?, serverKeys: KeyStrategy, archiveKeys: KeyStrategy) {
        self.name = name
        serverKey = entry?.serverKey ?? serverKeys.key(for: name)
        serverJSONKey = JSONKey(serverKey)
        archiveKey = entry?.archiveKey ?? archiveKeys.key(for: name)
        isExcluded = entry?.isExcluded ?? false
        defaultValue = entry?.defaultValue
        transform = entry?.transform
        isStrict = entry?.isStrict ?? false
        isPlain = !isExcluded && transform == nil && !isStrict
    }

    /// Reads this property from `object`, naming `model` and the key in any error.
    ///
    /// Not inlinable: it runs once per property of a parameter pack, which the optimizer does
    /// not specialize, and the non-generic lookup below is cheapest compiled here.
    @usableFromInline
    func decode<Property: KeyMapValue>(
        _ type: Property.Type, in object: [String: Any], from source: KeyMapSource, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        // The common path names no `Property?`: in code that is not specialized, every use of an
        // optional of a generic type costs a metadata lookup per call.
        guard isPlain else { return try decodeSpecially(Property.self, in: object, from: source, model: model) }
        return try decodePlain(Property.self, in: object, from: source, model: model)
    }

    @inline(__always)
    private func decodePlain<Property: KeyMapValue>(
        _ type: Property.Type, in object: [String: Any], from source: KeyMapSource, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        guard let raw = object[source == .archive ? archiveKey : serverKey] else {
            return try missingValue(Property.self, key: key(for: source), model: model)
        }
        do throws(ArchiveDecodingError) {
            return try Property(keyMapValue: raw, from: source)
        } catch {
            return try recover(Property.self, from: error, raw: raw, key: key(for: source), model: model)
        }
    }

    /// A null value falls back to the default; any other failure gets the key in its path.
    @inline(never)
    private func recover<Property: KeyMapValue>(
        _ type: Property.Type, from error: ArchiveDecodingError, raw: Any, key: String, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        // Null is rare; testing for it only after a conversion fails keeps it off the hot path.
        if isNull(raw) { return try missingValue(Property.self, key: key, model: model, found: raw) }
        throw error.nested(in: model, at: [.key(key)])
    }

    /// Excluded properties and properties with a transform.
    @inline(never)
    private func decodeSpecially<Property: KeyMapValue>(
        _ type: Property.Type, in object: [String: Any], from source: KeyMapSource, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        if isExcluded { return try excludedValue(Property.self, model: model) }
        if transform == nil {
            return try KeyMapDecodingContext.strictly { () throws(ArchiveDecodingError) in
                try decodePlain(Property.self, in: object, from: source, model: model)
            }
        }
        let key = key(for: source)
        guard let raw = object[key], let transform else { return try missingValue(Property.self, key: key, model: model) }
        do throws(ArchiveDecodingError) {
            guard let value = try transform.decode(raw) as? Property else {
                throw ArchiveDecodingError(type: model, reason: .custom("the transform does not produce a \(Property.keyMapTypeDescription)"))
            }
            return value
        } catch {
            return try recover(Property.self, from: error, raw: raw, key: key, model: model)
        }
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
        _ type: Property.Type, key: String, model: Any.Type, found: Any? = nil
    ) throws(ArchiveDecodingError) -> Property {
        if let defaultValue {
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
