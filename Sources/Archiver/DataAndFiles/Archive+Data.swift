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
    public init(archivedData data: Data, keyedArchiveOptions: KeyedArchiveOptions = .propertyListClassesOnly) throws(ArchiverError) {
        do {
            self = try PropertyListCoding.archive(
                from: data, maximumDepth: PropertyListCoding.defaultMaximumDepth, keyedArchiveOptions: keyedArchiveOptions)
        } catch {
            throw .reading("Archive", error)
        }
    }

}

extension ArchiverError {
    /// The error for archiving a `typeName` value to bytes, which has no id and no file.
    static func writing(_ typeName: String, _ error: PropertyListError) -> ArchiverError {
        switch error {
        case .unsupportedValue(let keyPath, let found): .invalidPropertyList(type: typeName, id: nil, keyPath: keyPath, found: found)
        case .malformed(let reason): .invalidPropertyList(type: typeName, id: nil, keyPath: "", found: reason)
        }
    }

    /// The error for reading a `typeName` value from bytes, which have no id and no file.
    static func reading(_ typeName: String, _ error: PropertyListCoding.ReadError) -> ArchiverError {
        switch error {
        case .propertyList(.unsupportedValue(_, let reason)), .propertyList(.malformed(let reason)):
            .corruptFile(type: typeName, id: nil, file: nil, reason: reason)
        case .refusedKeyedArchive(let error): .refusedKeyedArchive(type: typeName, id: nil, file: nil, error: error)
        }
    }

    /// This error, naming the file it concerns: what a `Data` error becomes when the bytes came
    /// from, or were going to, `url`.
    func at(_ url: URL) -> ArchiverError {
        switch self {
        case .invalidPropertyList, .emptyIdentifier, .noArchiveDirectory, .missingFile, .fileTooLarge,
             .invalidResponseObject, .fileSystem, .expired:
            self
        case .corruptFile(let type, let id, _, let reason): .corruptFile(type: type, id: id, file: url, reason: reason)
        case .refusedKeyedArchive(let type, let id, _, let error): .refusedKeyedArchive(type: type, id: id, file: url, error: error)
        case .decodingFailed(let type, let id, _, let error): .decodingFailed(type: type, id: id, file: url, error: error)
        }
    }
}
