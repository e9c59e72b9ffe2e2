/// A type whose conformances to ``Serializable`` and ``ArchiveRepresentable`` are derived from one
/// key-map declaration.
///
/// ```swift
/// struct Review { let id: String; let restaurant: Restaurant; let rating: Int; let text: String }
///
/// extension Review: KeyMapped {
///     static let keyMap = KeyMap(Review.init, [
///         "rating": .init(server: "star_rating", default: 0),   // the server sends "4"
///         "text": .init(default: ""),
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
public protocol KeyMapped: Serializable, ArchiveRepresentable, KeyMapValue {
    /// The table the conformances are derived from, built once, when first used.
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
    @inlinable
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        self = try Self.keyMap.decode(nested: value, from: source)
    }

    @inlinable
    public var keyMapArchiveValue: Any? { archiveValue }

    @inlinable
    public static var keyMapPlaceholder: Self? { keyMap.placeholder() }
}
