import Foundation

/// Turns `Encodable` values into archives: dictionaries of property-list values, as
/// ``ArchiveRepresentable/archiveValue`` holds them.
///
/// ```swift
/// struct Note: Codable { var id: String; var link: URL; var due: Date? }
///
/// let archive = try ArchiveEncoder().encode(Note(id: "n1", link: URL(string: "https://a.b")!, due: nil))
/// // ["id": "n1", "link": "https://a.b"]
/// ```
///
/// Every type with a ``KeyMapValue`` conformance is written by that conformance, exactly as a key
/// map writes it: `Date` and `Data` as themselves, `URL` as its absolute string, `Decimal` as its
/// text (`"19.99"`), `UUID` as its string, raw-value enums as their raw value. A `nil` in a
/// dictionary or an array of optionals is left out, as key maps leave it out; a `nil` as the
/// whole value cannot be held and throws ``ArchiveEncodingError/Reason/nilValue``.
public struct ArchiveEncoder: Sendable {
    /// Values handed to `encode(to:)` through `encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// How a coding key's name becomes the dictionary key written, at every level of the value.
    ///
    /// ```swift
    /// var encoder = ArchiveEncoder()
    /// encoder.keyStrategy = .snakeCase
    /// try encoder.encode(Profile(avatarURL: url))  // ["avatar_url": "https://…"]
    /// ```
    public var keyStrategy: KeyStrategy = .propertyName

    /// Creates an encoder.
    public init() {}

    /// The archive of `value`, which must encode as a keyed container, as structs and classes do.
    ///
    /// ```swift
    /// let archive = try ArchiveEncoder().encode(restaurant)  // ["id": "abcd-1234", "name": "Monk's Café"]
    /// ```
    ///
    /// - Throws: ``ArchiveEncodingError`` naming the coding path of the value that could not be
    ///   encoded, or ``ArchiveEncodingError/Reason/notADictionary(found:)`` for a value that
    ///   does not encode as a dictionary.
    public func encode<Value: Encodable>(_ value: Value) throws(ArchiveEncodingError) -> Archive {
        let encoded = try encodeValue(value)
        guard let archive = encoded as? Archive else {
            throw ArchiveEncodingError(type: Value.self, reason: .notADictionary(found: ArchiveDecodingError.describe(encoded)))
        }
        return archive
    }

    /// The property-list value of `value`: a `String`, number, `Bool`, `Date`, `Data`, or an array
    /// or `[String: Any]` dictionary of them.
    ///
    /// This is the entry point for one Codable property of a key-mapped or hand-written type:
    ///
    /// ```swift
    /// var archiveValue: Archive {
    ///     ["id": id, "tags": (try? ArchiveEncoder().encodeValue(tags)) ?? []]
    /// }
    /// try ArchiveEncoder().encodeValue(Set(["b", "a"]).sorted())  // ["a", "b"]
    /// try ArchiveEncoder().encodeValue(URL(string: "https://a.b")!)  // "https://a.b"
    /// ```
    ///
    /// - Throws: ``ArchiveEncodingError`` naming the coding path below `Value`.
    public func encodeValue<Value: Encodable>(_ value: Value) throws(ArchiveEncodingError) -> Any {
        let root = try encodedSlot(value)
        guard let resolved = try root.resolved(typeName: String(describing: Value.self), path: []) else {
            throw ArchiveEncodingError(type: Value.self, reason: .nilValue)
        }
        return resolved
    }

    /// What `encode(to:)` gave for `value`, before it is resolved into property-list values or
    /// written (``EncodingSlot/write(into:depth:)``).
    func encodedSlot<Value: Encodable>(_ value: Value) throws(ArchiveEncodingError) -> EncodingSlot {
        let options = ArchiveCodingOptions(userInfo: userInfo, keys: keyStrategy)
        do {
            return try ArchiveCodingOptions.$current.withValue(options) {
                try ArchiveValueEncoder.box(value, codingPath: [], options: options)
            }
        } catch {
            throw ArchiveEncodingError(encoding: Value.self, error: error)
        }
    }
}
