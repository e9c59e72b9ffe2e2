import Foundation

/// A `Codable` type becomes a property type of key maps with one line, through the Codable bridge:
///
/// ```swift
/// struct Money: Codable { let amount: Int; let currency: String }
/// extension Money: KeyMapValue {}
///
/// struct Order { let id: String; let total: Money }
/// extension Order: KeyMapped { static let keyMap = KeyMap(Order.init) }
/// // Order.total is read with ArchiveDecoder and written with ArchiveEncoder:
/// // ["id": "o1", "total": ["amount": 12, "currency": "EUR"]]
/// ```
///
/// Errors keep Codable's coding path inside the key map's: `Order.total.amount: expected Int, …`.
/// A value that fails to encode stays in the archive as a marker, so that storing it fails with
/// ``ArchiverError/invalidPropertyList(type:id:keyPath:found:)`` naming the key, rather than the
/// key silently disappearing.
extension KeyMapValue where Self: Codable {
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        self = try ArchiveDecoder().decodeValue(Self.self, from: value)
    }

    public var keyMapArchiveValue: Any? {
        do {
            return try ArchiveEncoder().encodeValue(self)
        } catch {
            return EncodingFailure(reason: error.reason)
        }
    }

    /// A value built from zeros (`""`, `0`, `false`, empty collections, `nil`); a type that
    /// refuses zeros declares its own.
    public static var keyMapPlaceholder: Self? {
        PlaceholderDecoder.placeholder(Self.self)
    }
}

// A raw-value enum or a key-mapped type that is also Codable would match two of the constrained
// extensions; the raw value and the key map are the preferred forms, as without Codable.

/// As without Codable: a raw-value type that is not `CaseIterable` names its placeholder.
extension KeyMapValue where Self: RawRepresentable & Codable, RawValue: KeyMapValue {
    @inlinable
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        self = try decodeRawValue(Self.self, from: value, source: source)
    }

    @inlinable
    public var keyMapArchiveValue: Any? { rawValue.keyMapArchiveValue }

    @available(*, unavailable, message: "a raw-value type that is not CaseIterable names any one of its values: static var keyMapPlaceholder: Self? { .someCase }")
    public static var keyMapPlaceholder: Self? { nil }
}

extension KeyMapValue where Self: RawRepresentable & CaseIterable & Codable, RawValue: KeyMapValue {
    public static var keyMapPlaceholder: Self? { allCases.first }
}

extension KeyMapped where Self: Codable {
    @inlinable
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        self = try Self.keyMap.decode(nested: value, from: source)
    }

    @inlinable
    public var keyMapArchiveValue: Any? { archiveValue }

    @inlinable
    public static var keyMapPlaceholder: Self? { keyMap.placeholder() }
}
