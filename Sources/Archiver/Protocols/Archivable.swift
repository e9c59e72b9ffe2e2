import Foundation

/// A value that is stored on its own, as one property-list file named by its id.
///
/// A type that is ``ArchiveRepresentable`` and ``UniquelyIdentifiable`` only has to declare the
/// conformance; every requirement has a default. Ids are the type's own: `String`, any integer
/// type, `UUID` or any `LosslessStringConvertible` type (`Repository.load(resourceID: 1296269)`,
/// `Repository.storedResourceIDs()` → `[Int]`).
///
/// ```swift
/// extension Restaurant: Archivable {}
///
/// restaurant.storeArchive()
/// // <Caches>/com.MyApp.archives/Restaurant/abcd-1234.plist
/// let again = Restaurant(resourceID: "abcd-1234")
/// restaurant.deleteArchive()
/// ```
///
/// The 0.6 methods report nothing when they fail. Their throwing counterparts —
/// ``store()``, ``load(resourceID:)``, ``delete()`` and the ones on ``Archiver`` — throw an
/// ``ArchiverError`` that names the type, the id and the file.
public protocol Archivable: ArchiveRepresentable, UniquelyIdentifiable {
    /// The archiver that stores values of this type. Defaults to ``Archiver/default``.
    static var archiver: Archiver { get }

    /// The name of this type's folder in the archive directory. Defaults to the type's name.
    ///
    /// ```swift
    /// extension Restaurant: Archivable {
    ///     static var directoryName: String { "RestaurantArchives" }
    /// }
    /// ```
    static var directoryName: String { get }

    /// Loads the value stored under `resourceID`, or returns `nil` if there is none or it
    /// cannot be read.
    init?(resourceID: ID)

    /// Stores this value's archive, replacing any earlier one with the same id.
    func storeArchive()

    /// Deletes this value's archive, if there is one.
    func deleteArchive()
}

extension Archivable {
    public static var archiver: Archiver { .default }

    public static var directoryName: String { String(describing: self) }

    public init?(resourceID: ID) {
        guard let value = try? Self.archiver.load(Self.self, resourceID: resourceID) else { return nil }
        self = value
    }

    public func storeArchive() {
        _ = try? Self.archiver.store(self)
    }

    public func deleteArchive() {
        _ = try? Self.archiver.delete(Self.self, resourceID: id)
    }
}

extension Archivable {
    /// Loads the values stored under `identifiers`, in order, skipping any that are missing or
    /// unreadable.
    ///
    /// ```swift
    /// Restaurant.unarchivedCollection(withIdentifiers: ["abcd-1234", "efgh-5678"])
    /// ```
    public static func unarchivedCollection(withIdentifiers identifiers: [ID]) -> [Self] {
        identifiers.compactMap { Self(resourceID: $0) }
    }

    // MARK: Throwing variants

    /// Loads the value stored under `resourceID`; `nil` if none is stored.
    ///
    /// ```swift
    /// do {
    ///     let user = try User.load(resourceID: "abcd-efgh-ijkl-mnop")
    /// } catch {
    ///     print(error)  // User "abcd-efgh-ijkl-mnop": …/User/abcd-efgh-ijkl-mnop.plist is not a property list
    /// }
    /// ```
    ///
    /// - Throws: ``ArchiverError`` when a file is there but cannot be read or decoded, or the
    ///   id is empty.
    public static func load(resourceID: ID) throws(ArchiverError) -> Self? {
        try archiver.load(Self.self, resourceID: resourceID)
    }

    /// Stores this value's archive, replacing any earlier one, and returns the file's URL.
    ///
    /// ```swift
    /// let url = try user.store()  // …/com.MyApp.archives/User/abcd-efgh-ijkl-mnop.plist
    /// ```
    ///
    /// - Throws: ``ArchiverError`` when the archive holds a value a property list cannot, the
    ///   id is empty, or the file cannot be written. Nothing is written then.
    @discardableResult
    public func store() throws(ArchiverError) -> URL {
        try Self.archiver.store(self)
    }

    /// Loads the values stored under `identifiers`, in order, skipping ids with nothing stored.
    ///
    /// ```swift
    /// let restaurants = try Restaurant.load(resourceIDs: ["abcd-1234", "efgh-5678"])
    /// ```
    ///
    /// - Throws: ``ArchiverError`` for the first file that is there but cannot be read or decoded.
    public static func load(resourceIDs identifiers: [ID]) throws(ArchiverError) -> [Self] {
        var values: [Self] = []
        values.reserveCapacity(identifiers.count)
        for identifier in identifiers {
            if let value = try load(resourceID: identifier) { values.append(value) }
        }
        return values
    }

    /// Deletes this value's archive; deleting one that is not stored is not an error.
    public func delete() throws(ArchiverError) {
        try Self.archiver.delete(Self.self, resourceID: id)
    }

    /// Deletes the archive stored under `resourceID`; one that is not stored is not an error.
    ///
    /// ```swift
    /// try User.delete(resourceID: "abcd-efgh-ijkl-mnop")
    /// ```
    public static func delete(resourceID: ID) throws(ArchiverError) {
        try archiver.delete(Self.self, resourceID: resourceID)
    }

    /// The ids of every value of this type that is stored, sorted (by value when the id type is
    /// `Comparable`, else by text). A file whose name is no id of this type is left out.
    ///
    /// ```swift
    /// try Repository.storedResourceIDs()  // [1296269, 1300192]
    /// ```
    public static func storedResourceIDs() throws(ArchiverError) -> [ID] {
        try archiver.resourceIDs(of: Self.self)
    }

    /// Every stored value of this type, sorted by id.
    ///
    /// - Throws: ``ArchiverError`` for the first file that cannot be read or decoded.
    public static func loadAll() throws(ArchiverError) -> [Self] {
        try archiver.loadAll(Self.self)
    }

    /// Deletes every stored value of this type.
    public static func deleteAll() throws(ArchiverError) {
        try archiver.deleteAll(Self.self)
    }
}

extension Array where Element: Archivable {
    /// Stores the archive of each element.
    ///
    /// ```swift
    /// restaurants.storeArchives()
    /// ```
    public func storeArchives() {
        forEach { $0.storeArchive() }
    }

    /// Stores the archive of each element, stopping at the first that fails.
    ///
    /// ```swift
    /// try restaurants.store()
    /// ```
    ///
    /// - Throws: ``ArchiverError`` naming the element's type, id and file. Elements before it
    ///   are stored; it and those after it are not.
    public func store() throws(ArchiverError) {
        for element in self { try element.store() }
    }
}
