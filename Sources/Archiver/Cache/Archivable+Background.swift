import Foundation

// The async forms: one per job, named for the synchronous form plus `InBackground`, so that an
// existing `try User.load(resourceID:)` in an async function keeps meaning what it meant (an
// async overload of the same name would be chosen there and ask for `await`), and so that a
// reader sees which calls leave the caller's actor.
//
// Under Swift 6.2's `NonisolatedNonsendingByDefault` a plain `nonisolated async` function runs
// on its caller's actor (SE-0461), so the disk work is in `@concurrent` functions on the
// archiver. The public functions are `nonisolated(nonsending)`: they start and end on the
// caller's actor and do there only what the model's conformance needs. For a model whose
// conformance may be used anywhere (`nonisolated` models; `Self: SendableMetatype`), decoding
// goes off the actor too; for a main-actor model it stays on the main actor, as its conformance
// requires.

/// Carries a value made off the caller's actor back to it. Each is new, and no other task holds it.
struct Transfer<Value>: @unchecked Sendable {
    var value: Value
}

extension Archiver {
    typealias ReadArchive = (parsed: ParsedArchive, file: ArchiveFileLocation, size: Int)

    /// Reads and parses the archive of `id`, off the caller's actor.
    @concurrent
    func readArchiveInBackground(in folder: Folder, id: String) async throws(ArchiverError) -> Transfer<ReadArchive?> {
        Transfer(value: try readArchive(in: folder, id: id))
    }

    func readArchive(in folder: Folder, id: String) throws(ArchiverError) -> ReadArchive? {
        guard let (data, file) = try loadData(in: folder, id: id) else { return nil }
        return (try parsed(data, in: folder, id: id, file: file), file, data.count)
    }

    /// Reads and parses the archives of `ids`, off the caller's actor, each with its own outcome.
    @concurrent
    func readArchivesInBackground(in folder: Folder, ids: [String]) async -> Transfer<[Result<ReadArchive?, ArchiverError>]> {
        Transfer(value: ids.map { id in Result { () throws(ArchiverError) in try readArchive(in: folder, id: id) } })
    }

    @concurrent
    func resourceIDsInBackground(in folder: Folder) async throws(ArchiverError) -> [String] {
        try resourceIDs(in: folder)
    }

    @concurrent
    func storeInBackground(_ data: Data, in folder: Folder, id: String) async throws(ArchiverError) -> URL {
        try store(data, in: folder, id: id)
    }

    @concurrent
    func deleteInBackground(in folder: Folder, id: String) async throws(ArchiverError) {
        try delete(in: folder, id: id)
    }

    @concurrent
    func loadValueInBackground<Value: Archivable & SendableMetatype>(
        _ type: Value.Type, resourceID: Value.ID
    ) async throws(ArchiverError) -> Transfer<Value?> {
        Transfer(value: try loadValue(type, resourceID: resourceID))
    }

    @concurrent
    func loadAllValuesInBackground<Value: Archivable & SendableMetatype>(
        _ type: Value.Type
    ) async throws(ArchiverError) -> Transfer<(values: [Value], failures: [ArchiverError])> {
        var failures: [ArchiverError] = []
        let values = try loadAllValues(type, failures: &failures)
        return Transfer(value: (values, failures))
    }

    /// The failure `loadAll` reports for a file whose name is no id of its type.
    func unparsedNameError<ID>(_ text: String, in folder: Folder, idType: ID.Type) -> ArchiverError {
        let file = (try? fileURL(for: folder, id: text)) ?? URL(fileURLWithPath: text)
        return .corruptFile(type: folder.typeName, id: text, file: file, reason: "its name is no \(ID.self) id of \(folder.typeName)")
    }

    /// The archive of `value`, encoded on the caller's actor, as a store encodes it.
    func propertyListData<Value: Archivable>(for value: Value, in folder: Folder, id: String) throws(ArchiverError) -> Data {
        do {
            return try PropertyListCoding.data(of: value, maximumDepth: limits.maximumDepth)
        } catch {
            switch error {
            case .unsupportedValue(let keyPath, let found):
                throw .invalidPropertyList(type: folder.typeName, id: id, keyPath: keyPath, found: found)
            case .malformed(let reason):
                throw .invalidPropertyList(type: folder.typeName, id: id, keyPath: "", found: reason)
            }
        }
    }
}

