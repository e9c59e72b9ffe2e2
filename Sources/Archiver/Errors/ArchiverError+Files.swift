import Foundation

// The one mapping from what reading, writing and the file system report to ``ArchiverError``:
// storage by id, a value's bytes and a file you name all throw through these.

extension ArchiverError {
    /// The error for archiving a `typeName` value (with id `id`, if it has one) to bytes.
    static func writing(_ typeName: String, id: String? = nil, _ error: PropertyListError) -> ArchiverError {
        switch error {
        case .unsupportedValue(let keyPath, let found): .invalidPropertyList(type: typeName, id: id, keyPath: keyPath, found: found)
        case .malformed(let reason): .invalidPropertyList(type: typeName, id: id, keyPath: "", found: reason)
        }
    }

    /// The error for reading a `typeName` value (with id `id`, if it has one) from bytes; name
    /// the file with ``at(_:)``.
    static func reading(_ typeName: String, id: String? = nil, _ error: PropertyListCoding.ReadError) -> ArchiverError {
        switch error {
        case .propertyList(.unsupportedValue(_, let reason)), .propertyList(.malformed(let reason)):
            .corruptFile(type: typeName, id: id, file: nil, reason: reason)
        case .refusedKeyedArchive(let error): .refusedKeyedArchive(type: typeName, id: id, file: nil, error: error)
        }
    }

    /// This error, naming the file it concerns: what a `Data` error becomes when the bytes came
    /// from, or were going to, `url`.
    func at(_ url: URL) -> ArchiverError {
        switch self {
        case .invalidPropertyList, .emptyIdentifier, .noArchiveDirectory, .fileTooLarge,
             .invalidResponseObject, .fileSystem, .expired, .droppedElements:
            self
        case .corruptFile(let type, let id, _, let reason): .corruptFile(type: type, id: id, file: url, reason: reason)
        case .refusedKeyedArchive(let type, let id, _, let error): .refusedKeyedArchive(type: type, id: id, file: url, error: error)
        case .decodingFailed(let type, let id, _, let error): .decodingFailed(type: type, id: id, file: url, error: error)
        }
    }
}

extension Archiver {
    /// The error for `failure`, naming the path that failed, or `file` where the failure has none.
    static func error(_ failure: FileIO.Failure, file: URL) -> ArchiverError {
        let (operation, reason) = failure.operationAndReason(missingDirectory: "its folder could not be created")
        return .fileSystem(operation: operation, file: failure.path.map { URL(fileURLWithPath: $0) } ?? file, reason: reason)
    }

    /// The error of a store that failed: when the failing file is the temporary one (in
    /// `.staging`, on a full disk), it names the type, the id and the archive as well.
    static func storeError(_ failure: FileIO.Failure, file: URL, folder: Folder, id: String) -> ArchiverError {
        guard let path = failure.path, path.hasSuffix(".tmp") else { return error(failure, file: file) }
        let (operation, reason) = failure.operationAndReason(missingDirectory: "its folder could not be created")
        let excerpt = id.count > 100 ? String(id.prefix(100)) + "…" : id
        return .fileSystem(operation: "store \(folder.typeName) \(excerpt.debugDescription) as", file: file,
                           reason: "\(operation) \(path): \(reason)")
    }
}
