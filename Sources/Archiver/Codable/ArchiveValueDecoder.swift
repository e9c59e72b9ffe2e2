import Foundation

/// The `Decoder` that ``ArchiveDecoder`` hands to `init(from:)`: one per place in the archive.
struct ArchiveValueDecoder: Decoder {
    let value: Any
    let codingPath: [any CodingKey]
    let options: ArchiveCodingOptions

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if value is Placeholder {
            return KeyedDecodingContainer(ArchiveKeyedDecodingContainer<Key>(
                dictionary: [:], codingPath: codingPath, options: options, isPlaceholder: true))
        }
        guard let dictionary = Self.dictionary(value) else {
            throw Self.mismatch([String: Any].self, expected: "dictionary", found: value, codingPath: codingPath)
        }
        return KeyedDecodingContainer(ArchiveKeyedDecodingContainer<Key>(
            dictionary: dictionary, codingPath: codingPath, options: options, isPlaceholder: false))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if value is Placeholder {
            return ArchiveUnkeyedDecodingContainer(array: [], codingPath: codingPath, options: options)
        }
        guard let array = value as? [Any] else {
            throw Self.mismatch([Any].self, expected: "array", found: value, codingPath: codingPath)
        }
        return ArchiveUnkeyedDecodingContainer(array: array, codingPath: codingPath, options: options)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ArchiveSingleValueDecodingContainer(value: value, codingPath: codingPath, options: options)
    }

    /// `value` as a dictionary with string keys. Foundation on Linux hands nested dictionaries
    /// over as `[AnyHashable: Any]`.
    static func dictionary(_ value: Any) -> [String: Any]? {
        if let dictionary = value as? [String: Any] { return dictionary }
        guard let hashed = value as? [AnyHashable: Any] else { return nil }
        var dictionary = [String: Any](minimumCapacity: hashed.count)
        for (key, element) in hashed {
            guard let key = key.base as? String else { return nil }
            dictionary[key] = element
        }
        return dictionary
    }

    // MARK: Values

    /// The `type` value that `value` describes: through the type's ``KeyMapValue`` conformance
    /// when it has one, the one rule for converting it whichever door a value came through, and
    /// otherwise through its own `init(from:)`.
    static func unbox<T: Decodable>(
        _ value: Any, as type: T.Type, codingPath: [any CodingKey], options: ArchiveCodingOptions
    ) throws -> T {
        if let tableType = type as? any KeyMapValue.Type {
            guard let typed = try unbox(value, through: tableType, codingPath: codingPath, options: options) as? T else {
                throw mismatch(type, expected: String(describing: type), found: value, codingPath: codingPath)
            }
            return typed
        }
        if isNull(value), !(type is any ExpressibleByNilLiteral.Type) {
            throw missing(type, codingPath: codingPath)
        }
        if value is Placeholder, codingPath.count >= Placeholder.maximumDepth {
            throw missing(type, codingPath: codingPath)
        }
        return try ValueNesting.descend(orElse: { (refusal) throws -> T in throw refused(type, refusal, codingPath: codingPath) }) { () throws -> T in
            try T(from: ArchiveValueDecoder(value: value, codingPath: codingPath, options: options))
        }
    }

    /// `value` converted by `type`'s conformance; a placeholder becomes the type's placeholder.
    static func unbox<Value: KeyMapValue>(
        _ value: Any, through type: Value.Type, codingPath: @autoclosure () -> [any CodingKey], options: ArchiveCodingOptions
    ) throws -> Value {
        if value is Placeholder {
            guard let placeholder = Value.keyMapPlaceholder else { throw missing(type, codingPath: codingPath()) }
            return placeholder
        }
        do {
            return try decodeKeyMapValue(Value.self, from: KeyMapInput(value, from: options.source))
        } catch {
            throw decodingError(error, codingPath: codingPath())
        }
    }

    /// `type` decoded by its own `init(from:)`, not by its ``KeyMapValue`` conformance: what a
    /// Codable type's conformance does, so that the table hands it back to Codable only once.
    static func decodeOwnCodable<Value: Decodable>(_ type: Value.Type, from value: Any, source: KeyMapSource) throws(ArchiveDecodingError) -> Value {
        var options = ArchiveCodingOptions.current ?? ArchiveCodingOptions()
        options.source = source
        do {
            return try ValueNesting.descend(orElse: { (refusal) throws -> Value in throw refused(type, refusal, codingPath: []) }) { () throws -> Value in
                try Value(from: ArchiveValueDecoder(value: value, codingPath: [], options: options))
            }
        } catch {
            throw ArchiveDecodingError(decoding: type, error: error)
        }
    }

    /// Any value of `type`, built by answering every request with the placeholder of the type
    /// asked for (``KeyMapValue/keyMapPlaceholder``: `""`, `0`, `false`, an enum's first case),
    /// an empty array, or `nil` for an optional; `nil` if the type refuses them all.
    ///
    /// A key map learns a type's property names by reflecting one instance of each property
    /// type, and a Codable type used as a property has no value of its own to offer.
    static func placeholder<Value: Decodable>(_ type: Value.Type) -> Value? {
        // Placeholders of nested types can lead back here (A holds B, B holds A); the depth
        // across those calls is bounded as well as the depth within one.
        guard Placeholder.nesting < Placeholder.maximumDepth else { return nil }
        return Placeholder.$nesting.withValue(Placeholder.nesting + 1) {
            try? Value(from: ArchiveValueDecoder(value: Placeholder(), codingPath: [], options: ArchiveCodingOptions()))
        }
    }

    // MARK: Errors

    /// A failure of the table as the `DecodingError` a Codable caller expects, its path
    /// continuing the coding path and its reason kept whole for ``ArchiveDecodingError``.
    static func decodingError(_ error: ArchiveDecodingError, codingPath: [any CodingKey]) -> DecodingError {
        let path = codingPath + error.path.map(ArchiveCodingKey.init)
        return .dataCorrupted(.init(codingPath: path, debugDescription: error.reason.description,
                                    underlyingError: ArchiveDecodingDetail(reason: error.reason)))
    }

    static func mismatch(_ type: Any.Type, expected: String, found value: Any, codingPath: [any CodingKey]) -> DecodingError {
        let reason = ArchiveDecodingError.Reason.typeMismatch(expected: expected, found: ArchiveDecodingError.describe(value))
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: reason.description,
                                         underlyingError: ArchiveDecodingDetail(reason: reason)))
    }

    static func invalid(_ type: Any.Type, found value: Any, codingPath: [any CodingKey]) -> DecodingError {
        let reason = ArchiveDecodingError.Reason.invalidValue(
            expected: String(describing: type), found: ArchiveDecodingError.describe(value))
        return .dataCorrupted(.init(codingPath: codingPath, debugDescription: reason.description,
                                    underlyingError: ArchiveDecodingDetail(reason: reason)))
    }

    static func missing(_ type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        let reason = ArchiveDecodingError.Reason.missingValue(expected: String(describing: type))
        return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: reason.description,
                                          underlyingError: ArchiveDecodingDetail(reason: reason)))
    }

    /// A value nested deeper than ``ValueNesting/limit`` levels, or with no thread to go on.
    static func refused(_ type: Any.Type, _ refusal: ValueNesting.Refusal, codingPath: [any CodingKey]) -> DecodingError {
        let reason: ArchiveDecodingError.Reason = switch refusal {
        case .tooDeep: .nestedTooDeep(limit: ValueNesting.limit)
        case .threadUnavailable(let failure): .custom(failure.description)
        }
        return .dataCorrupted(.init(codingPath: codingPath, debugDescription: reason.description,
                                    underlyingError: ArchiveDecodingDetail(reason: reason)))
    }

    static func keyNotFound(_ key: any CodingKey, expected type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        let reason = ArchiveDecodingError.Reason.missingValue(expected: String(describing: type))
        return .keyNotFound(key, .init(codingPath: codingPath, debugDescription: reason.description,
                                       underlyingError: ArchiveDecodingDetail(reason: reason)))
    }
}

/// The value a placeholder is built from: every key present, every value the cheapest of its type.
struct Placeholder {
    /// The deepest nesting tried before giving up, against self-referencing types.
    static let maximumDepth = 32

    @TaskLocal static var nesting = 0
}
