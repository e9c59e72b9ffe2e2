import Foundation

/// Why a storage operation failed: what was being done, to which type and id, and which file.
///
/// ```swift
/// do {
///     try user.store()
/// } catch {
///     print(error)
///     // User "abcd": cannot store reviews[0].photo: URL is not a property-list value
/// }
/// ```
public enum ArchiverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The id is the empty string, which names no file.
    case emptyIdentifier(type: String)

    /// The archiver has no archive directory (``Archiver/archiveDirectoryURL`` is `nil`).
    case noArchiveDirectory(type: String)

    /// The archive holds a value that a property list cannot, at `keyPath`. Nothing was written.
    case invalidPropertyList(type: String, id: String, keyPath: String, found: String)

    /// The file is there but is not an archive: truncated, empty, foreign, or not a dictionary.
    case corruptFile(type: String, id: String, file: URL, reason: String)

    /// The file is larger than ``Archiver/Limits/maximumFileSize`` and was not read.
    case fileTooLarge(type: String, id: String, file: URL, size: Int, limit: Int)

    /// The file is a keyed archive, as Archiver 0.6 wrote, and it is refused: it names a class
    /// that is not a property-list class, or its structure is broken. Nothing in it was instantiated.
    case refusedKeyedArchive(type: String, id: String, file: URL, error: KeyedArchiveError)

    /// The file is a valid archive, but the type could not be built from it.
    case decodingFailed(type: String, id: String, file: URL, error: ArchiveDecodingError)

    /// A response object does not describe a value of the type, so nothing was stored.
    case invalidResponseObject(type: String, error: ArchiveDecodingError)

    /// The file system refused an operation.
    case fileSystem(operation: String, file: URL, reason: String)

    public var description: String {
        switch self {
        case .emptyIdentifier(let type):
            return "\(type): the empty string is not a valid id"
        case .noArchiveDirectory(let type):
            return "\(type): the archiver has no archive directory"
        case .invalidPropertyList(let type, let id, let keyPath, let found):
            return "\(type) \(id.debugDescription): cannot store \(keyPath): \(found) is not a property-list value"
        case .corruptFile(let type, let id, let file, let reason):
            return "\(type) \(id.debugDescription): \(file.path) \(reason)"
        case .fileTooLarge(let type, let id, let file, let size, let limit):
            return "\(type) \(id.debugDescription): \(file.path) is \(size) bytes, over the limit of \(limit)"
        case .refusedKeyedArchive(let type, let id, let file, let error):
            return "\(type) \(id.debugDescription): \(file.path) is a keyed archive that is refused: \(error)"
        case .decodingFailed(let type, let id, let file, let error):
            return "\(type) \(id.debugDescription): \(file.path) does not decode: \(error)"
        case .invalidResponseObject(let type, let error):
            return "\(type): the response object does not decode: \(error)"
        case .fileSystem(let operation, let file, let reason):
            return "cannot \(operation) \(file.path): \(reason)"
        }
    }
}
