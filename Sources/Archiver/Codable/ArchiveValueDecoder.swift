import Foundation

/// The `Decoder` that ``ArchiveDecoder`` hands to `init(from:)`: one per place in the archive.
struct ArchiveValueDecoder: Decoder {
    let value: Any
    let codingPath: [any CodingKey]
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let dictionary = Self.dictionary(value) else {
            throw Self.mismatch([String: Any].self, expected: "dictionary", found: value, codingPath: codingPath)
        }
        return KeyedDecodingContainer(ArchiveKeyedDecodingContainer<Key>(
            dictionary: dictionary, codingPath: codingPath, userInfo: sendableUserInfo))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let array = value as? [Any] else {
            throw Self.mismatch([Any].self, expected: "array", found: value, codingPath: codingPath)
        }
        return ArchiveUnkeyedDecodingContainer(array: array, codingPath: codingPath, userInfo: sendableUserInfo)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ArchiveSingleValueDecodingContainer(value: value, codingPath: codingPath, userInfo: sendableUserInfo)
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

    // MARK: Errors

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

    static func keyNotFound(_ key: any CodingKey, expected type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        let reason = ArchiveDecodingError.Reason.missingValue(expected: String(describing: type))
        return .keyNotFound(key, .init(codingPath: codingPath, debugDescription: reason.description,
                                       underlyingError: ArchiveDecodingDetail(reason: reason)))
    }
}
