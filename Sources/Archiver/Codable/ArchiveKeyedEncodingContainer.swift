import Foundation

/// A keyed container of ``ArchiveEncoder``: becomes a `[String: Any]` dictionary.
struct ArchiveKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: any Sendable]

    mutating func encodeNil(forKey key: Key) throws { node.children[key.stringValue] = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { node.children[key.stringValue] = .value(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { node.children[key.stringValue] = .value(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { node.children[key.stringValue] = .value(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { node.children[key.stringValue] = .value(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { node.children[key.stringValue] = .value(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { node.children[key.stringValue] = .value(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { node.children[key.stringValue] = .value(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { node.children[key.stringValue] = .value(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { node.children[key.stringValue] = .value(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { node.children[key.stringValue] = .value(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { node.children[key.stringValue] = .value(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { node.children[key.stringValue] = .value(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { node.children[key.stringValue] = .value(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { node.children[key.stringValue] = .value(value) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.children[key.stringValue] = try ArchiveValueEncoder.box(value, codingPath: codingPath + [key], userInfo: userInfo)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.childNode(forKey: key.stringValue)
        child.becomeKeyed()
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<NestedKey>(node: child, codingPath: codingPath + [key], userInfo: userInfo))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.childNode(forKey: key.stringValue)
        child.becomeUnkeyed()
        return ArchiveUnkeyedEncodingContainer(node: child, codingPath: codingPath + [key], userInfo: userInfo)
    }

    mutating func superEncoder() -> any Encoder {
        ArchiveValueEncoder(node: node.childNode(forKey: ArchiveCodingKey.super.stringValue),
                            codingPath: codingPath + [ArchiveCodingKey.super], userInfo: userInfo)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ArchiveValueEncoder(node: node.childNode(forKey: key.stringValue), codingPath: codingPath + [key], userInfo: userInfo)
    }
}