extension Archivable {
    /// Loads the value stored under `resourceID`, reading and parsing its file off the caller's
    /// actor; `nil` if none is stored. What ``load(resourceID:in:)`` does, without blocking.
    ///
    /// For a main-actor model (the default in an Xcode 26 app target), the file is read and
    /// parsed in the background and the value decoded back on the main actor, as its conformance
    /// requires: the main actor still pays for decoding (the `unarchive` benchmark rows measure
    /// it), only the reading and parsing leave it. Declare the model and its conformance
    /// `nonisolated` to decode in the background too.
    ///
    /// ```swift
    /// @Observable final class ProfileModel {
    ///     var user: User?
    ///     func appear() async {
    ///         user = try? await User.loadInBackground(resourceID: "abcd")
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: what ``load(resourceID:in:)`` throws.
    nonisolated(nonsending)
    public static func loadInBackground(resourceID: ID, in archiver: Archiver = Self.archiver) async throws(ArchiverError) -> Self? {
        let folder = archiver.folder(for: Self.self)
        let id = Archiver.Folder.canonicalText(of: resourceID, Self.self)
        if let remembered = archiver.rememberedValue(Self.self, in: folder, id: id) { return remembered }
        let generation = archiver.cache.generation
        guard let read = try await archiver.readArchiveInBackground(in: folder, id: id).value else { return nil }
        return try archiver.decode(Self.self, read.parsed, in: folder, id: id, file: read.file,
                                   size: read.size, readAt: generation)
    }

    /// Every stored value of this type that loads, sorted by id, read and parsed off the caller's
    /// actor; files that cannot be read or decoded are skipped. What ``loadAll(in:)`` does,
    /// without blocking. A main-actor model is decoded on the main actor (see
    /// `loadInBackground(resourceID:in:)`).
    ///
    /// ```swift
    /// let users = try await User.loadAllInBackground()
    /// ```
    ///
    /// - Throws: ``ArchiverError`` when the folder cannot be listed.
    nonisolated(nonsending)
    public static func loadAllInBackground(in archiver: Archiver = Self.archiver) async throws(ArchiverError) -> [Self] {
        var failures: [ArchiverError] = []
        return try await loadAllInBackground(in: archiver, failures: &failures)
    }

    /// Every stored value of this type that loads, sorted by id, with an error for each file that
    /// does not, read and parsed off the caller's actor. What ``loadAll(in:failures:)`` does,
    /// without blocking.
    ///
    /// ```swift
    /// var failures: [ArchiverError] = []
    /// let users = try await User.loadAllInBackground(failures: &failures)
    /// ```
    ///
    /// - Throws: ``ArchiverError`` when the folder cannot be listed.
    nonisolated(nonsending)
    static func loadAllInBackground(
        in archiver: Archiver = Self.archiver, failures: inout [ArchiverError]
    ) async throws(ArchiverError) -> [Self] {
        let folder = archiver.folder(for: Self.self)
        let (ids, unparsed) = ResourceIDOrder.parse(try await archiver.resourceIDsInBackground(in: folder), as: ID.self)
        var remembered: [String: Self] = [:]
        var missing: [String] = []
        for (_, text) in ids {
            if let value = archiver.rememberedValue(Self.self, in: folder, id: text) { remembered[text] = value } else { missing.append(text) }
        }
        let generation = archiver.cache.generation
        let reads = missing.isEmpty ? [] : await archiver.readArchivesInBackground(in: folder, ids: missing).value
        let readByID = Dictionary(zip(missing, reads), uniquingKeysWith: { first, _ in first })
        var values: [Self] = []
        values.reserveCapacity(ids.count)
        for (_, text) in ids {
            if let value = remembered[text] {
                values.append(value)
                continue
            }
            do {
                guard let file = try readByID[text]?.get() else { continue }
                values.append(try archiver.decode(Self.self, file.parsed, in: folder, id: text,
                                                  file: file.file, size: file.size, readAt: generation))
            } catch .expired {
                continue  // expired since it was listed: as if not stored
            } catch {
                failures.append(error)
            }
        }
        for text in unparsed {
            failures.append(archiver.unparsedNameError(text, in: folder, idType: ID.self))
        }
        return values
    }

    /// The ids of every stored value of this type, sorted, with the folder listed off the
    /// caller's actor (the names are parsed into ids and sorted on it). What
    /// ``storedResourceIDs(in:)`` returns, without blocking.
    ///
    /// ```swift
    /// let ids = try await Repository.storedResourceIDsInBackground()  // [1296269, 1300192]
    /// ```
    nonisolated(nonsending)
    public static func storedResourceIDsInBackground(in archiver: Archiver = Self.archiver) async throws(ArchiverError) -> [ID] {
        ResourceIDOrder.sortedIDs(try await archiver.resourceIDsInBackground(in: archiver.folder(for: Self.self)), as: ID.self)
    }

