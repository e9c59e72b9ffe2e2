import Foundation

/// Why a value could not be archived to `Data` or a file, or read back from them.
///
/// The description names the type, the file if there is one, and what went wrong:
///
/// ```swift
/// do {
///     let movie = try Movie(contentsOf: url)
/// } catch {
///     print(error)  // Movie (/tmp/movie.plist): does not decode: Movie.releaseYear: expected Int, found String "1993a"
/// }
/// ```
public struct ArchiveDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The archive holds a value a property list cannot, at `keyPath`. Nothing was written.
        case invalidPropertyList(keyPath: String, found: String)
        /// The bytes are not an archive: not a property list, or not of the expected shape.
        case notAnArchive(String)
        /// The bytes are a keyed archive that is refused, such as one naming a class that is
        /// not a property-list class. Nothing in it was instantiated.
        case refusedKeyedArchive(KeyedArchiveError)
        /// The bytes are an archive, but the type could not be built from it.
        case decodingFailed(ArchiveDecodingError)
        /// There is no file at the URL.
        case missingFile
        /// The file is larger than the limit and was not read.
        case fileTooLarge(size: Int, limit: Int)
        /// The file system refused an operation.
        case fileSystem(operation: String, reason: String)

        public var description: String {
            switch self {
            case .invalidPropertyList(let keyPath, let found):
                "cannot archive \(keyPath.isEmpty ? "the value" : keyPath): \(found) is not a property-list value"
            case .notAnArchive(let reason): "not an archive: \(reason)"
            case .refusedKeyedArchive(let error): "keyed archive refused: \(error)"
            case .decodingFailed(let error): "does not decode: \(error)"
            case .missingFile: "no such file"
            case .fileTooLarge(let size, let limit): "is \(size) bytes, over the limit of \(limit)"
            case .fileSystem(let operation, let reason): "cannot \(operation): \(reason)"
            }
        }
    }

    /// The name of the type being archived or read, such as `Movie` or `Array<Movie>`.
    public var typeName: String
    /// The file involved, if any.
    public var file: URL?
    /// What went wrong.
    public var reason: Reason

    /// Creates an error about `typeName`, and `file` if there is one.
    ///
    /// ```swift
    /// ArchiveDataError(typeName: "Movie", file: url, reason: .missingFile)
    /// // Movie (/tmp/movie.plist): no such file
    /// ```
    public init(typeName: String, file: URL? = nil, reason: Reason) {
        self.typeName = typeName
        self.file = file
        self.reason = reason
    }

    public var description: String {
        if let file { "\(typeName) (\(file.path)): \(reason)" } else { "\(typeName): \(reason)" }
    }
}
