import Foundation

/// A property-list dictionary that represents a value: what ``ArchiveRepresentable`` types
/// produce and are rebuilt from.
public typealias Archive = [String: Any]

/// A type with a property-list representation, so that it can be part of an archive.
///
/// ```swift
/// extension Restaurant: ArchiveRepresentable {
///     var archiveValue: Archive { ["id": id, "name": name] }
///
///     init?(archive: Archive) {
///         guard let id = archive["id"] as? String,
///               let name = archive["name"] as? String else { return nil }
///         self.init(id: id, name: name)
///     }
/// }
///
/// restaurant.archiveValue  // ["id": "abcd-1234", "name": "Monk's Café"]
/// ```
///
/// `archiveValue` must hold property-list values only: `String`, numbers, `Bool`, `Date`,
/// `Data`, and arrays and `[String: Any]` dictionaries of them. Storing anything else fails
/// with ``ArchiverError/invalidPropertyList(type:id:keyPath:found:)``.
public protocol ArchiveRepresentable {
    /// The property-list dictionary that represents this value.
    var archiveValue: Archive { get }

    /// Creates a value from its archive, or returns `nil` if the archive does not describe one.
    init?(archive: Archive)

    /// Creates a value from its archive, throwing an error that says why when it cannot.
    ///
    /// The default calls ``init(archive:)`` and throws ``ArchiveDecodingError/Reason/rejected(initializer:)``
    /// when it returns `nil`; derived conformances name the key path and the values involved.
    ///
    /// ```swift
    /// let user = try User.decode(archive: archive)
    /// ```
    static func decode(archive: Archive) throws(ArchiveDecodingError) -> Self
}

extension ArchiveRepresentable {
    public static func decode(archive: Archive) throws(ArchiveDecodingError) -> Self {
        guard let value = Self(archive: archive) else {
            throw ArchiveDecodingError(type: Self.self, reason: .rejected(initializer: "init?(archive:)"))
        }
        return value
    }

    /// The value stored under `key` of an archive, or `nil` if it is missing or invalid.
    ///
    /// ```swift
    /// let restaurant = Restaurant.unarchived(from: reviewArchive, withKey: "restaurant")
    /// ```
    public static func unarchived(from archive: Archive, withKey key: String) -> Self? {
        guard let nested = archive[key] as? Archive else { return nil }
        return Self(archive: nested)
    }

    /// The values of the array of archives under `key`; invalid elements are dropped.
    ///
    /// ```swift
    /// let reviews = Review.unarchivedCollection(from: userArchive, withKey: "reviews")
    /// ```
    public static func unarchivedCollection(from archive: Archive, withKey key: String) -> [Self] {
        guard let archives = archive[key] as? [Archive] else { return [] }
        return unarchivedCollection(from: archives)
    }

    /// The values of an array of archives; invalid elements are dropped.
    ///
    /// Use ``decodeCollection(archives:)`` to learn why an element was dropped.
    public static func unarchivedCollection(from archives: [Archive]) -> [Self] {
        archives.compactMap { Self(archive: $0) }
    }

    /// The values of an array of archives, and why invalid elements were dropped (the first 100
    /// with their reasons, the rest counted in ``CollectionDecodingResult/failureCount``).
    ///
    /// ```swift
    /// let result = Review.decodeCollection(archives: archives)
    /// result.values    // the reviews that decoded
    /// result.failures  // [CollectionDecodingFailure(index: 1, error: Review.restaurant: …)]
    /// ```
    public static func decodeCollection(archives: [Archive]) -> CollectionDecodingResult<Self> {
        CollectionDecodingResult(decoding: archives, with: decode(archive:))
    }
}

extension Array where Element: ArchiveRepresentable {
    /// The archive of each element, in order.
    ///
    /// ```swift
    /// user.reviews.archiveValue  // [["id": "123-456", "rating": 4, …], …]
    /// ```
    public var archiveValue: [Archive] {
        map { $0.archiveValue }
    }
}
