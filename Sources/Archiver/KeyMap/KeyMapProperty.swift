import Foundation

/// An entry of a key map that names its property by key path, so that the compiler checks the
/// property exists and that the default has its type.
///
/// ```swift
/// enum Cuisine: String, CaseIterable { case deli, soup }
/// extension Cuisine: KeyMapValue {}
///
/// struct Restaurant { let id: Int; let name: String; let cuisine: Cuisine; let rating: Int }
///
/// extension Restaurant: KeyMapped {
///     static let keyMap = KeyMap(Restaurant.init, [
///         .property(\.cuisine, default: .deli),
///         .property(\.rating, server: "star_rating", default: 0),
///     ])
/// }
/// // .property(\.rating, default: "none") does not compile: the default must be an Int.
/// ```
///
/// The map learns which stored property each key path reads once, when it is built, exactly and
/// whatever the property types: the byte offset of the key path's property
/// (`MemoryLayout.offset(of:)`) names the stored property at that offset. A key path that reads
/// no stored property of the type (a computed property, or a property of a property) is a
/// problem of the map, reported in words. Zero-sized properties (a single-case enum, an empty
/// struct) all sit at offset 0, so one is named by its type: an entry for one of two zero-sized
/// properties of the same type is a problem too, since nothing can tell which it is for.
public struct KeyMapProperty<Model> {
    let keyPath: AnyKeyPath
    let valueType: ObjectIdentifier
    let valueTypeName: String
    /// Whether the property's type takes no bytes (a single-case enum, an empty struct): Swift
    /// lays such properties out at offset 0, wherever they are declared, so offsets do not tell
    /// them apart.
    let isZeroSized: Bool
    let entry: KeyMapEntry
    /// What the key path reads in `model`, as text: where offsets cannot tell (zero-sized
    /// properties), which property it is is told by a probe instance.
    let describeValue: (Model) -> String

    /// The byte offset of the stored property the key path reads in a struct; `nil` for a
    /// computed property and in a class. Worked out only when the map is first built: a
    /// generic type's computed `keyMap` builds its entries on every use.
    var offset: Int? {
        (keyPath as? PartialKeyPath<Model>).flatMap { MemoryLayout<Model>.offset(of: $0) }
    }

    init<Value: KeyMapValue>(_ keyPath: KeyPath<Model, Value>, entry: KeyMapEntry) {
        self.keyPath = keyPath
        valueType = ObjectIdentifier(Value.self)
        valueTypeName = Value.keyMapTypeDescription
        isZeroSized = MemoryLayout<Value>.size == 0
        self.entry = entry
        describeValue = { model in String(describing: model[keyPath: keyPath]) }
    }

    /// An entry that renames the property's keys, gives it a default of its own type, or makes
    /// its collection strict.
    ///
    /// ```swift
    /// .property(\.reviews, server: "user_reviews", default: [])
    /// .property(\.cuisine, default: .deli)
    /// .property(\.reviews, strict: true)   // one invalid review fails the whole value
    /// .property(\.status, ifInvalid: .use(.unknown))   // a status the enum does not know
    /// .property(\.ownerLogin, server: "owner.login")     // nested in the server's object
    /// .property(\.avatar, server: "avatar_url", alternateServerKeys: ["avatarUrl"])
    /// .property(\.rating, formerArchiveKeys: ["stars"])  // renamed since the last release
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The stored property.
    ///   - serverKey: The key in response objects, if not the one the map's strategy computes.
    ///   - archiveKey: The key in archives, if not the one the map's strategy computes.
    ///   - defaultValue: The value when the key is missing or null.
    ///   - strict: For a collection of ``KeyMapped`` or ``Serializable`` values: `true` fails the
    ///     value when an element is invalid, naming the element's key path, instead of dropping
    ///     the element as Archiver 0.6's `serializedCollection` does. Collections inside the
    ///     elements are strict too.
    ///   - invalid: What a value that is present but cannot be read gets: ``KeyMapInvalidValue/fail``
    ///     (the default), the default (``KeyMapInvalidValue/useDefault``, `nil` for an optional),
    ///     or a value of its own (``KeyMapInvalidValue/use(_:)``).
    ///   - alternateServerKeys: Server keys to read, in order, when the server key is missing or
    ///     null: the first present wins. Each may be a path, as `serverKey` may.
    ///   - archiveDefault: The value when the key is missing or null in an archive, where it
    ///     differs from the server's `defaultValue` (a missing name is "Guest" from the server
    ///     and "" from an archive).
    ///   - formerArchiveKeys: Keys the property was archived under before it was renamed, read
    ///     when the archive key is missing, so that archives already on users' devices still load.
    ///     Archives are written under the archive key only.
    ///
    /// A server key with dots is a path into nested objects: `"owner.login"` reads `login` inside
    /// `owner`, and errors name the whole path (`Repository.owner.login: expected String, found
    /// nothing`). A backslash keeps a dot literal: `#"first\.name"#` is the key `first.name`.
    /// Archive keys are never paths: archives keep their own flat keys.
    public static func property<Value: KeyMapValue>(
        _ keyPath: KeyPath<Model, Value>,
        server serverKey: String? = nil,
        archive archiveKey: String? = nil,
        default defaultValue: Value? = nil,
        strict: Bool = false,
        ifInvalid invalid: KeyMapInvalidValue<Value> = .fail,
        alternateServerKeys: [String] = [],
        archiveDefault: Value? = nil,
        formerArchiveKeys: [String] = []
    ) -> KeyMapProperty {
        var entry = KeyMapEntry(serverKey: serverKey, archiveKey: archiveKey, defaultValue: defaultValue.map(KeyMapDefault.init(typed:)), isStrict: strict)
        entry.invalid = KeyMapInvalidRule(invalid)
        entry.alternateServerKeys = alternateServerKeys
        entry.formerArchiveKeys = formerArchiveKeys
        entry.archiveDefaultValue = archiveDefault.map(KeyMapDefault.init(typed:))
        return KeyMapProperty(keyPath, entry: entry)
    }

