import Foundation

extension Dictionary where Key == String, Value == Any {
    /// This archive dictionary as binary property-list bytes, as the archiver stores it.
    ///
    /// Public because a user needs it for an archive that no type writes yet: recording the
    /// golden of a `Dictionariable` type's `dictionaryRepresentation()` before it moves to
    /// ``ArchiveRepresentable`` (the tests archiver-migrate generates do this). A value uses
    /// ``ArchiveRepresentable/archivedData()``.
    ///
    /// ```swift
    /// let data = try user.archiveValue.archivedData()  // "bplist00…"
    /// ```
    ///
    /// - Throws: ``ArchiverError/invalidPropertyList(type:id:keyPath:found:)`` naming the first
    ///   value a property list cannot hold.
    public func archivedData() throws(ArchiverError) -> Data {
        do {
            return try PropertyListCoding.data(for: self)
        } catch {
            throw .writing("Archive", error)
        }
    }

    /// Reads an archive dictionary from archived bytes, without decoding a type from it: the
    /// current format, or a keyed archive of a dictionary as Archiver 0.6 wrote.
    ///
    /// Public because a user needs it to see what an old file holds before any type decodes it
    /// (a migration, a golden): Foundation's `NSKeyedUnarchiver` crashes on Linux on an archive
    /// naming an unknown class, and this reader refuses it instead. A value uses
    /// ``ArchiveRepresentable/init(archivedData:keyedArchiveOptions:)``.
    ///
    /// ```swift
    /// let archive = try Archive(archivedData: Data(contentsOf: legacyFile))
    /// archive["name"]  // "George Costanza"
    /// ```
    public init(archivedData data: Data, keyedArchiveOptions: KeyedArchiveOptions = KeyedArchiveOptions()) throws(ArchiverError) {
        do {
            self = try PropertyListCoding.archive(
                from: data, maximumDepth: PropertyListCoding.defaultMaximumDepth, keyedArchiveOptions: keyedArchiveOptions)
        } catch {
            throw .reading("Archive", error)
        }
    }

}
