import Foundation

/// Everything a key map knows about one property, worked out once when the map is built:
/// its name, its keys, its default, and how to read it.
///
/// A class so that the hot path passes one reference rather than copying three strings.
@usableFromInline
final class KeyMapField: Sendable {
    @usableFromInline let name: String
    @usableFromInline let serverKey: String
    @usableFromInline let archiveKey: String
    @usableFromInline let isExcluded: Bool
    let defaultValue: KeyMapDefault?
    @usableFromInline let transform: KeyMapTransform?

    init(name: String, entry: KeyMapEntry?, serverKeys: KeyStrategy, archiveKeys: KeyStrategy) {
        self.name = name
        serverKey = entry?.serverKey ?? serverKeys.key(for: name)
        archiveKey = entry?.archiveKey ?? archiveKeys.key(for: name)
        isExcluded = entry?.isExcluded ?? false
        defaultValue = entry?.defaultValue
        transform = entry?.transform
    }

    /// Reads this property from `object`, naming `model` and the key in any error.
    ///
    /// Not inlinable: it runs once per property of a parameter pack, which the optimizer does
    /// not specialize, and the non-generic lookup below is cheapest compiled here.
    @usableFromInline
    func decode<Property: KeyMapValue>(
        _ type: Property.Type, in object: [String: Any], from source: KeyMapSource, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        if isExcluded { return try excludedValue(Property.self, model: model) }
        let (key, found) = lookUp(in: object, from: source)
        guard let raw = found else { return try missingValue(Property.self, key: key, model: model) }
        do throws(ArchiveDecodingError) {
            if let transform {
                guard let value = try transform.decode(raw) as? Property else {
                    throw ArchiveDecodingError(type: model, reason: .custom("the transform does not produce a \(Property.keyMapTypeDescription)"))
                }
                return value
            }
            return try Property(keyMapValue: raw, from: source)
        } catch {
            // Null is rare; testing for it only after a conversion fails keeps it off the hot path.
            if raw is NSNull { return try missingValue(Property.self, key: key, model: model) }
            throw error.nested(in: model, at: [.key(key)])
        }
    }

    private func lookUp(in object: [String: Any], from source: KeyMapSource) -> (key: String, value: Any?) {
        let key = source == .archive ? archiveKey : serverKey
        return (key, object[key])
    }

    /// The property as an archive value, through the transform if there is one.
    @inlinable
    func archiveValue<Property: KeyMapValue>(of value: Property) -> Any? {
        if let transform { return transform.encode(value) }
        return value.keyMapArchiveValue
    }

    @usableFromInline
    func missingValue<Property: KeyMapValue>(
        _ type: Property.Type, key: String, model: Any.Type
    ) throws(ArchiveDecodingError) -> Property {
        if let defaultValue {
            do throws(ArchiveDecodingError) {
                return try defaultValue.converted(to: Property.self)
            } catch {
                throw ArchiveDecodingError(type: model, path: [.key(key)], reason: error.reason)
            }
        }
        if let missing = Property.keyMapValueWhenMissing { return missing }
        throw ArchiveDecodingError(type: model, path: [.key(key)], reason: .missingValue(expected: Property.keyMapTypeDescription))
    }

    @usableFromInline
    func excludedValue<Property: KeyMapValue>(_ type: Property.Type, model: Any.Type) throws(ArchiveDecodingError) -> Property {
        if let defaultValue { return try defaultValue.converted(to: Property.self) }
        if let placeholder = Property.keyMapPlaceholder { return placeholder }
        throw ArchiveDecodingError(type: model, path: [.key(name)], reason: .custom("excluded, and neither a default nor a placeholder gives it a value"))
    }
}
