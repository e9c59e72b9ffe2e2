import Foundation

/// A property type that a ``KeyMap`` can read from response objects and archives and write to
/// archives.
///
/// The built-in types conform already: `String`, `Bool`, every integer width, `Double`, `Float`,
/// `Decimal`, `Date`, `Data`, `URL`, `UUID`, and `Optional`, `Array`, `Set` and `[String: Value]`
/// of conforming types. ``KeyMapped`` types conform by declaring their key map. Other types opt in
/// with one line:
///
/// ```swift
/// enum Cuisine: String, CaseIterable { case soup, risotto }
/// extension Cuisine: KeyMapValue {}          // reads and writes its raw value
/// enum Kind: Int { case deli = 1, bistro }
/// extension Kind: KeyMapValue { static var keyMapPlaceholder: Kind? { .deli } }  // not CaseIterable
///
/// extension Restaurant: KeyMapValue {        // a hand-written Serializable & ArchiveRepresentable
///     static var keyMapPlaceholder: Restaurant? { Restaurant(id: "", name: "") }
/// }
/// ```
///
/// Each type's conversion is one rule, whichever door the value came through: a response object,
/// a JSON text read by ``Serializable/decode(json:)``, or an archive loaded from disk.
/// Conversions are lossless: `"4"` reads as the `Int` 4, `"4x"` fails with
/// ``ArchiveDecodingError/Reason/invalidValue(expected:found:)`` rather than becoming 0.
///
/// The protocol does not refine `SendableMetatype`, so that a conformance may be isolated to the
/// main actor, as every conformance is in a target whose default isolation is `MainActor`. Such
/// types are then decoded and archived on the main actor; declare a type and its conformance
/// `nonisolated` to use it off the main actor too.
public protocol KeyMapValue {
    /// Reads a value from what a response object, a JSON text or an archive holds there.
    ///
    /// The built-in types read the document in place; a conversion of your own reads
    /// ``KeyMapInput/foundationObject`` (a `String`, an `NSNumber`, an array, a dictionary …) and,
    /// where the server's form differs from the archive's, ``KeyMapInput/source``. `NSNull`
    /// reaches only types that accept it, such as `Optional`; for the others a missing or null
    /// value falls back to the map's default.
    ///
    /// ```swift
    /// try Int(keyMapValue: KeyMapInput("4", from: .responseObject))  // 4
    /// ```
    ///
    /// - Throws: ``ArchiveDecodingError`` whose path is relative to this value.
    init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError)

    /// This value as a property-list value for an archive, or `nil` to leave the key out.
    ///
    /// ```swift
    /// URL(string: "https://example.com")?.keyMapArchiveValue  // "https://example.com"
    /// ```
    var keyMapArchiveValue: Any? { get }

    /// Any value of this type. A key map builds one instance from placeholders, once per type,
    /// so that `Mirror` can tell it the names of the stored properties; the value itself is
    /// never used. `nil` when the type has none to offer, which makes maps that use it invalid.
    ///
    /// ```swift
    /// String.keyMapPlaceholder  // ""
    /// ```
    static var keyMapPlaceholder: Self? { get }

    /// The value that a value of the right type but unknown to this one reads as, such as the
    /// `.unknown` case of a raw-value enum for a status the server added after the app
    /// shipped. `nil`, the default, makes such a value an error (and drops the model holding it
    /// from a lenient collection). Used by the raw-value conversion, through every door.
    ///
    /// ```swift
    /// enum Status: String, CaseIterable { case active, canceled, unknown }
    /// extension Status: KeyMapValue { static var keyMapUnknownValue: Status? { .unknown } }
    ///
    /// try Status(keyMapValue: KeyMapInput("requires_reauthorization", from: .responseObject))  // .unknown
    /// ```
    static var keyMapUnknownValue: Self? { get }
}

// What only the library's own conformances answer differently (`Optional` takes a missing value
// as `nil`; collections, `Date` and `Data` name themselves in errors), kept out of the public
// protocol: an app's type has no reason to change either.

/// A built-in type that names itself in error messages otherwise than by its Swift name.
protocol KeyMapTypeDescribing {
    static var keyMapTypeName: String { get }
}

/// A built-in type that has a value for a missing key: `Optional`, whose value is `nil`.
protocol KeyMapMissingValue {
    static var keyMapMissingValue: Any { get }
}

extension KeyMapValue {
    /// The value to use when the key is missing or null and the map gives no default. `nil`
    /// means such a value is an error; `Optional` answers `.some(nil)`.
    @usableFromInline
    static var keyMapValueWhenMissing: Self? {
        (Self.self as? any KeyMapMissingValue.Type).flatMap { $0.keyMapMissingValue as? Self }
    }

    /// The type's name in error messages, such as `Int` or `[Review]`.
    @usableFromInline
    static var keyMapTypeDescription: String {
        (Self.self as? any KeyMapTypeDescribing.Type)?.keyMapTypeName ?? String(describing: Self.self)
    }

    /// No value stands for unknown ones: a value of the right type that this type does not know
    /// is an error.
    ///
    /// ```swift
    /// Cuisine.keyMapUnknownValue  // nil: "pizza" fails
    /// ```
    public static var keyMapUnknownValue: Self? { nil }
}

/// Where a key map is reading from: a server's response object, or an archive it wrote itself.
///
/// Server keys apply to response objects, archive keys to archives.
///
/// ```swift
/// try Date(keyMapValue: KeyMapInput("2016-06-01T12:00:00Z", from: .responseObject))
/// ```
public enum KeyMapSource: Sendable, Hashable {
    /// A dictionary as `JSONSerialization` produces it.
    case responseObject
    /// A dictionary that ``ArchiveRepresentable/archiveValue`` produced, possibly read back from disk.
    case archive
}

/// Reads an element of a collection or a dictionary's value, treating null as missing.
@inlinable
func decodeKeyMapValue<Value: KeyMapValue>(_ type: Value.Type, from input: borrowing KeyMapInput) throws(ArchiveDecodingError) -> Value {
    do {
        return try Value(keyMapValue: input)
    } catch {
        return try recoverKeyMapValue(Value.self, from: error, isNull: input.isNull)
    }
}

/// The value for a null element, or the error that reading it threw. Kept apart from
/// ``decodeKeyMapValue(_:from:)`` so that its `Value?` costs nothing on the common path.
@usableFromInline @inline(never)
func recoverKeyMapValue<Value: KeyMapValue>(
    _ type: Value.Type, from error: ArchiveDecodingError, isNull: Bool
) throws(ArchiveDecodingError) -> Value {
    guard isNull else { throw error }
    guard let missing = Value.keyMapValueWhenMissing else {
        throw ArchiveDecodingError(type: Value.self, reason: .typeMismatch(expected: Value.keyMapTypeDescription, found: "null"))
    }
    return missing
}
