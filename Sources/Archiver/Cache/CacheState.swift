import Foundation

/// What an ``Archiver`` keeps beside its files: the cache settings, the memory layer, the
/// observers of changes, the locks that keep removals by expiry and eviction off archives being
/// written, and each archive's last use and store by this process, for the size limit.
///
/// One per archiver. Every member is guarded by `lock`, except the key locks, which are their
/// own locks.
///
/// Folders are named by the path of the type folder (``Archiver/Paths/current``) and ids by their
/// canonical text (``Archiver/Folder/canonicalText(of:_:)``), everywhere: the memory layer, the
/// observers and the changes they are told of. A value is never served for another folder (a
/// type whose `directoryName` follows the signed-in account) or another spelling of its id.
final class CacheState: @unchecked Sendable {
    struct Settings {
        var memory: Archiver.MemoryLimits?
        var maximumAge: TimeInterval?
        var maximumTotalSize: Int?
    }

    /// A remembered value's place: its type folder's path and its id's canonical text.
    struct Key: Hashable {
        var folder: String
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
        /// The paths a hit is a use of, for the size limit: the file it was read from and, when
        /// that was a 0.6 name, the file of the id's name today, where a store through another
        /// archiver or process puts the value while this one still serves it from memory.
        let paths: [String]
        var tick: UInt64

        init(type: ObjectIdentifier, value: AnyObject, cost: Int, modified: Date?, paths: [String], tick: UInt64) {
            self.type = type
            self.value = value
            self.cost = cost
            self.modified = modified
            self.paths = paths
            self.tick = tick
        }
    }

    struct Observer {
        /// The path of the type folder it watches.
        var folder: String
        /// The canonical text of the id it watches; `nil` for all of its folder.
        var id: String?
        var deliver: @Sendable (RawChange) -> Void
    }

    /// A change as the storage layer knows it: ids as canonical text.
    struct RawChange: Sendable {
        enum Kind: Sendable { case stored, deleted, cleared }
        var kind: Kind
        /// The path of the type folder changed, or `nil` for a clear of every type.
        var folder: String?
        /// The canonical text of the id changed, or `nil` for a clear.
        var id: String?
    }

    /// This process's last load or store of an archive file, and its last store.
    struct Use {
        var date: Date
        /// The number of the last store of the file (``storeCount`` after it), or 0 if none.
        var store: UInt64
    }

    private let lock = NSLock()
    private var settings = Settings()
    private var entries: [Key: Entry] = [:]
    private var totalCost = 0
    private var tick: UInt64 = 0
    /// Bumped by every write: a load that read the disk before a write finished does not
    /// remember what it read.
    private(set) var generationUnlocked: UInt64 = 0
    private var observers: [UInt64: Observer] = [:]
    private var nextObserver: UInt64 = 0
    /// Each existing archive file's last use by this process, by path, while a size limit is set.
    private(set) var uses: [String: Use] = [:]
    /// Stores made by this archiver while a size limit is set: the number of the last one.
    private var storeCount: UInt64 = 0
    /// Bytes written while a size limit is set, ever: a trim adds what came since it listed.
    private var bytesWritten = 0
    /// Whether a background trim is scheduled or running, and whether a store came meanwhile.
    private var trimRunning = false
    private var storedDuringTrim = false
    /// The total size last measured plus what was written since, when a size limit is set.
    private var estimatedTotalSize: Int?
    private var lastMeasured: Date?
    let evictions = DispatchGroup()
    /// Where this archiver's background trims run, one at a time. A queue of its own rather than
    /// the shared utility queue: that one is as wide as the processors, and an app's blocking work
    /// there (or, in a test run, other tests') held trims back for as long as it lasted, leaving
    /// the folder over the limit meanwhile; a serial queue is given a thread of its own when none
    /// of the shared ones is free.
    let trimQueue = DispatchQueue(label: "Archiver.trims", qos: .utility)