    /// Stores this value's archive, encoding it on the caller's actor and writing the file off
    /// it. What ``store(in:)`` does, without blocking.
    ///
    /// ```swift
    /// try await user.storeInBackground()
    /// ```
    ///
    /// - Throws: what ``store(in:)`` throws.
    @discardableResult
    nonisolated(nonsending)
    public func storeInBackground(in archiver: Archiver = Self.archiver) async throws(ArchiverError) -> URL {
        let folder = archiver.folder(for: Self.self)
        let id = Archiver.Folder.canonicalText(of: self.id, Self.self)
        let data = try archiver.propertyListData(for: self, in: folder, id: id)
        return try await archiver.storeInBackground(data, in: folder, id: id)
    }

    /// Deletes this value's archive off the caller's actor. What ``delete(in:)`` does, without blocking.
    ///
    /// ```swift
    /// try await user.deleteInBackground()
    /// ```
    nonisolated(nonsending)
    public func deleteInBackground(in archiver: Archiver = Self.archiver) async throws(ArchiverError) {
        try await Self.deleteInBackground(resourceID: id, in: archiver)
    }

    /// Deletes the archive stored under `resourceID` off the caller's actor. What
    /// ``delete(resourceID:in:)`` does, without blocking.
    ///
    /// ```swift
    /// try await User.deleteInBackground(resourceID: "abcd")
    /// ```
    nonisolated(nonsending)
    public static func deleteInBackground(resourceID: ID, in archiver: Archiver = Self.archiver) async throws(ArchiverError) {
        try await archiver.deleteInBackground(in: archiver.folder(for: Self.self), id: Archiver.Folder.canonicalText(of: resourceID, Self.self))
    }
}

extension Archivable where Self: SendableMetatype {
    /// Loads the value stored under `resourceID` entirely off the caller's actor — reading,
    /// parsing and decoding — since this model's conformance may be used anywhere. See
    /// `loadInBackground(resourceID:in:)`.
    ///
    /// ```swift
    /// nonisolated struct Sighting: Archivable { … }
    /// let sighting = try await Sighting.loadInBackground(resourceID: id)
    /// ```
    nonisolated(nonsending)
    public static func loadInBackground(resourceID: ID, in archiver: Archiver = Self.archiver) async throws(ArchiverError) -> Self? {
        let folder = archiver.folder(for: Self.self)
        if let remembered = archiver.rememberedValue(Self.self, in: folder, id: Archiver.Folder.canonicalText(of: resourceID, Self.self)) {
            return remembered
        }
        return try await archiver.loadValueInBackground(Self.self, resourceID: resourceID).value
    }

    /// Every stored value of this type that loads, read, parsed and decoded off the caller's
    /// actor. See `loadAllInBackground(in:)`.
    ///
    /// ```swift
    /// let sightings = try await Sighting.loadAllInBackground()
    /// ```
    nonisolated(nonsending)
    public static func loadAllInBackground(in archiver: Archiver = Self.archiver) async throws(ArchiverError) -> [Self] {
        try await archiver.loadAllValuesInBackground(Self.self).value.values
    }

    /// Every stored value of this type that loads, with an error for each file that does not, all
    /// off the caller's actor. See `loadAllInBackground(in:failures:)`.
    ///
    /// ```swift
    /// var failures: [ArchiverError] = []
    /// let sightings = try await Sighting.loadAllInBackground(failures: &failures)
    /// ```
    nonisolated(nonsending)
    static func loadAllInBackground(
        in archiver: Archiver = Self.archiver, failures: inout [ArchiverError]
    ) async throws(ArchiverError) -> [Self] {
        let loaded = try await archiver.loadAllValuesInBackground(Self.self).value
        failures += loaded.failures
        return loaded.values
    }
}

extension Archiver {
    /// The file that holds, or would hold, the archive of `id` in `folder`.
    func fileURL(for folder: Folder, id: String) throws(ArchiverError) -> URL {
        guard let (stem, _) = ArchiveFileName.stem(for: id) else { throw .emptyIdentifier(type: folder.typeName) }
        return try paths(of: folder).current.file(stem + "." + ArchiveFileName.fileExtension).url
    }
}
