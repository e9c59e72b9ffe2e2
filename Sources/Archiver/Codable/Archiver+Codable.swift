import Foundation

/// Storage of `Codable` values through ``ArchiveEncoder`` and ``ArchiveDecoder``, in the same
/// folders, under the same file names, with the same atomic writes and errors as ``Archivable``
/// values.
///
/// A type needs an id, from ``UniquelyIdentifiable`` or from `Identifiable`: a `String`, any
/// integer type, a `UUID`, or any other `LosslessStringConvertible` type.
///
/// ```swift
/// struct Note: Codable, Identifiable { var id: String; var text: String }
///
/// let archiver = Archiver.default
/// try archiver.store(codable: Note(id: "n1", text: "Soup"))  // …/Note/n1.plist
/// let note = try archiver.load(codable: Note.self, resourceID: "n1")
/// try archiver.resourceIDs(ofCodable: Note.self)               // ["n1"]
/// try archiver.delete(codable: Note.self, resourceID: "n1")
/// ```
///
/// The file is the one ``ArchiveCodable`` writes for the same value: the archive ``ArchiveEncoder``
/// makes, written by the core, so each way reads the other's files. Files that earlier versions
/// wrote with `PropertyListEncoder` still load: its forms of `URL` (`{relative: …}`) and
/// `Decimal` are read by those types' ``KeyMapValue`` conformances. The value must encode as a
/// dictionary, as structs and classes do. The folder is the type's name, or
/// ``Archivable/directoryName`` for a type that is also ``Archivable``. The `codable:` labels keep
/// these apart from the ``Archivable`` methods for a type that is both.
extension Archiver {
    // MARK: Store

    /// Stores `value` through ``ArchiveEncoder`` under its ``UniquelyIdentifiable/id``, and
    /// returns the file's URL.
    ///
    /// ```swift
    /// try Archiver.default.store(codable: restaurant)  // …/Restaurant/abcd-1234.plist
    /// ```
    ///
    /// - Throws: ``ArchiverError/invalidPropertyList(type:id:keyPath:found:)`` with the coding
    ///   path when ``ArchiveEncoder`` fails or the value does not encode as a dictionary
    ///   (nothing is written then), ``ArchiverError/emptyIdentifier(type:)``, or
    ///   ``ArchiverError/fileSystem(operation:file:reason:)``.
    @discardableResult
    public func store<Value: Encodable & UniquelyIdentifiable>(codable value: Value) throws(ArchiverError) -> URL {
        try storeEncoded(value, id: Value.text(forResourceID: value.id))
    }

    /// Stores `value` through ``ArchiveEncoder`` under its `Identifiable` id, and returns the
    /// file's URL.
    ///
    /// ```swift
    /// struct Note: Codable, Identifiable { var id: String; var text: String }
    /// try Archiver.default.store(codable: Note(id: "n1", text: "Soup"))  // …/Note/n1.plist
    /// ```
    ///
    /// - Throws: as the `UniquelyIdentifiable` overload does.
    @discardableResult
    public func store<Value: Encodable & Identifiable>(
        codable value: Value
    ) throws(ArchiverError) -> URL where Value.ID: LosslessStringConvertible {
        try storeEncoded(value, id: value.id.description)
    }

    /// Stores `value` through `PropertyListEncoder` under its `Identifiable` `UUID` id, named by
    /// its `uuidString`, and returns the file's URL.
    ///
    /// ```swift
    /// struct Draft: Codable, Identifiable { var id = UUID(); var text: String }
    /// try Archiver.default.store(codable: draft)  // …/Draft/E621E1F8-C36C-495A-93FC-0C247A3E6E5F.plist
    /// ```
    ///
    /// - Throws: as the `UniquelyIdentifiable` overload does.
    @discardableResult
    public func store<Value: Encodable & Identifiable>(codable value: Value) throws(ArchiverError) -> URL where Value.ID == UUID {
        try storeEncoded(value, id: value.id.uuidString)
    }

