/// Why a keyed archive — a file `NSKeyedArchiver` wrote, as Archiver 0.6 did — was refused.
///
/// Nothing in a refused archive is instantiated: the archive is read as plain property-list
/// data, and only the property-list classes are rebuilt from it.
///
/// ```swift
/// do {
///     _ = try User(archivedData: bytes)
/// } catch let error as ArchiverError {
///     print(error)  // … keyed archive refused: root.reviews[0] is an instance of EvilClass, …
/// }
/// ```
public enum KeyedArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An object at `keyPath` is of a class other than the property-list classes, and was not
    /// listed in the options (``KeyedArchiveOptions/init(classesReadAsDictionaries:)``).
    case unsupportedClass(name: String, keyPath: String)

    /// The archive's structure is not what `NSKeyedArchiver` writes: a missing `$objects`, a
    /// reference past the end of the objects, a dictionary key that is not a string, …
    case malformed(keyPath: String, reason: String)

    /// An object contains itself, at `keyPath`.
    case cycle(keyPath: String)

    /// Containers are nested deeper than the limit, at `keyPath`.
    case nestingTooDeep(keyPath: String, limit: Int)

    /// Shared objects would expand into more than `limit` values once read.
    case tooManyValues(limit: Int)

    public var description: String {
        switch self {
        case .unsupportedClass(let name, let keyPath):
            "\(keyPath) is an instance of \(name), which is not a property-list class"
        case .malformed(let keyPath, let reason):
            "\(keyPath): \(reason)"
        case .cycle(let keyPath):
            "\(keyPath) contains itself"
        case .nestingTooDeep(let keyPath, let limit):
            "\(keyPath) is nested deeper than \(limit)"
        case .tooManyValues(let limit):
            "shared objects expand to more than \(limit) values"
        }
    }
}
