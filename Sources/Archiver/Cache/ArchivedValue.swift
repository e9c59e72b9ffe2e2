import Foundation
import Observation

/// One stored value, kept up to date as this process stores and deletes it, for a SwiftUI view
/// to hold.
///
/// It loads the value in the background when made, and again after each change
/// (``Archivable/changes(of:in:)``); ``value`` is `nil` while nothing is stored, and ``error``
/// says why when the file cannot be read. Decoding runs off the main actor, so the model's
/// conformance must not be isolated to it: in an app target, declare the model `nonisolated`.
///
/// ```swift
/// struct ProfileView: View {
///     @State private var user = ArchivedValue<User>(resourceID: "abcd")
///     var body: some View {
///         Text(user.value?.name ?? "…")
///     }
/// }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class ArchivedValue<Value: Archivable & SendableMetatype> {
    /// The stored value, or `nil` while none is stored (or it has not loaded yet).
    public private(set) var value: Value?
    /// Why the last load failed, or `nil` if it succeeded.
    public private(set) var error: ArchiverError?
    /// The id of the value.
    let resourceID: Value.ID

    @ObservationIgnored private let archiver: Archiver
    @ObservationIgnored private let updates = UpdateTask()

    /// Watches the value stored under `resourceID`.
    ///
    /// ```swift
    /// let user = ArchivedValue<User>(resourceID: "abcd")
    /// ```
    public init(resourceID: Value.ID, in archiver: Archiver = Value.archiver) {
        self.resourceID = resourceID
        self.archiver = archiver
        let changes = Value.changes(of: resourceID, in: archiver)
        updates.reload(self, on: changes) { await $0.reload() }
    }

    deinit {
        updates.cancel()
    }

    /// Loads the value again, as after a change; call it after another process may have written.
    ///
    /// ```swift
    /// await user.reload()
    /// ```
    public func reload() async {
        do {
            value = try await Value.loadInBackground(resourceID: resourceID, in: archiver)
            error = nil
        } catch {
            value = nil
            self.error = error
        }
    }
}

/// Every stored value of a type, sorted by id, kept up to date as this process stores and deletes
/// them, for a SwiftUI list to hold.
///
/// ```swift
/// struct UsersView: View {
///     @State private var users = ArchivedValues<User>()
///     var body: some View {
///         List(users.values, id: \.id) { Text($0.name) }
///     }
/// }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class ArchivedValues<Value: Archivable & SendableMetatype> {
    /// The values that load, sorted by id.
    public private(set) var values: [Value] = []
    /// The files that did not load at the last load, and why; or the error listing the folder.
    public private(set) var failures: [ArchiverError] = []

    @ObservationIgnored private let archiver: Archiver
    @ObservationIgnored private let updates = UpdateTask()

    /// Watches every stored value of `Value`.
    ///
    /// ```swift
    /// let users = ArchivedValues<User>()
    /// ```
    public init(in archiver: Archiver = Value.archiver) {
        self.archiver = archiver
        let changes = Value.changes(in: archiver)
        updates.reload(self, on: changes) { await $0.reload() }
    }

    deinit {
        updates.cancel()
    }

    /// Loads the values again, as after a change.
    ///
    /// ```swift
    /// await users.reload()
    /// ```
    public func reload() async {
        var failures: [ArchiverError] = []
        do {
            values = try await Value.loadAllInBackground(in: archiver, failures: &failures)
        } catch {
            values = []
            failures.append(error)
        }
        self.failures = failures
    }
}

/// The task that keeps an ``ArchivedValue`` or ``ArchivedValues`` up to date, cancelled when the
/// object goes (a nonisolated `deinit` may touch it: it is `Sendable`).
final class UpdateTask: Sendable {
    private let current = Locked<Task<Void, Never>?>(nil)

    private var task: Task<Void, Never>? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    func cancel() {
        current.withLock { $0?.cancel() }
    }

    /// Has `owner` reload now and after each of `changes`, for as long as it lives.
    @MainActor
    func reload<Owner: AnyObject & Sendable, Change>(
        _ owner: Owner, on changes: AsyncStream<Change>, _ reload: @escaping @MainActor (Owner) async -> Void
    ) {
        task = Task { [weak owner] in
            if let owner { await reload(owner) }
            for await _ in changes {
                guard let owner else { return }
                await reload(owner)
            }
        }
    }
}
