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
    /// Reads the value with its own `init(from:)`, each property by the property type's
    /// conformance.
    ///
    /// ```swift
    /// try Money(keyMapValue: KeyMapInput(["amount": "12", "currency": "EUR"], from: .responseObject))
    /// // Money(amount: 12, currency: "EUR"): "12" reads as an Int, as a key map reads it
    /// ```
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        self = try ArchiveValueDecoder.decodeOwnCodable(Self.self, from: input)
    }

    /// The archive of the value's own `encode(to:)`, each property written by the property
    /// type's conformance.
    ///
    /// ```swift
    /// Money(amount: 12, currency: "EUR").keyMapArchiveValue  // ["amount": 12, "currency": "EUR"]
    /// ```
    public var keyMapArchiveValue: Any? {
        do {
            return try ArchiveValueEncoder.encodeOwnCodable(self)
        } catch {
            return EncodingFailure(reason: error.reason)
        }
    }

    /// A value built from each property type's placeholder (`""`, `0`, `false`, empty
    /// collections, `nil`); a type that refuses them declares its own.
    ///
    /// ```swift
    /// Money.keyMapPlaceholder  // Money(amount: 0, currency: "")
    /// ```
    public static var keyMapPlaceholder: Self? {
        ArchiveValueDecoder.placeholder(Self.self)
    }
}

// A raw-value enum or a key-mapped type that is also Codable would match two of the constrained
// extensions; the raw value and the key map are the preferred forms, as without Codable.

/// As without Codable: a raw-value type that is not `CaseIterable` names its placeholder.
extension KeyMapValue where Self: RawRepresentable & Codable, RawValue: KeyMapValue {
    @inlinable
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        self = try decodeRawValue(Self.self, from: input)
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
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        self = try Self.keyMap.decode(input)
    }

    @inlinable
    public var keyMapArchiveValue: Any? { archiveValue }

    @inlinable
    public static var keyMapPlaceholder: Self? { keyMap.placeholder() }
}
