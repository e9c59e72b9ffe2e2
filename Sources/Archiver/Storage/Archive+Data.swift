import Foundation

extension Dictionary where Key == String, Value == Any {
    /// This archive dictionary as binary property-list bytes, as the archiver stores it.
    ///
    /// For the package's own tools (golden archives in ArchiverTesting); a value uses
    /// ``ArchiveRepresentable/archivedData()``.
    ///
    /// ```swift
    /// let data = try user.archiveValue.archivedData()  // "bplist00…"
    /// ```
    ///
    /// - Throws: ``ArchiverError/invalidPropertyList(type:id:keyPath:found:)`` naming the first
    ///   value a property list cannot hold.
    package func archivedData() throws(ArchiverError) -> Data {
        do {
            return try PropertyListCoding.data(for: self)
        } catch {
            throw .writing("Archive", error)
        }
    }

    /// Reads an archive dictionary from archived bytes, without decoding a type from it: the
    /// current format, or a keyed archive of a dictionary as Archiver 0.6 wrote.
    ///
    /// For the package's own tools and tests (golden archives, a 0.6 file before any type decodes
    /// it): Foundation's `NSKeyedUnarchiver` crashes on Linux on an archive naming an unknown
    /// class, and this reader refuses it instead. A value uses
    /// ``ArchiveRepresentable/init(archivedData:keyedArchiveOptions:)``.
    ///
    /// ```swift
    /// let archive = try Archive(archivedData: Data(contentsOf: legacyFile))
    /// archive["name"]  // "George Costanza"
    /// ```
    package init(archivedData data: Data, keyedArchiveOptions: KeyedArchiveOptions = KeyedArchiveOptions()) throws(ArchiverError) {
        do {
            self = try PropertyListCoding.archive(
                from: data, maximumDepth: PropertyListCoding.defaultMaximumDepth, keyedArchiveOptions: keyedArchiveOptions)
        } catch {
            throw .reading("Archive", error)
        }
    }

}
