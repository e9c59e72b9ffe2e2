/// How a key map treats one property: its keys, its default, whether it is excluded, and a
/// custom conversion.
///
/// Entries are listed by property name, the earlier spelling; ``KeyMapProperty`` lists them by key
/// path, which the compiler checks. Properties without an entry use the map's key strategies and
/// have no default.
///
/// ```swift
/// static let keyMap = KeyMap(Review.init, [
///     "rating": .init(server: "star_rating", default: 0),
///     "text": .init(default: ""),
///     "draft": .excluded(default: false),
/// ])
/// ```
public struct KeyMapEntry: Sendable {
    /// The key in response objects, if not the one the strategy computes.
    public var serverKey: String?
    /// The key in archives, if not the one the strategy computes.
    public var archiveKey: String?
    /// The value used when the key is missing or null.
    public var defaultValue: KeyMapDefault?
    /// Whether the property is neither read nor archived, and always gets its default.
    public var isExcluded: Bool
    /// For a collection of ``KeyMapped`` or ``Serializable`` values: whether an invalid element
    /// fails the whole value instead of being dropped.
    public var isStrict: Bool
    let transform: KeyMapTransform?

    /// An entry that renames the property's keys or gives it a default.
    ///
    /// ```swift
    /// "reviews": .init(server: "user_reviews", default: [])
    /// "reviews": .init(strict: true)   // one invalid review fails the whole value
    /// ```
    ///
    /// `strict` applies to collections of ``KeyMapped`` or ``Serializable`` values, whose invalid
    /// elements are otherwise dropped, as Archiver 0.6's `serializedCollection` drops them.
    public init(
        server serverKey: String? = nil, archive archiveKey: String? = nil, default defaultValue: KeyMapDefault? = nil,
        strict: Bool = false
    ) {
        self.serverKey = serverKey
        self.archiveKey = archiveKey
        self.defaultValue = defaultValue
        self.isExcluded = false
        self.isStrict = strict
        self.transform = nil
    }

    /// A property that is neither read nor archived: every decoded value gets `defaultValue`,
    /// or the type's placeholder (`""`, `0`, `[]`, `nil`) when there is none.
    ///
    /// ```swift
    /// "isSelected": .excluded(default: false)
    /// ```
    public static func excluded(default defaultValue: KeyMapDefault? = nil) -> KeyMapEntry {
        var entry = KeyMapEntry(default: defaultValue)
        entry.isExcluded = true
        return entry
    }

    /// A property converted by your own code both ways: `decode` reads what the server or the
    /// archive holds, `encode` writes the archive, and `decode` must read what `encode` writes.
    ///
    /// ```swift
    /// "price": .transform(server: "price_cents",
    ///                     decode: { value throws(ArchiveDecodingError) in
    ///                         try Double(keyMapValue: value, from: .responseObject) / 100 },
    ///                     encode: { price in price * 100 })
    /// ```
    ///
    /// The value type must be the property's; ``KeyMapped/validateKeyMap()`` reports an entry whose is not.
    public static func transform<Value: KeyMapValue>(
        server serverKey: String? = nil,
        archive archiveKey: String? = nil,
        default defaultValue: KeyMapDefault? = nil,
        decode: @escaping @Sendable (Any) throws(ArchiveDecodingError) -> Value,
        encode: @escaping @Sendable (Value) -> Any
    ) -> KeyMapEntry {
        var entry = KeyMapEntry(server: serverKey, archive: archiveKey, default: defaultValue)
        entry = KeyMapEntry(copying: entry, transform: KeyMapTransform(decode: decode, encode: encode))
        return entry
    }

    private init(copying entry: KeyMapEntry, transform: KeyMapTransform) {
        self.serverKey = entry.serverKey
        self.archiveKey = entry.archiveKey
        self.defaultValue = entry.defaultValue
        self.isExcluded = entry.isExcluded
        self.isStrict = entry.isStrict
        self.transform = transform
    }
}

/// A custom conversion with its value type erased, so that entries of different properties fit
/// in one table.
@usableFromInline
struct KeyMapTransform: @unchecked Sendable {
    // Unchecked: the wrapping closures capture `Value.Type` only to cast with it, and a
    // generic metatype is not `Sendable` now that key-map values may have isolated conformances.
    // The conversions themselves are the `@Sendable` closures the entry was given.
    let valueType: ObjectIdentifier
    let valueTypeName: String
    @usableFromInline let decode: (Any) throws(ArchiveDecodingError) -> Any
    @usableFromInline let encode: (Any) -> Any?

    init<Value: KeyMapValue>(
        decode: @escaping @Sendable (Any) throws(ArchiveDecodingError) -> Value,
        encode: @escaping @Sendable (Value) -> Any
    ) {
        valueType = ObjectIdentifier(Value.self)
        valueTypeName = Value.keyMapTypeDescription
        self.decode = { value throws(ArchiveDecodingError) in try decode(value) }
        self.encode = { value in (value as? Value).map(encode) }
    }
}