    /// Stores `value`, whose id is both its ``UniquelyIdentifiable`` and its `Identifiable` id.
    ///
    /// This overload only settles which of the other two applies; they store the same file.
    ///
    /// ```swift
    /// struct Tag: Codable, Identifiable, UniquelyIdentifiable { var id: String }
    /// try Archiver.default.store(codable: Tag(id: "soup"))  // …/Tag/soup.plist
    /// ```
    @discardableResult
    public func store<Value: Encodable & Identifiable & UniquelyIdentifiable>(
        codable value: Value
    ) throws(ArchiverError) -> URL where Value.ID: LosslessStringConvertible {
        try storeEncoded(value, id: Value.text(forResourceID: value.id))
    }

    /// Stores `value`, whose `UUID` id is both its ``UniquelyIdentifiable`` and its `Identifiable` id.
    ///
    /// This overload only settles which of the others applies; they store the same file.
    ///
    /// ```swift
    /// struct Draft: Codable, Identifiable, UniquelyIdentifiable { var id = UUID() }
    /// try Archiver.default.store(codable: Draft())  // …/Draft/<uuidString>.plist
    /// ```
    @discardableResult
    public func store<Value: Encodable & Identifiable & UniquelyIdentifiable>(
        codable value: Value
    ) throws(ArchiverError) -> URL where Value.ID == UUID {
        try storeEncoded(value, id: Value.text(forResourceID: value.id))
    }

    private func storeEncoded<Value: Encodable>(_ value: Value, id: String) throws(ArchiverError) -> URL {
        let folder = Self.codableFolder(Value.self)
        let archive: Archive
        do {
            archive = try ArchiveEncoder().encode(value)
        } catch {
            throw .invalidPropertyList(type: folder.typeName, id: id, keyPath: error.path.archiveKeyPath,
                                       found: error.reason.description)
        }
        let data: Data
        do {
            data = try PropertyListCoding.data(for: archive, maximumDepth: limits.maximumDepth)
        } catch {
            switch error {
            case .unsupportedValue(let keyPath, let found):
                throw .invalidPropertyList(type: folder.typeName, id: id, keyPath: keyPath, found: found)
            case .malformed(let reason):
                throw .invalidPropertyList(type: folder.typeName, id: id, keyPath: "", found: reason)
            }
        }
        return try store(data, in: folder, id: id)
    }

    // MARK: Load

    /// Loads the `type` value stored under `resourceID` through ``ArchiveDecoder``; `nil` if
    /// none is stored.
    ///
    /// It reads files ``ArchiveCodable`` wrote, and those earlier versions wrote through
    /// `PropertyListEncoder`.
    ///
    /// ```swift
    /// let note = try Archiver.default.load(codable: Note.self, resourceID: "n1")
    /// ```
    ///
    /// - Throws: ``ArchiverError/corruptFile(type:id:file:reason:)`` for a file that is not a
    ///   property list holding a dictionary, ``ArchiverError/decodingFailed(type:id:file:error:)``
    ///   with the coding path for one that does not decode,
    ///   ``ArchiverError/fileTooLarge(type:id:file:size:limit:)``, or
    ///   ``ArchiverError/emptyIdentifier(type:)``.
    public func load<Value: Decodable>(
        codable type: Value.Type, resourceID: some LosslessStringConvertible
    ) throws(ArchiverError) -> Value? {
        try load(codable: type, text: resourceID.description)
    }

    /// Loads the `type` value stored under the `UUID` `resourceID`; `nil` if none is stored.
    ///
    /// ```swift
    /// let draft = try Archiver.default.load(codable: Draft.self, resourceID: draftID)
    /// ```
    ///
    /// - Throws: as the overload for other ids does.
    public func load<Value: Decodable>(codable type: Value.Type, resourceID: UUID) throws(ArchiverError) -> Value? {
        try load(codable: type, text: resourceID.uuidString)
    }

    private func load<Value: Decodable>(codable type: Value.Type, text resourceID: String) throws(ArchiverError) -> Value? {
        let folder = Self.codableFolder(type)
        guard let (archive, url) = try loadArchive(in: folder, id: resourceID) else { return nil }
        do {
            return try ArchiveDecoder().decode(type, from: archive)
        } catch {
            throw .decodingFailed(type: folder.typeName, id: resourceID, file: url, error: error)
        }
    }

    // MARK: Delete and list

