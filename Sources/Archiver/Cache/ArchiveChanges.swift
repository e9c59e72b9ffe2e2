import Foundation

/// A change this process made to the stored values of a type.
///
/// ```swift
/// for await change in User.changes() {
///     switch change {
///     case .stored(let id): print("stored", id)
///     case .deleted(let id): print("deleted", id)
///     case .cleared: print("all deleted")
///     }
/// }
/// ```
public enum ArchiveChange<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The value with this id was stored.
    case stored(ID)
    /// The value with this id was deleted, expired or evicted.
    case deleted(ID)
    /// Every value of the type was deleted (``Archivable/deleteAll(in:)``, ``Archiver/removeAll()``).
    case cleared
}

/// How many changes a ``Archivable/changes(of:in:)`` stream keeps that its reader has not taken.
let changeBufferLimit = 256

extension Archivable {
    /// The changes this process makes from now on to the stored values of this type, or, given
    /// a `resourceID`, to the value stored under it (and clears of the whole type): a stream that
    /// ends when the task iterating it is cancelled.
    ///
    /// It sees every store, delete and clear made in this process through the archiver — by any
    /// spelling of the id, 0.6's and the `InBackground` forms included, and the removals of
    /// expiry and the size limit — from the moment it is made, in the order they were made, and
    /// after the memory layer has forgotten the old value: a load made on a change finds it.
    /// Writes by other processes, or by another `Archiver` on the same folder, are not seen. The
    /// stream watches the type's folder as it is when the stream is made. Ids are read back from
    /// the canonical text of their file names (`ID(text)`, or `UUID(uuidString:)`): `0.0` for a
    /// change made through `-0.0`.
    ///
    /// A stream buffers at most the 256 newest changes it has not handed out yet: one held but
    /// not read costs bounded memory, and one that falls further behind loses the oldest (reload
    /// what you show after a change, rather than count on seeing every one).
    ///
    /// ```swift
    /// Task {
    ///     for await change in User.changes() {
    ///         print(change)  // stored("abcd"), deleted("efgh"), cleared
    ///     }
    /// }
    /// for await change in User.changes(of: "abcd") {
    ///     user = try? await User.loadInBackground(resourceID: "abcd")
    /// }
    /// ```
    public static func changes(of resourceID: ID? = nil, in archiver: Archiver = Self.archiver) -> AsyncStream<ArchiveChange<ID>> {
        let folder = archiver.folder(for: Self.self).cachePath
        let id = resourceID.map { Archiver.Folder.canonicalText(of: $0, Self.self) }
        return AsyncStream(bufferingPolicy: .bufferingNewest(changeBufferLimit)) { continuation in
            let token = archiver.cache.addObserver(CacheState.Observer(
                folder: folder, id: id,
                deliver: { raw in
                    switch raw.kind {
                    case .cleared:
                        continuation.yield(.cleared)
                    case .stored, .deleted:
                        // The id's type alone reads it back, so this runs on the storing thread.
                        guard let text = raw.id, let id = ResourceIDText.id(ID.self, from: text) else { return }
                        continuation.yield(raw.kind == .stored ? .stored(id) : .deleted(id))
                    }
                }
            ))
            continuation.onTermination = { _ in archiver.cache.removeObserver(token) }
        }
    }
}
