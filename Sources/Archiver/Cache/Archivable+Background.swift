import Foundation

// The async forms: one per job, named for the synchronous form plus `InBackground`, so that an
// existing `try User.load(resourceID:)` in an async function keeps meaning what it meant (an
// async overload of the same name would be chosen there and ask for `await`), and so that a
// reader sees which calls leave the caller's actor.
//
// Under Swift 6.2's `NonisolatedNonsendingByDefault` a plain `nonisolated async` function runs
// on its caller's actor (SE-0461), so the work is in `@concurrent` functions on the archiver. The
// public functions are `nonisolated(nonsending)`: they start and end on the caller's actor. The
// forms that decode or encode a model need its conformance off that actor (`Self:
// SendableMetatype`, and `Sendable` to take the value there): a model whose conformance is
// isolated to the main actor, as an app target's are by default, does not compile with them,
// rather than have its decoding quietly run on the main actor. Declaring the model or its
// conformance `nonisolated` is the fix, which the doc comments name.

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

    /// Encodes `value` and stores its archive, off the caller's actor.
    @concurrent
    func storeValueInBackground<Value: Archivable & Sendable>(_ value: Value, in folder: Folder, id: String) async throws(ArchiverError) -> URL {
        try store(propertyListData(for: value, in: folder, id: id), in: folder, id: id)
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
    /// Loads the value stored under `resourceID` off the caller's actor — reading, parsing and
    /// decoding; `nil` if none is stored. What ``load(resourceID:in:)`` does, without blocking.
    ///
    /// The model's conformance is used off the caller's actor, so it must not be isolated to
    /// the main actor. In an Xcode 26 app target, where everything is main-actor by default,
    /// declare the model `nonisolated` (or its conformance: `nonisolated extension User:
    /// Archivable`); its helpers and explicit initializers then need `nonisolated` too. Without
    /// it, the call does not compile ("main actor-isolated conformance of 'User' to 'Archivable'
    /// cannot satisfy conformance requirement for a 'Sendable' type parameter"), rather than
    /// decode on the main actor.
    ///
    /// ```swift
    /// nonisolated struct User: KeyMapped, Archivable { … }
    ///
    /// @Observable final class ProfileModel {
    ///     var user: User?
    ///     func appear() async {
    ///         user = try? await User.loadInBackground(resourceID: "abcd")  // the main actor stays free
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: what ``load(resourceID:in:)`` throws.
    nonisolated(nonsending)
    public static func loadInBackground(resourceID: ID, in archiver: Archiver = Self.archiver) async throws(ArchiverError) -> Self? {
        let folder = archiver.folder(for: Self.self)
        if let remembered = archiver.rememberedValue(Self.self, in: folder, id: Archiver.Folder.canonicalText(of: resourceID, Self.self)) {
            return remembered
        }
        return try await archiver.loadValueInBackground(Self.self, resourceID: resourceID).value
    }

    /// Every stored value of this type that loads, sorted by id, read, parsed and decoded off the
    /// caller's actor; files that cannot be read or decoded are skipped. What ``loadAll(in:)``
    /// does, without blocking; the model must not be main-actor-isolated (see
    /// `loadInBackground(resourceID:in:)`).
    ///
    /// ```swift
    /// let sightings = try await Sighting.loadAllInBackground()
    /// ```
    nonisolated(nonsending)
    public static func loadAllInBackground(in archiver: Archiver = Self.archiver) async throws(ArchiverError) -> [Self] {
        try await archiver.loadAllValuesInBackground(Self.self).value.values
    }

    /// Every stored value of this type that loads, with an error for each file that does not, all
    /// off the caller's actor. What ``loadAll(in:failures:)`` does, without blocking.
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

extension Archivable where Self: Sendable {
    /// Stores this value's archive off the caller's actor — encoding it and writing the file.
    /// What ``store(in:)`` does, without blocking. The value goes to another thread, so it must be
    /// `Sendable`, and its conformance must not be isolated to the main actor (see
    /// `loadInBackground(resourceID:in:)`).
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
        return try await archiver.storeValueInBackground(self, in: folder, id: Archiver.Folder.canonicalText(of: id, Self.self))
    }
}
