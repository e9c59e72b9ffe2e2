import Foundation

/// A keyed container of ``ArchiveDecoder``, over a `[String: Any]` dictionary.
struct ArchiveKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let dictionary: [String: Any]
    let codingPath: [any CodingKey]
    let options: ArchiveCodingOptions
    /// Building a placeholder: no key is present, yet a value asked for is the placeholder of its type.
    let isPlaceholder: Bool

    /// The dictionary's keys; under a key strategy, those that are some key's transform, as they were
    /// (a strategy such as snake case cannot be undone for every name).
    var allKeys: [Key] { dictionary.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { dictionary[options.key(key)] != nil }

    /// A missing key and `NSNull` both read as nil: property lists have no null, so an archive
    /// leaves the key out, and `JSONSerialization` gives `NSNull`.
    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = dictionary[options.key(key)] else { return true }
        return isNull(value)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeThroughTable(type, forKey: key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decodeValue(type, forKey: key) }

    /// The primitives' path: their conformance, called directly, with the coding path built only
    /// for an error.
    @inline(__always)
    private func decodeThroughTable<T: KeyMapValue>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let value = dictionary[options.key(key)] ?? (isPlaceholder ? Placeholder() as Any : nil) else {
            throw ArchiveValueDecoder.keyNotFound(key, expected: type, codingPath: codingPath)
        }
        return try ArchiveValueDecoder.unbox(value, through: type, codingPath: codingPath + [key], options: options)
    }

    private func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let value = dictionary[options.key(key)] ?? (isPlaceholder ? Placeholder() as Any : nil) else {
            throw ArchiveValueDecoder.keyNotFound(key, expected: type, codingPath: codingPath)
        }
        return try ArchiveValueDecoder.unbox(value, as: type, codingPath: codingPath + [key], options: options)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(forKey: key, expected: [String: Any].self).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(forKey: key, expected: [Any].self).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ArchiveValueDecoder(value: dictionary[ArchiveCodingKey.super.stringValue] ?? absent,
                            codingPath: codingPath + [ArchiveCodingKey.super], options: options)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ArchiveValueDecoder(value: dictionary[options.key(key)] ?? absent, codingPath: codingPath + [key], options: options)
    }

    /// What a super decoder reads where its key is missing: nothing, or a placeholder's anything.
    private var absent: Any { isPlaceholder ? Placeholder() : NSNull() }

    private func decoder(forKey key: Key, expected type: Any.Type) throws -> ArchiveValueDecoder {
        guard let value = dictionary[options.key(key)] ?? (isPlaceholder ? Placeholder() as Any : nil) else {
            throw ArchiveValueDecoder.keyNotFound(key, expected: type, codingPath: codingPath)
        }
        return ArchiveValueDecoder(value: value, codingPath: codingPath + [key], options: options)
    }
}