    /// Locks that a store, a delete and a removal by expiry or eviction of the same id take, so
    /// that an archive is never removed while it is being written. Striped by id: two ids may
    /// share a lock, never one id two.
    private let keyLocks = (0 ..< 32).map { _ in NSRecursiveLock() }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The lock of the id whose canonical text is `id`.
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
            if settings.maximumTotalSize == nil {
                uses.removeAll()
                estimatedTotalSize = nil
            }
        }
    }

    // MARK: Expiry

    /// Whether a file modified at `modified` has expired at `now`: its age is its distance from
    /// now, so that a file dated in the future (a clock set back, a file copied from another
    /// machine) expires once it is `maximumAge` ahead, and with a `maximumAge` of 0 every file has.
    static func isExpired(modified: Date, now: Date, maximumAge: TimeInterval) -> Bool {
        abs(now.timeIntervalSince(modified)) >= maximumAge
    }

    // MARK: Memory

    var generation: UInt64 { withLock { generationUnlocked } }

    /// The value remembered for `key` of `type`, if it has not expired; no file-system call.
    /// A hit is a load like any other: with a size limit set, it is a use of the value's file,
    /// so that the values an app reads most are the last the limit removes.
    func value<Value>(_ type: Value.Type, at key: Key, now: () -> Date) -> Value? {
        withLock {
            guard settings.memory != nil, let entry = entries[key], entry.type == ObjectIdentifier(type) else { return nil }
            let maximumAge = settings.maximumAge, limited = settings.maximumTotalSize != nil
            let date = maximumAge != nil || limited ? now() : nil
            if let maximumAge, let modified = entry.modified, let date,
               Self.isExpired(modified: modified, now: date, maximumAge: maximumAge) {
                remove(key)
                return nil
            }
            if limited, let date { for path in entry.paths { noteUse(path, now: date) } }
            tick += 1
            entry.tick = tick
            // The entry was remembered for `Value`, as its type identifier, compared above, says.
            return InvariantCasts.downcast(entry.value, to: Box<Value>.self).value
        }
    }

    /// Remembers `value`, read at `generation` from the file at `paths[0]` (then the file of its
    /// id's name today, if another), unless a write came since.
    func remember<Value>(_ value: Value, cost: Int, modified: Date?, paths: [String], for key: Key, readAt generation: UInt64) {
        withLock {
            guard let limits = settings.memory, generation == generationUnlocked,
                  limits.count > 0, cost <= limits.bytes else { return }
            remove(key)
            tick += 1
            entries[key] = Entry(type: ObjectIdentifier(Value.self), value: Box(value), cost: cost, modified: modified, paths: paths, tick: tick)
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

    /// Forgets what is remembered for `id` in `folder`, or for every id of `folder` when `id` is
    /// `nil`, or everything when both are, and makes loads that started before this forget what
    /// they read.
    func invalidate(folder: String?, id: String?) {
        withLock {
            generationUnlocked &+= 1
            switch (folder, id) {
            case (let folder?, let id?): remove(Key(folder: folder, id: id))
            case (let folder?, nil): for key in entries.keys where key.folder == folder { remove(key) }
            case (nil, _): entries.removeAll(); totalCost = 0
            }
        }
    }

    var memoryUsage: (count: Int, bytes: Int) { withLock { (entries.count, totalCost) } }

    // MARK: Use and size

    /// Notes a load of the archive file at `path`.
    func used(_ path: String, now: Date = Date()) {
        withLock {
            guard settings.maximumTotalSize != nil else { return }
            noteUse(path, now: now)
        }
    }

    private func noteUse(_ path: String, now: Date) {
        uses[path, default: Use(date: now, store: 0)].date = now
    }

    /// Notes a store of `bytes` bytes to the archive file at `path`; returns whether a
    /// background trim is due and was not scheduled yet (the caller schedules it). A store made
    /// while one runs has it run again once it ends.
    func stored(_ path: String, bytes: Int, now: Date = Date()) -> Bool {
        withLock {
            guard let limit = settings.maximumTotalSize else { return false }
            storeCount += 1
            uses[path] = Use(date: now, store: storeCount)
            bytesWritten &+= bytes  // only differences are read: wrapping is harmless on a 32-bit Int
            if let estimate = estimatedTotalSize { estimatedTotalSize = estimate.addingSaturating(bytes) }
            if trimRunning {
                storedDuringTrim = true
                return false
            }
            let due = (estimatedTotalSize ?? .max) > limit || (lastMeasured.map { now.timeIntervalSince($0) > 60 } ?? true)
            guard due else { return false }
            trimRunning = true
            return true
        }
    }

    func lastUse(of path: String) -> Date? { withLock { uses[path]?.date } }

    /// Forgets the use of the archive file at `path`, which is gone.
    func forget(_ path: String) { withLock { _ = uses.removeValue(forKey: path) } }

    /// Forgets the uses of every archive file in the folder at `folder`, or in every folder.
    func forgetUses(inFolder folder: String?) {
        withLock {
            guard let folder else { return uses.removeAll() }
            let prefix = folder + "/"
            uses = uses.filter { !$0.key.hasPrefix(prefix) }
        }
    }

    /// Where a trim pass starts: what it must not remove is judged against it.
    struct TrimPass {
        /// Stores numbered above this came after the pass began.
        var storeCount: UInt64
        var bytesWritten: Int
        var began: Date
        /// Whether the archive this process stored last is spared (a background trim).
        var sparesLastStore: Bool
    }

    func beginTrimPass(sparingLastStore: Bool, now: Date = Date()) -> TrimPass {
        withLock { TrimPass(storeCount: storeCount, bytesWritten: bytesWritten, began: now, sparesLastStore: sparingLastStore) }
    }

    /// Whether the pass may not remove the file at `path`: this process stored it since the pass
    /// began, or it is the last store and the pass spares that.
    func isSpared(_ path: String, by pass: TrimPass) -> Bool {
        withLock {
            guard let store = uses[path]?.store, store > 0 else { return false }
            return store > pass.storeCount || (pass.sparesLastStore && store == storeCount)
        }
    }

    /// Ends a pass that found `total` bytes left of the files it listed (`listed`, by path):
    /// the estimate becomes that plus what was written since it began, and the uses of files no
    /// longer there, not used since it began, are forgotten.
    func endTrimPass(_ pass: TrimPass, total: Int, listed: Set<String>, now: Date = Date()) {
        withLock {
            estimatedTotalSize = total.addingSaturating(bytesWritten &- pass.bytesWritten)
            lastMeasured = now
            uses = uses.filter { listed.contains($0.key) || $0.value.date >= pass.began || $0.value.store > pass.storeCount }
        }
    }

    /// Called when a background pass ends: whether another is due (stores came while it ran
    /// and may have taken the folder over the limit); if not, the next store may schedule one.
    func backgroundTrimPassEnded() -> Bool {
        withLock {
            let again = storedDuringTrim && settings.maximumTotalSize.map { (estimatedTotalSize ?? .max) > $0 } == true
            storedDuringTrim = false
            if !again { trimRunning = false }
            return again
        }
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
                if let folder = change.folder, folder != observer.folder { return false }
                if let id = observer.id, let changed = change.id, id != changed { return false }
                return true
            }
        }
        for observer in matching { observer.deliver(change) }
    }
}

extension Int {
    /// `self + other`, or `Int.max` where the sum does not fit: sizes add up past a 32-bit `Int`
    /// (watchOS devices) once a file of 2 GiB or more is counted as `Int.max`.
    func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other < 0 ? Int.min : Int.max) : sum
    }
}
