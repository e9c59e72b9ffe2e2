import Foundation

/// A keyed container of ``ArchiveEncoder``: becomes a `[String: Any]` dictionary.
struct ArchiveKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let options: ArchiveCodingOptions

    mutating func encodeNil(forKey key: Key) throws { node.children[options.key(key)] = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { node.children[options.key(key)] = .value(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { node.children[options.key(key)] = .value(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { node.children[options.key(key)] = .value(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { node.children[options.key(key)] = .value(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { node.children[options.key(key)] = .value(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { node.children[options.key(key)] = .value(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { node.children[options.key(key)] = .value(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { node.children[options.key(key)] = .value(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { node.children[options.key(key)] = .value(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { node.children[options.key(key)] = .value(value.integerArchiveValue) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { node.children[options.key(key)] = .value(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { node.children[options.key(key)] = .value(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { node.children[options.key(key)] = .value(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { node.children[options.key(key)] = .value(value.integerArchiveValue) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.children[options.key(key)] = try ArchiveValueEncoder.box(value, codingPath: codingPath + [key], options: options)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.childNode(forKey: options.key(key))
        child.becomeKeyed()
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<NestedKey>(node: child, codingPath: codingPath + [key], options: options))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.childNode(forKey: options.key(key))
        child.becomeUnkeyed()
        return ArchiveUnkeyedEncodingContainer(node: child, codingPath: codingPath + [key], options: options)
    }

    mutating func superEncoder() -> any Encoder {
        ArchiveValueEncoder(node: node.childNode(forKey: ArchiveCodingKey.super.stringValue),
                            codingPath: codingPath + [ArchiveCodingKey.super], options: options)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ArchiveValueEncoder(node: node.childNode(forKey: options.key(key)), codingPath: codingPath + [key], options: options)
    }
}
