import Foundation

/// What an ``Archiver`` keeps beside its files: the cache settings, the memory layer, the
/// observers of changes, the locks that keep removals by expiry and eviction off archives being
/// written, and when each archive was last used.
///
/// One per archiver. Every member is guarded by `lock`, except the key locks, which are their
/// own locks.
final class CacheState: @unchecked Sendable {
    struct Settings {
        var memory: Archiver.MemoryLimits?
        var maximumAge: TimeInterval?
        var maximumTotalSize: Int?
    }

    struct Key: Hashable {
        var directory: String
        var id: String
    }

    /// A remembered value, boxed so that a hit is a checked type identity and an unchecked
    /// downcast rather than a dynamic cast from `Any`.
    final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    final class Entry {
        let type: ObjectIdentifier
        let value: AnyObject
        let cost: Int
        let modified: Date?
        var tick: UInt64

        init(type: ObjectIdentifier, value: AnyObject, cost: Int, modified: Date?, tick: UInt64) {
            self.type = type
            self.value = value
            self.cost = cost
            self.modified = modified
            self.tick = tick
        }
    }

    struct Observer {
        /// The folder, unescaped and escaped, it watches; `nil` for all.
        var directory: String?
        var component: String?
        /// The id it watches; `nil` for all of its folder.
        var id: String?
        var deliver: @Sendable (RawChange) -> Void
    }

    /// A change as the storage layer knows it: ids as text.
    struct RawChange: Sendable {
        enum Kind: Sendable { case stored, deleted, cleared }
        var kind: Kind
        /// The folder's name as types give it, when known; its escaped file-system name always,
        /// or `nil` for a clear of every type.
        var directory: String?
        var component: String?
        var id: String?
    }

    private let lock = NSLock()
    private var settings = Settings()
    private var entries: [Key: Entry] = [:]
    /// Each remembered type's folder name, so that a hit does not compute it (`String(describing:)`).
    private var directoryNames: [ObjectIdentifier: String] = [:]
    private var totalCost = 0
    private var tick: UInt64 = 0
    /// Bumped by every write: a load that read the disk before a write finished does not
    /// remember what it read.
    private(set) var generationUnlocked: UInt64 = 0
    private var observers: [UInt64: Observer] = [:]
    private var nextObserver: UInt64 = 0
    /// When this process last loaded or stored each archive file, by path, for eviction.
    private var lastUse: [String: Date] = [:]
    private var evictionScheduled = false
    /// The total size last measured plus what was written since, when a size limit is set.
    private var estimatedTotalSize: Int?
    private var lastMeasured: Date?
    let evictions = DispatchGroup()

    /// Locks that a store, a delete and a removal by expiry or eviction of the same id take, so
    /// that an archive is never removed while it is being written. Striped by id: two ids may
    /// share a lock, never one id two.
    private let keyLocks = (0 ..< 32).map { _ in NSRecursiveLock() }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func keyLock(for id: String) -> NSRecursiveLock {
        var hasher = Hasher()
        hasher.combine(id)
        return keyLocks[Int(UInt(bitPattern: hasher.finalize()) % UInt(keyLocks.count))]
    }

    // MARK: Settings

    var current: Settings { withLock { settings } }

    func update(_ body: (inout Settings) -> Void) {
        withLock {
            let maximumAge = settings.maximumAge
            body(&settings)
            // Values remembered without a modification date cannot be checked against a new age.
            if settings.memory == nil || settings.maximumAge != maximumAge {
                entries.removeAll()
                totalCost = 0
            } else {
                trimMemory()
            }
            if settings.maximumTotalSize == nil { lastUse.removeAll() }
        }
    }

    // MARK: Memory

    var generation: UInt64 { withLock { generationUnlocked } }

    /// The value remembered for `id` of `type`, if it has not expired; no file-system call.
    func value<Value>(_ type: Value.Type, id: String, now: @autoclosure () -> Date) -> Value? {
        withLock {
            let identity = ObjectIdentifier(type)
            guard settings.memory != nil, let directory = directoryNames[identity] else { return nil }
            let key = Key(directory: directory, id: id)
            guard let entry = entries[key], entry.type == identity else { return nil }
            if let maximumAge = settings.maximumAge, let modified = entry.modified,
               now().timeIntervalSince(modified) > maximumAge {
                remove(key)
                return nil
            }
            tick += 1
            entry.tick = tick
            return unsafeDowncast(entry.value, to: Box<Value>.self).value
        }
    }

