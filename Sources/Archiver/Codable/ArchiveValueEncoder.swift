import Foundation

/// The `Encoder` that ``ArchiveEncoder`` hands to `encode(to:)`: one per place in the value,
/// writing into that place's ``EncodingNode``.
struct ArchiveValueEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeKeyed()
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<Key>(node: node, codingPath: codingPath, userInfo: sendableUserInfo))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeUnkeyed()
        return ArchiveUnkeyedEncodingContainer(node: node, codingPath: codingPath, userInfo: sendableUserInfo)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ArchiveSingleValueEncodingContainer(node: node, codingPath: codingPath, userInfo: sendableUserInfo)
    }

    /// The slot for `value`: Foundation types as the property-list values a hand-written
    /// archive would hold, anything else through its own `encode(to:)`.
    static func box<Value: Encodable>(
        _ value: Value, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> EncodingSlot {
        switch value {
        case let string as String: return .value(string)
        case let date as Date: return .value(date)
        case let data as Data: return .value(data)
        // PropertyListEncoder writes a URL as ["relative": …]; an archive holds the string that
        // hand-written conformances store.
        case let url as URL: return .value(url.absoluteString)
        default:
            let node = EncodingNode()
            try value.encode(to: ArchiveValueEncoder(node: node, codingPath: codingPath, sendableUserInfo: userInfo))
            return .node(node)
        }
    }
}

extension ArchiveValueEncoder {
    init(node: EncodingNode, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.init(node: node, codingPath: codingPath, sendableUserInfo: userInfo)
    }
}
