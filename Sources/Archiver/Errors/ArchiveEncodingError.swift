/// Why a value could not be turned into an archive, and where.
///
/// The encoding layer's error, the mirror of ``ArchiveDecodingError``: ``ArchiveEncoder`` is used
/// without storage too (``ArchiveEncoder/encodeValue(_:)`` inside a hand-written conformance,
/// ``ArchiveComparison``), where there is no id or file to name. Storage carries what it says in
/// ``ArchiverError/invalidPropertyList(type:id:keyPath:found:)``.
///
/// Codable values reach an archive through ``ArchiveEncoder``; the key path is Codable's coding
/// path, from the outermost type:
///
/// ```swift
/// struct Note: Codable { var tags: [String?] }
///
/// do {
///     _ = try ArchiveEncoder().encode(Note(tags: ["a", nil]))
/// } catch {
///     print(error)  // Note.tags[1]: nil, which a property list cannot hold
/// }
/// ```
public struct ArchiveEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong at the end of the key path.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// A `nil` where it cannot be left out: in an array, or as the whole value.
        case nilValue
        /// The value is not a dictionary where an archive needs one, such as a top-level `Int`.
        case notADictionary(found: String)
        /// The value's `encode(to:)` threw `EncodingError.invalidValue` with this description.
        case invalidValue(String)
        /// The value's `encode(to:)` asked for two kinds of container at one place, or threw
        /// an error of its own, described here.
        case custom(String)

        public var description: String {
            switch self {
            case .nilValue: "nil, which a property list cannot hold"
            case .notADictionary(let found): "expected a dictionary, found \(found)"
            case .invalidValue(let message): message
            case .custom(let message): message
            }
        }
    }

    /// The name of the outermost type being encoded, which the description starts with.
    var typeName: String
    /// The path from the outermost type to the failing value.
    public var path: [ArchiveDecodingError.PathComponent]
    /// What went wrong there.
    public var reason: Reason

    // The encoders and the comparison make these; users catch them.
    init(type: Any.Type, path: [ArchiveDecodingError.PathComponent] = [], reason: Reason) {
        self.init(typeName: String(describing: type), path: path, reason: reason)
    }

    init(typeName: String, path: [ArchiveDecodingError.PathComponent] = [], reason: Reason) {
        self.typeName = typeName
        self.path = path
        self.reason = reason
    }

    /// The key path as text: `Note.tags[1]`.
    var keyPath: String {
        path.keyPath(from: typeName)
    }

    public var description: String {
        "\(keyPath): \(reason)"
    }
}
