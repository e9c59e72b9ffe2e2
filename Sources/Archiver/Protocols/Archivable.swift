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
/// ``store(in:)``, ``load(resourceID:in:)``, ``delete(in:)`` and the rest — throw an
/// ``ArchiverError`` that names the type, the id and the file. Each takes the archiver as an
/// argument that defaults to the type's ``archiver``.
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

    public static var directoryName: String { TypeName.of(self) }

    public init?(resourceID: ID) {
        guard let value = try? Self.archiver.loadValue(Self.self, resourceID: resourceID) else { return nil }
        self = value
    }

    public func storeArchive() {
        _ = try? Self.archiver.storeValue(self)
    }

    public func deleteArchive() {
        _ = try? Self.archiver.deleteValue(Self.self, resourceID: id)
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
    //
    // One spelling per job, on the value or its type. `archiver` defaults to the type's own
    // (``archiver``, the default archiver unless the type names another); pass one to use
    // another archiver, such as a test's temporary one.

    /// Loads the value stored under `resourceID`; `nil` if none is stored.
    ///
    /// ```swift
    /// do {
    ///     let user = try User.load(resourceID: "abcd-efgh-ijkl-mnop")
    ///     let other = try User.load(resourceID: "abcd-efgh-ijkl-mnop", in: testArchiver)
    /// } catch {
    ///     print(error)  // User "abcd-efgh-ijkl-mnop": …/User/abcd-efgh-ijkl-mnop.plist is not a property list
    /// }
    /// ```
    ///
    /// - Throws: ``ArchiverError/corruptFile(type:id:file:reason:)`` for a file that is not an
    ///   archive, ``ArchiverError/decodingFailed(type:id:file:error:)`` for one the type rejects,
    ///   ``ArchiverError/fileTooLarge(type:id:file:size:limit:)``, or ``ArchiverError/emptyIdentifier(type:)``.
    public static func load(resourceID: ID, in archiver: Archiver = Self.archiver) throws(ArchiverError) -> Self? {
        try archiver.loadValue(Self.self, resourceID: resourceID)
    }

    /// Stores this value's archive, replacing any earlier one, and returns the file's URL.
    ///
    /// ```swift
    /// let url = try user.store()  // …/com.MyApp.archives/User/abcd-efgh-ijkl-mnop.plist
    /// try user.store(in: testArchiver)
    /// ```
    ///
    /// - Throws: ``ArchiverError/invalidPropertyList(type:id:keyPath:found:)`` when the archive
    ///   holds a value a property list cannot (nothing is written then),
    ///   ``ArchiverError/emptyIdentifier(type:)``, or ``ArchiverError/fileSystem(operation:file:reason:)``.
    @discardableResult
    public func store(in archiver: Archiver = Self.archiver) throws(ArchiverError) -> URL {
        try archiver.storeValue(self)
    }

    /// Loads the values stored under `identifiers`, in order, skipping ids with nothing stored.
    ///
    /// ```swift
    /// let restaurants = try Restaurant.load(resourceIDs: ["abcd-1234", "efgh-5678"])
    /// ```
    ///
    /// - Throws: ``ArchiverError`` for the first file that is there but cannot be read or decoded.
    public static func load(resourceIDs identifiers: [ID], in archiver: Archiver = Self.archiver) throws(ArchiverError) -> [Self] {
        var values: [Self] = []
        values.reserveCapacity(identifiers.count)
        for identifier in identifiers {
            do {
                if let value = try load(resourceID: identifier, in: archiver) { values.append(value) }
            } catch .expired {
                continue  // as if not stored (Cache/: expiry)
            }
        }
        return values
    }

    /// Deletes this value's archive; deleting one that is not stored is not an error.
    ///
    /// ```swift
    /// try user.delete()
    /// ```
    public func delete(in archiver: Archiver = Self.archiver) throws(ArchiverError) {
        try archiver.deleteValue(Self.self, resourceID: id)
    }

    /// Deletes the archive stored under `resourceID`; one that is not stored is not an error.
    ///
    /// ```swift
    /// try User.delete(resourceID: "abcd-efgh-ijkl-mnop")
    /// ```
    public static func delete(resourceID: ID, in archiver: Archiver = Self.archiver) throws(ArchiverError) {
        try archiver.deleteValue(Self.self, resourceID: resourceID)
    }

    /// The ids of every value of this type that is stored, sorted (by value when the id type is
    /// `Comparable`, else by text). A file whose name is no id of this type is left out;
    /// ``loadAll(in:failures:)`` reports it.
    ///
    /// ```swift
    /// try Repository.storedResourceIDs()  // [1296269, 1300192]
    /// ```
    public static func storedResourceIDs(in archiver: Archiver = Self.archiver) throws(ArchiverError) -> [ID] {
        try archiver.storedIDs(of: Self.self)
    }

    /// Every stored value of this type, sorted by id. Files that cannot be read or decoded are
    /// skipped, as ``init(resourceID:)`` treats them; use ``loadAll(in:failures:)`` to see them.
    ///
    /// ```swift
    /// let users = try User.loadAll()
    /// ```
    ///
    /// - Throws: ``ArchiverError`` when the folder cannot be listed.
    public static func loadAll(in archiver: Archiver = Self.archiver) throws(ArchiverError) -> [Self] {
        var failures: [ArchiverError] = []
        return try archiver.loadAllValues(Self.self, failures: &failures)
    }

    /// Every stored value of this type that loads, sorted by id, with an error for each file that
    /// does not: one that cannot be read or decoded, or whose name is no id of this type. A value
    /// that loaded without some elements of its lists (which did not decode, and which the next
    /// store leaves out) is returned and also listed, as ``ArchiverError/droppedElements(type:id:file:dropped:)``.
    ///
    /// ```swift
    /// var failures: [ArchiverError] = []
    /// let users = try User.loadAll(failures: &failures)
    /// ```
    ///
    /// - Throws: ``ArchiverError`` when the folder cannot be listed.
    public static func loadAll(in archiver: Archiver = Self.archiver, failures: inout [ArchiverError]) throws(ArchiverError) -> [Self] {
        try archiver.loadAllValues(Self.self, failures: &failures)
    }

    /// Deletes every stored value of this type.
    ///
    /// ```swift
    /// try User.deleteAll()
    /// ```
    public static func deleteAll(in archiver: Archiver = Self.archiver) throws(ArchiverError) {
        try archiver.deleteAllValues(Self.self)
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
    public func store(in archiver: Archiver = Element.archiver) throws(ArchiverError) {
        for element in self { try element.store(in: archiver) }
    }
}
