/// A type whose conformances to ``Serializable`` and ``ArchiveRepresentable`` are derived from one
/// key-map declaration.
///
/// ```swift
/// struct Review { let id: Int; let restaurant: Restaurant; let rating: Int; let text: String }
///
/// extension Review: KeyMapped {
///     static let keyMap = KeyMap(Review.init, [
///         .property(\.rating, server: "star_rating", default: 0),   // the server sends "4"
///         .property(\.text, default: ""),
///     ])
/// }
///
/// let review = Review(responseObject: json)    // nil if json does not describe a review
/// let review = try Review.decode(responseObject: json)
/// // throws: Review.restaurant.id: expected String, found nothing
/// review.archiveValue  // ["id": "123-456", "restaurant": […], "rating": 4, "text": "Good soup!"]
/// ```
///
/// With an `id`, add ``Archivable`` or ``Cachable``; they need nothing more. A key-mapped type is
/// also a ``KeyMapValue``, so other key-mapped types can hold it, alone or in collections.
///
/// The key map is the whole rule: storing a key-mapped value writes its file from the map,
/// field by field, without calling ``ArchiveRepresentable/archiveValue``. Say a property's own
/// form with a transform on its entry or with its type's ``KeyMapValue`` conversion, not by
/// implementing `archiveValue` or `init?(archive:)` yourself; a type that needs either written by
/// hand is an ``ArchiveRepresentable`` type, not a key-mapped one.
public protocol KeyMapped: Serializable, ArchiveRepresentable, KeyMapValue {
    /// The table the conformances are derived from, built once, when first used.
    ///
    /// A generic type declares it as a computed property; the library builds the map once per
    /// concrete type and returns that map on later calls:
    ///
    /// ```swift
    /// extension Page: KeyMapped, KeyMapValue, Serializable, ArchiveRepresentable where Item: KeyMapped {
    ///     static var keyMap: KeyMap<Self> { KeyMap({ Page(data: $0, hasMore: $1) }) }
    /// }
    /// ```
    static var keyMap: KeyMap<Self> { get }
}

extension KeyMapped {
    @inlinable
    public init?(responseObject: ResponseObject) {
        guard let value = try? Self.decode(responseObject: responseObject) else { return nil }
        self = value
    }

    @inlinable
    public static func decode(responseObject: ResponseObject) throws(ArchiveDecodingError) -> Self {
        try keyMap.decode(responseObject, from: .responseObject)
    }

    @inlinable
    public init?(archive: Archive) {
        guard let value = try? Self.decode(archive: archive) else { return nil }
        self = value
    }

    @inlinable
    public static func decode(archive: Archive) throws(ArchiveDecodingError) -> Self {
        try keyMap.decode(archive, from: .archive)
    }

    @inlinable
    public var archiveValue: Archive {
        Self.keyMap.archive(of: self)
    }

    /// Checks the key map against the type's stored properties and initializer, and throws an
    /// error that lists every problem in words.
    ///
    /// ```swift
    /// @Test func keyMapIsValid() throws {
    ///     try User.validateKeyMap()
    ///     // throws: KeyMap of User has 1 problem:
    ///     //   - the entry "nmae" names no stored property (properties: id, name, reviews)
    /// }
    /// ```
    public static func validateKeyMap() throws(KeyMapValidationError) {
        try keyMap.throwProblems()
    }
}

// MARK: KeyMapValue

extension KeyMapped {
    /// Reads a nested key-mapped value in place, whatever the document: the properties of a JSON
    /// object or of an archive's dictionary, each by its own type's rule.
    ///
    /// ```swift
    /// try Restaurant(keyMapValue: KeyMapInput(["id": "a", "name": "Monk's"], from: .archive))
    /// ```
    @inlinable
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        self = try Self.keyMap.decode(input)
    }

    /// A load's reader for this type, as `type` (which is `Self`): the archive read in place from
    /// its binary property list, with no dictionary on the way.
    static func inPlaceArchiveReader<Value>(as type: Value.Type) -> InPlaceReader<Value> {
        InPlaceReader { (document) throws(ArchiveDecodingError) in try keyMap.decode(propertyList: document, at: document.topObject) as! Value }
    }

    /// ``Serializable/decode(json:)``'s reader for this type, as `type` (which is `Self`).
    static func inPlaceDecoder<Value>(as type: Value.Type) -> (KeyMapInput) throws(ArchiveDecodingError) -> Value {
        { (input) throws(ArchiveDecodingError) in try decodeInPlace(input, as: Value.self) }
    }

    /// A value of this type read in place from `input`, as `type` (which is `Self`).
    static func decodeInPlace<Value>(_ input: KeyMapInput, as type: Value.Type) throws(ArchiveDecodingError) -> Value {
        try keyMap.decode(input) as! Value
    }

    @inlinable
    public var keyMapArchiveValue: Any? { archiveValue }

    @inlinable
    public static var keyMapPlaceholder: Self? { keyMap.placeholder() }
}