    /// Remembers `value`, read from a file at `generation`, unless a write came since.
    func remember<Value>(_ value: Value, cost: Int, modified: Date?, for key: Key, readAt generation: UInt64) {
        withLock {
            guard let limits = settings.memory, generation == generationUnlocked,
                  limits.count > 0, cost <= limits.bytes else { return }
            let identity = ObjectIdentifier(Value.self)
            directoryNames[identity] = key.directory
            remove(key)
            tick += 1
            entries[key] = Entry(type: identity, value: Box(value), cost: cost, modified: modified, tick: tick)
            totalCost += cost
            trimMemory()
        }
    }

    private func remove(_ key: Key) {
        if let old = entries.removeValue(forKey: key) { totalCost -= old.cost }
    }

    /// Drops the least recently used entries, a tenth more than needed at a time so that a full
    /// layer does not sort on every insertion, until under both limits.
    private func trimMemory() {
        guard let limits = settings.memory else { return }
        guard entries.count > limits.count || totalCost > limits.bytes else { return }
        let keep = max(0, min(limits.count, entries.count) - max(1, limits.count / 10))
        for (key, _) in entries.sorted(by: { $0.value.tick < $1.value.tick }) {
            guard entries.count > keep || totalCost > limits.bytes else { break }
            remove(key)
        }
    }

    /// Forgets what is remembered for `id` in `directory` (any folder when `nil`), or everything
    /// when `id` is `nil` too, and makes loads that started before this forget what they read.
    func invalidate(directory: String?, id: String?) {
        withLock {
            generationUnlocked &+= 1
            switch (directory, id) {
            case (let directory?, let id?): remove(Key(directory: directory, id: id))
            case (nil, let id?): for key in entries.keys where key.id == id { remove(key) }
            case (let directory?, nil): for key in entries.keys where key.directory == directory { remove(key) }
            case (nil, nil): entries.removeAll(); totalCost = 0
            }
        }
    }

    var memoryUsage: (count: Int, bytes: Int) { withLock { (entries.count, totalCost) } }

    // MARK: Use and size

    func used(_ path: String, now: Date = Date()) {
        withLock { if settings.maximumTotalSize != nil { lastUse[path] = now } }
    }

    func lastUse(of path: String) -> Date? { withLock { lastUse[path] } }

    /// How many files' uses are recorded, for tests.
    var useRecordCount: Int { withLock { lastUse.count } }

    func forget(_ path: String) { withLock { _ = lastUse.removeValue(forKey: path) } }

    /// Adds `delta` bytes to the estimated total; returns whether a check of the limit is due
    /// (the estimate is over it, unknown, or a minute old) and none is scheduled yet.
    func wrote(bytes delta: Int, now: Date = Date()) -> Bool {
        withLock {
            guard let limit = settings.maximumTotalSize else { return false }
            if let estimate = estimatedTotalSize { estimatedTotalSize = estimate + delta }
            let due = (estimatedTotalSize ?? .max) > limit || (lastMeasured.map { now.timeIntervalSince($0) > 60 } ?? true)
            guard due, !evictionScheduled else { return false }
            evictionScheduled = true
            return true
        }
    }

    func measured(_ total: Int, now: Date = Date()) {
        withLock {
            estimatedTotalSize = total
            lastMeasured = now
        }
    }

    func evictionFinished() { withLock { evictionScheduled = false } }

    /// The moments of a trim pass a test may hold it at.
    enum TrimMoment: Sendable { case started, listed }

    private var trimHookStorage: (@Sendable (TrimMoment) -> Void)?

    /// Called at each moment of each trim pass, for tests that hold a trim while they store.
    var trimHook: (@Sendable (TrimMoment) -> Void)? {
        get { withLock { trimHookStorage } }
        set { withLock { trimHookStorage = newValue } }
    }

    // MARK: Observers

    func addObserver(_ observer: Observer) -> UInt64 {
        withLock {
            nextObserver += 1
            observers[nextObserver] = observer
            return nextObserver
        }
    }

    func removeObserver(_ token: UInt64) {
        withLock { _ = observers.removeValue(forKey: token) }
    }

    /// Hands `change` to each observer it concerns, outside the lock.
    func publish(_ change: RawChange) {
        let matching = withLock {
            observers.values.filter { observer in
                if let component = observer.component, let changed = change.component, component != changed { return false }
                if let id = observer.id, let changed = change.id, id != changed { return false }
                return true
            }
        }
        for observer in matching { observer.deliver(change) }
    }
}
