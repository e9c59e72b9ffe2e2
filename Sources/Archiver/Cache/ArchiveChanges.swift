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

/// The changes made through an archiver to one type's values, or to one value, as an
/// `AsyncSequence` of ``ArchiveChange``s that ends when the task iterating it is cancelled.
///
/// It sees every store, delete and clear made in this process through the archiver — by any
/// spelling, 0.6's included, and the removals of expiry and the size limit — from the moment
/// it is made. Writes by other processes are not seen.
///
/// ```swift
/// let changes = User.changes(of: "abcd")
/// for await change in changes { reload() }
/// ```
public struct ArchiveChanges<Value: Archivable>: AsyncSequence, Sendable {
    let stream: AsyncStream<CacheState.RawChange>

    init(archiver: Archiver, resourceID: Value.ID?) {
        let folder = archiver.folder(for: Value.self)
        let observer = (
            directory: folder.directoryName,
            component: ArchiveFileName.component(for: folder.directoryName),
            id: resourceID.map { Value.text(forResourceID: $0) }
        )
        stream = AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let token = archiver.cache.addObserver(CacheState.Observer(
                directory: observer.directory, component: observer.component, id: observer.id,
                deliver: { continuation.yield($0) }
            ))
            continuation.onTermination = { _ in archiver.cache.removeObserver(token) }
        }
    }

    /// An iterator over the changes.
    ///
    /// ```swift
    /// var iterator = User.changes().makeAsyncIterator()
    /// let first = await iterator.next()
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<CacheState.RawChange>.Iterator

        /// The next change, or `nil` once the task is cancelled.
        ///
        /// ```swift
        /// let change = await iterator.next()  // .stored("abcd")
        /// ```
        /// Ids are read back from their file names' text (`ID(text)`, or `UUID(uuidString:)`).
        public mutating func next() async -> ArchiveChange<Value.ID>? {
            while let raw = await base.next() {
                switch raw.kind {
                case .cleared:
                    return .cleared
                case .stored, .deleted:
                    guard let text = raw.id, let id = Value.resourceID(fromText: text) else { continue }
                    return raw.kind == .stored ? .stored(id) : .deleted(id)
                }
            }
            return nil
        }
    }

    /// An iterator over the changes.
    ///
    /// ```swift
    /// var iterator = User.changes().makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator())
    }
}

extension Archivable {
    /// The changes this process makes from now on to the stored values of this type, or, given
    /// a `resourceID`, to the value stored under it (and clears of the whole type).
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
    public static func changes(of resourceID: ID? = nil, in archiver: Archiver = Self.archiver) -> ArchiveChanges<Self> {
        ArchiveChanges(archiver: archiver, resourceID: resourceID)
    }
}
