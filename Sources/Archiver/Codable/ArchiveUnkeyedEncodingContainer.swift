import Foundation

/// An unkeyed container of ``ArchiveEncoder``: becomes an array.
struct ArchiveUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let options: ArchiveCodingOptions

    var count: Int { node.elements.count }

    private var nextKey: ArchiveCodingKey { ArchiveCodingKey(index: node.elements.count) }

    mutating func encodeNil() throws { node.elements.append(.null) }
    mutating func encode(_ value: Bool) throws { node.elements.append(.value(value)) }
    mutating func encode(_ value: String) throws { node.elements.append(.value(value)) }
    mutating func encode(_ value: Double) throws { node.elements.append(.value(value)) }
    mutating func encode(_ value: Float) throws { node.elements.append(.value(value)) }
    mutating func encode(_ value: Int) throws { node.elements.append(.value(value)) }
    mutating func encode(_ value: Int8) throws { node.elements.append(.value(value)) }
    mutating func encode(_ value: Int16) throws { node.elements.append(.value(value)) }
    mutating func encode(_ value: Int32) throws { node.elements.append(.value(value)) }
    mutating func encode(_ value: Int64) throws { node.elements.append(.value(value)) }
    mutating func encode(_ value: UInt) throws { node.elements.append(.value(value.integerArchiveValue)) }
    mutating func encode(_ value: UInt8) throws { node.elements.append(.value(value)) }
    mutating func encode(_ value: UInt16) throws { node.elements.append(.value(value)) }
    mutating func encode(_ value: UInt32) throws { node.elements.append(.value(value)) }
    mutating func encode(_ value: UInt64) throws { node.elements.append(.value(value.integerArchiveValue)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let slot = try ArchiveValueEncoder.box(value, codingPath: codingPath + [nextKey], options: options)
        node.elements.append(slot)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [nextKey]
        let child = node.appendNode()
        child.becomeKeyed()
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<NestedKey>(node: child, codingPath: path, options: options))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [nextKey]
        let child = node.appendNode()
        child.becomeUnkeyed()
        return ArchiveUnkeyedEncodingContainer(node: child, codingPath: path, options: options)
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [nextKey]
        return ArchiveValueEncoder(node: node.appendNode(), codingPath: path, options: options)
    }
}
