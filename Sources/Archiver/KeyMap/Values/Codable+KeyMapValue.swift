import Foundation

/// A `Codable` type that becomes a property type of key maps through the Codable bridge: its
/// own `init(from:)` and `encode(to:)` convert it, each property by its type's conformance. One
/// line, and no other requirement:
///
/// ```swift
/// struct Money: Codable { let amount: Int; let currency: String }
/// extension Money: KeyMapCodable {}
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
///
/// A raw-value enum reads its raw value with plain ``KeyMapValue`` (`extension Cuisine:
/// KeyMapValue {}`), Codable or not, and a key-mapped type its key map: neither needs this
/// protocol.
public protocol KeyMapCodable: KeyMapValue, Codable {}

extension KeyMapCodable {
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
