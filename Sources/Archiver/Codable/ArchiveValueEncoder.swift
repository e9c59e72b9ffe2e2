import Foundation

/// The `Encoder` that ``ArchiveEncoder`` hands to `encode(to:)`: one per place in the value,
/// writing into that place's ``EncodingNode``.
struct ArchiveValueEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let options: ArchiveCodingOptions

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeKeyed()
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<Key>(node: node, codingPath: codingPath, options: options))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeUnkeyed()
        return ArchiveUnkeyedEncodingContainer(node: node, codingPath: codingPath, options: options)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ArchiveSingleValueEncodingContainer(node: node, codingPath: codingPath, options: options)
    }

    /// The slot for `value`: what its ``KeyMapValue`` conformance writes when it has one, the
    /// one rule whichever door a value goes out by, and otherwise what its own `encode(to:)` does.
    static func box<Value: Encodable>(
        _ value: Value, codingPath: [any CodingKey], options: ArchiveCodingOptions
    ) throws -> EncodingSlot {
        if let tableValue = value as? any KeyMapValue {
            guard let archived = tableValue.keyMapArchiveValue else { return .null }
            if let failure = archived as? EncodingFailure {
                throw ArchiveEncodingError(type: Value.self, path: .init(codingPath: codingPath), reason: failure.reason)
            }
            return .value(archived)
        }
        let node = EncodingNode()
        try ValueNesting.descend(orElse: { (refusal) throws in throw refused(Value.self, refusal, codingPath: codingPath) }) { () throws in
            try value.encode(to: ArchiveValueEncoder(node: node, codingPath: codingPath, options: options))
        }
        return .node(node)
    }

    /// `value` encoded by its own `encode(to:)`, not by its ``KeyMapValue`` conformance: what a
    /// Codable type's conformance does, so that the table hands it back to Codable only once.
    static func encodeOwnCodable<Value: Encodable>(_ value: Value) throws(ArchiveEncodingError) -> Any? {
        let options = ArchiveCodingOptions.current ?? ArchiveCodingOptions()
        let node = EncodingNode()
        do {
            try ValueNesting.descend(orElse: { (refusal) throws in throw refused(Value.self, refusal, codingPath: []) }) { () throws in
                try value.encode(to: ArchiveValueEncoder(node: node, codingPath: [], options: options))
            }
        } catch {
            throw ArchiveEncodingError(encoding: Value.self, error: error)
        }
        return try node.resolved(typeName: String(describing: Value.self), path: [])
    }

    /// A value nested deeper than ``ValueNesting/limit`` levels, or with no thread to go on.
    static func refused(_ type: Any.Type, _ refusal: ValueNesting.Refusal, codingPath: [any CodingKey]) -> ArchiveEncodingError {
        ArchiveEncodingError(type: type, path: .init(codingPath: codingPath), reason: .custom(refusal.description))
    }
}
