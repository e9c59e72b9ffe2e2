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

    /// The archive's structure is not what `NSKeyedArchiver` writes, or not what a bounded read
    /// accepts, at `keyPath`: a missing `$objects`, a reference past the end of the objects, a
    /// dictionary key that is not a string, an object that contains itself, containers nested
    /// deeper than the limit, shared objects that would expand into too many values, …
    case malformed(keyPath: String, reason: String)

    public var description: String {
        switch self {
        case .unsupportedClass(let name, let keyPath):
            "\(keyPath) is an instance of \(name), which is not a property-list class"
        case .malformed(let keyPath, let reason):
            "\(keyPath): \(reason)"
        }
    }
}
