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

extension Archivable {
    /// The changes this process makes from now on to the stored values of this type, or, given
    /// a `resourceID`, to the value stored under it (and clears of the whole type): a stream that
    /// ends when the task iterating it is cancelled.
    ///
    /// It sees every store, delete and clear made in this process through the archiver — by any
    /// spelling, 0.6's included, and the removals of expiry and the size limit — from the moment
    /// it is made. Writes by other processes are not seen. Ids are read back from their file
    /// names' text (`ID(text)`, or `UUID(uuidString:)`).
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
        let folder = archiver.folder(for: Self.self)
        let directory = folder.directoryName
        let component = ArchiveFileName.component(for: directory)
        let id = resourceID.map { text(forResourceID: $0) }
        return AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let token = archiver.cache.addObserver(CacheState.Observer(
                directory: directory, component: component, id: id,
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
