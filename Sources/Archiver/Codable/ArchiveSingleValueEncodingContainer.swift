import Foundation

/// The single-value container of ``ArchiveEncoder``: one property-list value, or a nil.
struct ArchiveSingleValueEncodingContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let options: ArchiveCodingOptions

    mutating func encodeNil() throws { node.setSingle(.null) }
    mutating func encode(_ value: Bool) throws { node.setSingle(.value(value)) }
    mutating func encode(_ value: String) throws { node.setSingle(.value(value)) }
    mutating func encode(_ value: Double) throws { node.setSingle(.value(value)) }
    mutating func encode(_ value: Float) throws { node.setSingle(.value(value)) }
    mutating func encode(_ value: Int) throws { node.setSingle(.value(value)) }
    mutating func encode(_ value: Int8) throws { node.setSingle(.value(value)) }
    mutating func encode(_ value: Int16) throws { node.setSingle(.value(value)) }
    mutating func encode(_ value: Int32) throws { node.setSingle(.value(value)) }
    mutating func encode(_ value: Int64) throws { node.setSingle(.value(value)) }
    mutating func encode(_ value: UInt) throws { node.setSingle(.value(value.integerArchiveValue)) }
    mutating func encode(_ value: UInt8) throws { node.setSingle(.value(value)) }
    mutating func encode(_ value: UInt16) throws { node.setSingle(.value(value)) }
    mutating func encode(_ value: UInt32) throws { node.setSingle(.value(value)) }
    mutating func encode(_ value: UInt64) throws { node.setSingle(.value(value.integerArchiveValue)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.setSingle(try ArchiveValueEncoder.box(value, codingPath: codingPath, options: options))
    }
}
