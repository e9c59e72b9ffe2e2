import Foundation

/// Why a storage operation failed: what was being done, to which type, and which id and file.
///
/// One type for every way bytes reach or leave the disk: the archiver's stores and loads by id,
/// and a value's own ``ArchiveRepresentable/archivedData()`` and
/// ``ArchiveRepresentable/init(archivedData:keyedArchiveOptions:)``. Those have no id and no file:
/// `id` and `file` are `nil` then, and the message leaves them out.
///
/// ```swift
/// do {
///     try user.store()
/// } catch {
///     print(error)
///     // User "abcd": cannot store reviews[0].photo: URL is not a property-list value
/// }
/// do {
///     let movie = try Movie(archivedData: data)
/// } catch {
///     print(error)  // Movie: does not decode: Movie.releaseYear: expected Int, found String "1993a"
/// }
/// ```
public enum ArchiverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The id names no file: it is the empty string, or its type is neither `UUID` nor
    /// `LosslessStringConvertible`, so that it has no text (see ``UniquelyIdentifiable``).
    case emptyIdentifier(type: String)

    /// The archiver has no archive directory (``Archiver/archiveDirectoryURL`` is `nil`).
    case noArchiveDirectory(type: String)

    /// The archive holds a value that a property list cannot, at `keyPath`. Nothing was written.
    /// `id` is `nil` for a value archived to `Data`.
    case invalidPropertyList(type: String, id: String?, keyPath: String, found: String)

    /// The file, or the bytes when `file` is `nil`, are not an archive: truncated, empty, foreign,
    /// or not a dictionary. `id` and `file` are `nil` for a value read from `Data`.
    case corruptFile(type: String, id: String?, file: URL?, reason: String)

    /// The file is larger than ``Archiver/Limits/maximumFileSize`` and was not read.
    case fileTooLarge(type: String, id: String?, file: URL, size: Int, limit: Int)

    /// The file (or the bytes) is a keyed archive, as Archiver 0.6 wrote, and it is refused: it
    /// names a class that is not a property-list class, or its structure is broken. Nothing in it
    /// was instantiated.
    case refusedKeyedArchive(type: String, id: String?, file: URL?, error: KeyedArchiveError)

    /// The file (or the bytes) is a valid archive, but the type could not be built from it.
    case decodingFailed(type: String, id: String?, file: URL?, error: ArchiveDecodingError)

    /// A response — a response object, or JSON text — does not describe a value of the type, so
    /// nothing was stored.
    case invalidResponseObject(type: String, error: ArchiveDecodingError)

    /// The file system refused an operation on `file`.
    case fileSystem(operation: String, file: URL, reason: String)
    /// The value loaded, but without some elements of its lists, which did not decode: a list of
    /// models drops its invalid elements, as Archiver 0.6 did. Collection loads
    /// (``Archivable/loadAll(in:failures:)``) list it among their failures, beside the value they
    /// return, because the next store of the value leaves those elements out for good.
    case droppedElements(type: String, id: String, file: URL, dropped: [ArchiveDecodingError])

    /// The archive was stored `age` seconds ago, at least the archiver's ``Archiver/maximumAge``;
    /// it loads as `nil` and is removed. A negative `age` is a file dated that far in the future,
    /// which expires once it is `maximumAge` ahead.
    case expired(type: String, id: String, file: URL, age: TimeInterval, maximumAge: TimeInterval)

    public var description: String {
        switch self {
        case .emptyIdentifier(let type):
            return "\(type): the id names no file: it is empty, or of a type that is neither UUID nor LosslessStringConvertible"
        case .noArchiveDirectory(let type):
            return "\(type): the archiver has no archive directory"
        case .invalidPropertyList(let type, let id, let keyPath, let found):
            let verb = id == nil ? "archive" : "store"
            return "\(Self.subject(type, id)): cannot \(verb) \(keyPath.isEmpty ? "the value" : keyPath): \(found) is not a property-list value"
        case .corruptFile(let type, let id, let file, let reason):
            return "\(Self.subject(type, id)): \(file.map { "\($0.path) \(reason)" } ?? "not an archive: \(reason)")"
        case .fileTooLarge(let type, let id, let file, let size, let limit):
            return "\(Self.subject(type, id)): \(file.path) is \(size) bytes, over the limit of \(limit)"
        case .refusedKeyedArchive(let type, let id, let file, let error):
            return "\(Self.subject(type, id)): \(file.map { "\($0.path) is" } ?? "the data is") a keyed archive that is refused: \(error)"
        case .decodingFailed(let type, let id, let file, let error):
            return "\(Self.subject(type, id)): \(file.map { "\($0.path) " } ?? "")does not decode: \(error)"
        case .invalidResponseObject(let type, let error):
            return "\(type): the response does not decode, so nothing was stored: \(error)"
        case .fileSystem(let operation, let file, let reason):
            return "cannot \(operation) \(file.path): \(reason)"
        case .droppedElements(let type, let id, let file, let dropped):
            let list = dropped.map(\.description).joined(separator: "; ")
            return "\(Self.subject(type, id)): \(file.path) loaded without \(dropped.count) invalid \(dropped.count == 1 ? "element" : "elements"): \(list)"
        case .expired(let type, let id, let file, let age, let maximumAge):
            let when = age < 0 ? "dated \(Int(-age)) s ahead" : "stored \(Int(age)) s ago"
            return "\(Self.subject(type, id)): \(file.path) expired: \(when), over the maximum age of \(Int(maximumAge)) s"
        }
    }

    /// `User "abcd"` when there is an id, else `User`.
    private static func subject(_ type: String, _ id: String?) -> String {
        id.map { "\(type) \($0.debugDescription)" } ?? type
    }
}