    /// Deletes the file of the `type` value with id `resourceID`; one that is not stored is not an error.
    ///
    /// ```swift
    /// try Archiver.default.delete(codable: Note.self, resourceID: "n1")
    /// ```
    public func delete<Value: Decodable>(codable type: Value.Type, resourceID: some LosslessStringConvertible) throws(ArchiverError) {
        try delete(in: Self.codableFolder(type), id: resourceID.description)
    }

    /// Deletes the file of the `type` value with the `UUID` id `resourceID`.
    ///
    /// ```swift
    /// try Archiver.default.delete(codable: Draft.self, resourceID: draftID)
    /// ```
    public func delete<Value: Decodable>(codable type: Value.Type, resourceID: UUID) throws(ArchiverError) {
        try delete(in: Self.codableFolder(type), id: resourceID.uuidString)
    }

    /// The ids of every stored value of `type`, sorted.
    ///
    /// ```swift
    /// try Archiver.default.resourceIDs(ofCodable: Note.self)  // ["n1", "n2"]
    /// ```
    public func resourceIDs<Value: Decodable>(ofCodable type: Value.Type) throws(ArchiverError) -> [String] {
        try resourceIDs(in: Self.codableFolder(type))
    }

    /// The ids of every stored value of an `Identifiable` `type`, as its own id type, sorted; a
    /// file whose name is no such id is left out.
    ///
    /// ```swift
    /// try Archiver.default.resourceIDs(ofCodable: Issue.self)  // [7, 42] for `let id: Int`
    /// ```
    public func resourceIDs<Value: Decodable & Identifiable>(
        ofCodable type: Value.Type
    ) throws(ArchiverError) -> [Value.ID] where Value.ID: LosslessStringConvertible {
        let ids = try resourceIDs(in: Self.codableFolder(type)).compactMap { text in Value.ID(text).map { (id: $0, text: text) } }
        return ResourceIDOrder.sorted(ids).map(\.id)
    }

    /// The `UUID` ids of every stored value of an `Identifiable` `type`, sorted by text.
    ///
    /// ```swift
    /// try Archiver.default.resourceIDs(ofCodable: Draft.self)  // [E621E1F8-…]
    /// ```
    public func resourceIDs<Value: Decodable & Identifiable>(
        ofCodable type: Value.Type
    ) throws(ArchiverError) -> [UUID] where Value.ID == UUID {
        try resourceIDs(in: Self.codableFolder(type)).compactMap(UUID.init(uuidString:))
    }

    /// The file that holds, or would hold, the `type` value with id `resourceID`.
    ///
    /// ```swift
    /// try Archiver.default.fileURL(forCodable: Note.self, resourceID: "n1")  // …/Note/n1.plist
    /// ```
    public func fileURL<Value: Decodable>(forCodable type: Value.Type, resourceID: some LosslessStringConvertible) throws(ArchiverError) -> URL {
        try fileURL(forCodable: type, text: resourceID.description)
    }

    /// The file that holds, or would hold, the `type` value with the `UUID` id `resourceID`.
    ///
    /// ```swift
    /// try Archiver.default.fileURL(forCodable: Draft.self, resourceID: draftID)  // …/Draft/<uuidString>.plist
    /// ```
    public func fileURL<Value: Decodable>(forCodable type: Value.Type, resourceID: UUID) throws(ArchiverError) -> URL {
        try fileURL(forCodable: type, text: resourceID.uuidString)
    }

    private func fileURL<Value: Decodable>(forCodable type: Value.Type, text resourceID: String) throws(ArchiverError) -> URL {
        let folder = Self.codableFolder(type)
        guard let (stem, _) = ArchiveFileName.stem(for: resourceID, foldingCase: foldsCase()) else { throw .emptyIdentifier(type: folder.typeName) }
        return try directoryURL(of: folder).appendingPathComponent(stem + "." + ArchiveFileName.fileExtension, isDirectory: false)
    }

    /// The folder of a Codable type: the one its ``Archivable`` conformance names, if it has one,
    /// so that both ways of storing a type share its folder.
    static func codableFolder(_ type: Any.Type) -> Folder {
        let typeName = String(describing: type)
        let directoryName = (type as? any Archivable.Type)?.directoryName ?? typeName
        return Folder(typeName: typeName, directoryName: directoryName)
    }
}
