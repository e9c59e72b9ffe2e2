import Foundation

/// Builds "any value" of a `Decodable` type by answering every request with a zero value: `""`,
/// `0`, `false`, empty collections, `nil` for optionals.
///
/// A key map learns a type's property names by reflecting one instance of each property type,
/// and a Codable type used as a property has no zero value of its own to offer. The value built
/// here is never stored or shown; a type that refuses zeros (a URL from `""`, an enum without a
/// case to pick) simply has no placeholder, and a map using it reports that when validated.
enum PlaceholderDecoder {
    /// A zero value of `type`, or `nil` if the type refuses zeros.
    ///
    /// A nested type's own ``KeyMapValue/keyMapPlaceholder`` is preferred (a raw-value enum's
    /// first case, say), except for `type` itself, whose placeholder may be this very call.
    static func placeholder<Value: Decodable>(_ type: Value.Type) -> Value? {
        // Placeholders of nested types can lead back here (class A holds B, B holds A); the
        // depth across those calls is bounded as well as the depth within one.
        guard nesting < maximumDepth else { return nil }
        return $nesting.withValue(nesting + 1) {
            try? zero(type, depth: 0, building: ObjectIdentifier(type))
        }
    }

    /// The deepest nesting tried before giving up, against self-referencing types.
    static let maximumDepth = 32

    @TaskLocal private static var nesting = 0

    static func zero<Value: Decodable>(_ type: Value.Type, depth: Int, building: ObjectIdentifier) throws -> Value {
        guard depth < maximumDepth else { throw PlaceholderError() }
        if let known = knownZero(type, building: building) { return known }
        return try Value(from: ZeroDecoder(depth: depth + 1, building: building))
    }

    private static func knownZero<Value>(_ type: Value.Type, building: ObjectIdentifier) -> Value? {
        if ObjectIdentifier(type) != building, let keyMapType = type as? any KeyMapValue.Type,
           let value = placeholder(of: keyMapType) as? Value {
            return value
        }
        let zero: Any? = switch type {
        case is URL.Type: URL(fileURLWithPath: "/")
        case is Date.Type: Date(timeIntervalSinceReferenceDate: 0)
        case is Data.Type: Data()
        case is UUID.Type: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        case is Decimal.Type: Decimal(0)
        default: nil
        }
        return zero as? Value
    }

    private static func placeholder<Value: KeyMapValue>(of type: Value.Type) -> Any? {
        type.keyMapPlaceholder
    }

    struct PlaceholderError: Error {}

    private struct ZeroDecoder: Decoder {
        let depth: Int
        let building: ObjectIdentifier
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(ZeroKeyedContainer<Key>(depth: depth, building: building))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            ZeroUnkeyedContainer()
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            ZeroSingleValueContainer(depth: depth, building: building)
        }
    }

    private struct ZeroKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let depth: Int
        let building: ObjectIdentifier
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { true }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try ZeroSingleValueContainer(depth: depth, building: building).decode(type) }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { nil }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            KeyedDecodingContainer(ZeroKeyedContainer<NestedKey>(depth: depth, building: building))
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { ZeroUnkeyedContainer() }
        func superDecoder() throws -> any Decoder { ZeroDecoder(depth: depth, building: building) }
        func superDecoder(forKey key: Key) throws -> any Decoder { ZeroDecoder(depth: depth, building: building) }
    }

    /// An empty array: the cheapest zero for any element type.
    private struct ZeroUnkeyedContainer: UnkeyedDecodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int? { 0 }
        var isAtEnd: Bool { true }
        var currentIndex: Int { 0 }

        mutating func decodeNil() throws -> Bool { true }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { throw PlaceholderError() }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            throw PlaceholderError()
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw PlaceholderError() }
        mutating func superDecoder() throws -> any Decoder { throw PlaceholderError() }
    }

    private struct ZeroSingleValueContainer: SingleValueDecodingContainer {
        let depth: Int
        let building: ObjectIdentifier
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { false }
        func decode(_ type: Bool.Type) throws -> Bool { false }
        func decode(_ type: String.Type) throws -> String { "" }
        func decode(_ type: Double.Type) throws -> Double { 0 }
        func decode(_ type: Float.Type) throws -> Float { 0 }
        func decode(_ type: Int.Type) throws -> Int { 0 }
        func decode(_ type: Int8.Type) throws -> Int8 { 0 }
        func decode(_ type: Int16.Type) throws -> Int16 { 0 }
        func decode(_ type: Int32.Type) throws -> Int32 { 0 }
        func decode(_ type: Int64.Type) throws -> Int64 { 0 }
        func decode(_ type: UInt.Type) throws -> UInt { 0 }
        func decode(_ type: UInt8.Type) throws -> UInt8 { 0 }
        func decode(_ type: UInt16.Type) throws -> UInt16 { 0 }
        func decode(_ type: UInt32.Type) throws -> UInt32 { 0 }
        func decode(_ type: UInt64.Type) throws -> UInt64 { 0 }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try PlaceholderDecoder.zero(type, depth: depth, building: building) }
    }
}