    /// A `Date` property whose server sends another form than the ones a `Date` reads by itself
    /// (``KeyMapDates``): milliseconds, a formatter's text, a conversion of your own. Archives keep
    /// property-list dates; ``KeyMapped/jsonData()`` writes the form back.
    ///
    /// ```swift
    /// .property(\.createdAt, server: "created_ms", dates: .millisecondsSince1970)
    /// ```
    public static func property(
        _ keyPath: KeyPath<Model, Date>,
        server serverKey: String? = nil,
        archive archiveKey: String? = nil,
        dates: KeyMapDates,
        default defaultValue: Date? = nil
    ) -> KeyMapProperty {
        dated(keyPath, server: serverKey, archive: archiveKey, dates: dates, transform: dates.transform, default: defaultValue)
    }

    /// A `Date?` property whose server sends another form (``KeyMapDates``); missing or null is
    /// `nil`, and `nil` leaves the key out.
    ///
    /// ```swift
    /// .property(\.editedAt, server: "edited_ms", dates: .millisecondsSince1970)
    /// ```
    public static func property(
        _ keyPath: KeyPath<Model, Date?>,
        server serverKey: String? = nil,
        archive archiveKey: String? = nil,
        dates: KeyMapDates
    ) -> KeyMapProperty {
        dated(keyPath, server: serverKey, archive: archiveKey, dates: dates, transform: dates.optionalTransform, default: nil)
    }

    private static func dated<Value: KeyMapValue>(
        _ keyPath: KeyPath<Model, Value>, server serverKey: String?, archive archiveKey: String?, dates: KeyMapDates,
        transform: KeyMapTransform, default defaultValue: Value?
    ) -> KeyMapProperty {
        var entry = KeyMapEntry(serverKey: serverKey, archiveKey: archiveKey, defaultValue: defaultValue.map(KeyMapDefault.init(typed:)),
                                transform: transform)
        entry.dates = dates
        return KeyMapProperty(keyPath, entry: entry)
    }

    /// A property that is neither read nor archived: every decoded value gets `defaultValue`,
    /// or the type's placeholder when there is none.
    ///
    /// ```swift
    /// .excluded(\.isSelected, default: false)
    /// ```
    public static func excluded<Value: KeyMapValue>(_ keyPath: KeyPath<Model, Value>, default defaultValue: Value? = nil) -> KeyMapProperty {
        KeyMapProperty(keyPath, entry: KeyMapEntry(defaultValue: defaultValue.map(KeyMapDefault.init(typed:)), isExcluded: true))
    }

    /// A property converted by your own code both ways; the compiler checks that `decode`
    /// produces, and `encode` takes, the property's type.
    ///
    /// ```swift
    /// .transform(\.price, server: "price_cents",
    ///            decode: { value throws(ArchiveDecodingError) in
    ///                try Double(keyMapValue: KeyMapInput(value, from: .responseObject)) / 100 },
    ///            encode: { price in price * 100 })
    /// ```
    ///
    /// For an optional property, `encode` returns `nil` (or the optional itself, holding nothing)
    /// to leave the key out of the archive, as an optional property's `nil` does; a missing or
    /// null value decodes as `nil` without calling `decode`.
    ///
    /// ```swift
    /// .transform(\.editedAt, server: "edited_ms",
    ///            decode: { value throws(ArchiveDecodingError) in
    ///                Date(timeIntervalSince1970: try Double(keyMapValue: KeyMapInput(value, from: .responseObject)) / 1000) },
    ///            encode: { date in date.map { $0.timeIntervalSince1970 * 1000 } })
    /// ```
    public static func transform<Value: KeyMapValue>(
        _ keyPath: KeyPath<Model, Value>,
        server serverKey: String? = nil,
        archive archiveKey: String? = nil,
        default defaultValue: Value? = nil,
        decode: @escaping @Sendable (Any) throws(ArchiveDecodingError) -> Value,
        encode: @escaping @Sendable (Value) -> Any?
    ) -> KeyMapProperty {
        KeyMapProperty(keyPath, entry: KeyMapEntry(
            serverKey: serverKey, archiveKey: archiveKey, defaultValue: defaultValue.map(KeyMapDefault.init(typed:)),
            transform: KeyMapTransform(decode: decode, encode: encode)))
    }
}
