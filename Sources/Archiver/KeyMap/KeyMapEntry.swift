import Foundation

/// How a key map treats one property, as a ``KeyMapProperty`` entry gives it: its keys, its
/// default, whether it is excluded, and a custom conversion. Properties without an entry use the
/// map's key strategies and have no default.
struct KeyMapEntry: Sendable {
    /// The key in response objects, if not the one the strategy computes.
    var serverKey: String?
    /// The key in archives, if not the one the strategy computes.
    var archiveKey: String?
    /// The value used when the key is missing or null.
    var defaultValue: KeyMapDefault?
    /// Whether the property is neither read nor archived, and always gets its default.
    var isExcluded = false
    /// For a collection of ``KeyMapped`` or ``Serializable`` values: whether an invalid element
    /// fails the whole value instead of being dropped.
    var isStrict = false
    var transform: KeyMapTransform?
    /// The server's form of a `Date` property's dates, when the entry names one (the transform
    /// then reads it); ``KeyMapped/jsonData()`` writes it.
    var dates: KeyMapDates?
    /// What a value that is present but cannot be read gets.
    var invalid: KeyMapInvalidRule = .fail
    /// Server keys read when the server key is missing or null, in order.
    var alternateServerKeys: [String] = []
    /// Archive keys the property was archived under before, read when the archive key is missing.
    var formerArchiveKeys: [String] = []
    /// The value used when the key is missing or null in an archive, if not `defaultValue`.
    var archiveDefaultValue: KeyMapDefault?
}

/// What a property gets when its key holds a value that cannot be read as the property's type
/// (`"soon"` for a `Date`, a status the enum does not know), as opposed to a missing or null
/// value, which gets the default.
///
/// ```swift
/// .property(\.status, ifInvalid: .use(.unknown))        // a named case of an enum
/// .property(\.canceledAt, ifInvalid: .useDefault)       // an optional reads nil
/// .property(\.livemode, default: false, ifInvalid: .useDefault)
/// ```
///
/// A replaced value is reported as a dropped element would be (``ArchiveDecodingError/collectingDroppedElements(_:)``,
/// ``ArchiveDecodingError/observeDroppedElements(_:)``): nothing is replaced unseen.
public enum KeyMapInvalidValue<Value> {
    /// The value fails the model, naming the key path (the default).
    case fail
    /// The entry's default, or `nil` for an optional without one; a property with neither fails.
    case useDefault
    /// This value.
    case use(Value)
}

/// ``KeyMapInvalidValue`` with the property's type erased.
enum KeyMapInvalidRule: Sendable {
    case fail
    case useDefault
    case value(KeyMapDefault)

    init<Value>(_ rule: KeyMapInvalidValue<Value>) {
        switch rule {
        case .fail: self = .fail
        case .useDefault: self = .useDefault
        case .use(let value): self = .value(KeyMapDefault(typed: value))
        }
    }
}

/// A custom conversion with its value type erased, so that entries of different properties fit
/// in one table.
@usableFromInline
struct KeyMapTransform: @unchecked Sendable {
    // Unchecked: the wrapping closures capture `Value.Type` only to cast with it, and a
    // generic metatype is not `Sendable` now that key-map values may have isolated conformances.
    // The conversions themselves are the `@Sendable` closures the entry was given.
    @usableFromInline let decode: (Any) throws(ArchiveDecodingError) -> Any
    @usableFromInline let encode: (Any) -> Any?

    init<Value: KeyMapValue>(
        decode: @escaping @Sendable (Any) throws(ArchiveDecodingError) -> Value,
        encode: @escaping @Sendable (Value) -> Any?
    ) {
        self.decode = { value throws(ArchiveDecodingError) in try decode(value) }
        self.encode = { value in (value as? Value).flatMap { Self.present(encode($0)) } }
    }

    /// What `encoded` archives, or `nil` to leave the key out: `nil`, an `Optional` that holds
    /// nothing (`{ $0 as Any }` of a `Date?`) and `NSNull`, which no property list holds, leave it
    /// out, as an optional property's `nil` does; an `Optional` that holds a value gives the value.
    static func present(_ encoded: Any?) -> Any? {
        guard let encoded else { return nil }
        if let optional = encoded as? any OptionalArchiveValue { return present(optional.wrappedArchiveValue) }
        return encoded is NSNull ? nil : encoded
    }
}

/// An `Optional` seen through `Any`, so that a transform's result can be unwrapped.
protocol OptionalArchiveValue {
    var wrappedArchiveValue: Any? { get }
}

extension Optional: OptionalArchiveValue {
    var wrappedArchiveValue: Any? { self.map { $0 } }
}
