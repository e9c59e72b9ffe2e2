import Foundation

extension Dictionary where Key == String, Value == Any {
    /// This archive dictionary as binary property-list bytes, as the archiver stores it.
    ///
    /// ```swift
    /// let data = try user.archiveValue.archivedData()  // "bplist00…"
    /// ```
    ///
    /// - Throws: ``ArchiveDataError/Reason/invalidPropertyList(keyPath:found:)`` naming the first
    ///   value a property list cannot hold.
    public func archivedData() throws(ArchiveDataError) -> Data {
        do {
            return try PropertyListCoding.data(for: self)
        } catch {
            throw ArchiveDataError(typeName: "Archive", reason: Archive.reason(writing: error))
        }
    }

    /// Reads an archive dictionary from archived bytes, without decoding a type from it: the
    /// current format, or a keyed archive of a dictionary as Archiver 0.6 wrote.
    ///
    /// ```swift
    /// let archive = try Archive(archivedData: Data(contentsOf: legacyFile))
    /// archive["name"]  // "George Costanza"
    /// ```
    public init(archivedData data: Data, keyedArchiveOptions: KeyedArchiveOptions = .propertyListClassesOnly) throws(ArchiveDataError) {
        do {
            self = try PropertyListCoding.archive(
                from: data, maximumDepth: PropertyListCoding.defaultMaximumDepth, keyedArchiveOptions: keyedArchiveOptions)
        } catch {
            throw ArchiveDataError(typeName: "Archive", reason: Archive.reason(reading: error))
        }
    }

    static func reason(writing error: PropertyListError) -> ArchiveDataError.Reason {
        switch error {
        case .unsupportedValue(let keyPath, let found): .invalidPropertyList(keyPath: keyPath, found: found)
        case .malformed(let reason): .invalidPropertyList(keyPath: "", found: reason)
        }
    }

    static func reason(reading error: PropertyListCoding.ReadError) -> ArchiveDataError.Reason {
        switch error {
        case .propertyList(.unsupportedValue(_, let reason)), .propertyList(.malformed(let reason)): .notAnArchive(reason)
        case .refusedKeyedArchive(let error): .refusedKeyedArchive(error)
        }
    }
}
