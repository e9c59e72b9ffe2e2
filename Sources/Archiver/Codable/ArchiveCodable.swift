import Foundation

/// A `Codable` type that is ``ArchiveRepresentable`` through Codable: one line, no archive code.
///
/// ```swift
/// struct Note: Codable {
///     var id: String
///     var text: String
///     var link: URL?
/// }
///
/// extension Note: ArchiveCodable, Archivable {}
///
/// let note = Note(id: "n1", text: "Soup", link: nil)
/// note.archiveValue  // ["id": "n1", "text": "Soup"]
/// try note.store()   // …/Note/n1.plist, as any Archivable
/// ```
///
/// ``ArchiveRepresentable/archiveValue`` comes from ``ArchiveEncoder`` and
/// ``ArchiveRepresentable/decode(archive:)`` from ``ArchiveDecoder``, so the archive's keys are the
/// Codable keys (rename them with `CodingKeys`), each property is stored as its type's
/// ``KeyMapValue`` conformance stores it (a `URL` as its string), and a missing key reads as `nil`
/// for an optional property. A type that is also ``Serializable`` is built from response objects with keys
/// passed through ``serverKeys`` (see ``init(responseObject:)``).
///
/// For structs, enums and final classes: a non-final class cannot take its initializers from a
/// protocol extension.
public protocol ArchiveCodable: ArchiveRepresentable, Codable {
    /// How a coding key's name becomes the key read from a response object, at every level of
    /// the value; archives keep the Codable keys. `.propertyName` unless the type says otherwise.
    ///
    /// ```swift
    /// struct PullRequest: Codable { var htmlUrl: URL; var user: User }
    /// extension PullRequest: ArchiveCodable, Serializable {
    ///     static var serverKeys: KeyStrategy { .snakeCase }  // htmlUrl from "html_url"
    /// }
    /// ```
    static var serverKeys: KeyStrategy { get }
}

extension ArchiveCodable {
    /// Response objects use the Codable keys, as archives do.
    public static var serverKeys: KeyStrategy { .propertyName }

    /// The archive ``ArchiveEncoder`` makes of this value.
    ///
    /// A value that cannot be encoded (a `nil` in an array, a throwing `encode(to:)`) gives an
    /// archive that cannot be stored: its one key is the failing key path and its value says
    /// why, so ``Archivable/store(in:)`` throws
    /// ``ArchiverError/invalidPropertyList(type:id:keyPath:found:)`` naming both. Call
    /// `ArchiveEncoder().encode(_:)` to get the ``ArchiveEncodingError`` itself.
    ///
    /// ```swift
    /// note.archiveValue  // ["id": "n1", "text": "Soup"]
    /// ```
    public var archiveValue: Archive {
        do {
            return try ArchiveEncoder().encode(self)
        } catch {
            let keyPath = error.path.archiveKeyPath
            return [keyPath.isEmpty ? "(top level)" : keyPath: EncodingFailure(reason: error.reason)]
        }
    }

    /// Creates a value from its archive, or returns `nil` when ``decode(archive:)`` throws.
    public init?(archive: Archive) {
        guard let value = try? Self.decode(archive: archive) else { return nil }
        self = value
    }

    /// Creates a value from its archive with ``ArchiveDecoder``.
    ///
    /// ```swift
    /// try Note.decode(archive: ["id": "n1", "text": 42])  // throws Note.text: expected String, found number 42
    /// ```
    public static func decode(archive: Archive) throws(ArchiveDecodingError) -> Self {
        try ArchiveDecoder().decode(Self.self, from: archive)
    }
}

extension ArchiveCodable {
    /// Binary property-list bytes of ``archiveValue``, written as ``ArchiveEncoder`` encodes the
    /// value, with no archive dictionary on the way: the containers `encode(to:)` filled go
    /// straight to the writer. A value that does not encode, or not as a dictionary, is written
    /// from ``archiveValue``, so that the store fails as it always has, naming the coding path.
    func propertyListData(maximumDepth: Int) throws(PropertyListError) -> Data {
        guard let root = try? ArchiveEncoder().encodedSlot(self), root.writesADictionary else {
            return try PropertyListCoding.data(for: archiveValue, maximumDepth: maximumDepth)
        }
        var unresolvable = false
        do {
            return try BinaryPropertyListWriter.data(maximumDepth: maximumDepth) { (writer) throws(BinaryPropertyListWriter.Failure) -> Int in
                do throws(EncodingSlot.WriteFailure) {
                    if let top = try root.write(into: &writer, depth: 0) { return top }
                } catch {
                    guard case .writer(let failure) = error else { unresolvable = true; throw .init(found: "") }
                    throw failure
                }
                unresolvable = true
                throw .init(found: "")
            }
        } catch where unresolvable {
            return try PropertyListCoding.data(for: archiveValue, maximumDepth: maximumDepth)
        }
    }

    /// A load's reader for this type, as `type` (which is `Self`): the archive read in place
    /// from its binary property list by ``ArchiveDecoder``, with no dictionary on the way.
    static func inPlaceArchiveReader<Value>(as type: Value.Type) -> InPlaceReader<Value> {
        InPlaceReader { (document) throws(ArchiveDecodingError) in
            try ArchiveDecoder().decode(Self.self, from: KeyMapInput(propertyList: document, at: document.topObject)) as! Value
        }
    }
}

/// What ``ArchiveCodable/archiveValue`` holds in place of a value it could not encode. It is no
/// property-list value, so storing the archive fails and says why.
struct EncodingFailure: CustomStringConvertible {
    var reason: ArchiveEncodingError.Reason

    var description: String { "a value that could not be encoded (\(reason))" }
}
