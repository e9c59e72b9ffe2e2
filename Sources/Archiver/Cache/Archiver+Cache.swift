import Foundation

// The cache an app ships: a memory layer, expiry and a size limit, set per archiver. A type
// that wants settings of its own names an archiver of its own (``Archivable/archiver``).

extension Archiver {
    /// How much the memory layer keeps: at most `count` values and about `bytes` bytes, the
    /// estimate of a value being the size of its file.
    ///
    /// ```swift
    /// Archiver.default.memoryLimits = Archiver.MemoryLimits(count: 500, bytes: 8 << 20)
    /// ```
    public struct MemoryLimits: Sendable, Equatable {
        /// The most values kept.
        public var count: Int
        /// The most bytes kept, counting each value as the size of its file.
        public var bytes: Int

        /// Limits of your own.
        ///
        /// ```swift
        /// let limits = Archiver.MemoryLimits(count: 500, bytes: 8 << 20)  // 500 values, 8 MiB
        /// ```
        public init(count: Int, bytes: Int) {
            self.count = count
            self.bytes = bytes
        }
    }

    /// Keeps recently loaded values in memory, so that loading one again reads no file; `nil`
    /// (the default) keeps none.
    ///
    /// A value stays until the layer is full (the least recently used goes first), until it is
    /// stored, deleted or cleared through this archiver — by any spelling, 0.6's included — or
    /// until it expires (``maximumAge``). Writes by another process, or by another `Archiver`
    /// on the same folder, are not seen: a value they change is served from memory until it
    /// leaves. Class types are never kept, so that callers never share an instance.
    ///
    /// Off by default because it changes what a load returns after another process writes, and
    /// because it holds memory an app should size for itself.
    ///
    /// ```swift
    /// Archiver.default.memoryLimits = Archiver.MemoryLimits(count: 500, bytes: 8 << 20)
    /// let user = try User.load(resourceID: "abcd")  // reads the file
    /// let again = try User.load(resourceID: "abcd")  // from memory: no file is opened
    /// ```
    public var memoryLimits: MemoryLimits? {
        get { cache.current.memory }
        set { cache.update { $0.memory = newValue } }
    }

    /// How long an archive is kept after it was last stored, measured from its file's
    /// modification date (so files written by Archiver 0.6 or another process have an age too);
    /// `nil` (the default) keeps archives until they are deleted.
    ///
    /// An expired archive loads as `nil`: ``Archivable/init(resourceID:)`` returns `nil`, and
    /// ``Archivable/load(resourceID:in:)`` throws ``ArchiverError/expired(type:id:file:age:maximumAge:)``
    /// to say why. It is not listed, and it is removed when a load finds it;
    /// ``trim()`` removes them all.
    ///
    /// ```swift
    /// Archiver.default.maximumAge = 7 * 24 * 60 * 60  // a week
    /// ```
    public var maximumAge: TimeInterval? {
        get { cache.current.maximumAge }
        set { cache.update { $0.maximumAge = newValue } }
    }

    /// The most bytes this archiver's archives may take; `nil` (the default) sets no limit.
    ///
    /// After a store pushes the total over it, the least recently used archives (loaded or
    /// stored longest ago by this process, else modified longest ago) are removed in the
    /// background until the total is under it again; the archive just stored, and any being
    /// written, are never removed. The total counts every archive in the folder, written by this
    /// process or another. ``totalSize()`` reports it, ``trim()`` trims now.
    ///
    /// ```swift
    /// Archiver.default.maximumTotalSize = 50 << 20  // 50 MiB
    /// ```
    public var maximumTotalSize: Int? {
        get { cache.current.maximumTotalSize }
        set { cache.update { $0.maximumTotalSize = newValue } }
    }
}

// MARK: Hooks the storage layer calls

extension Archiver {
    /// The value remembered for `id` of `folder`; no file-system call.
    func rememberedValue<Value>(_ type: Value.Type, id: String) -> Value? {
        cache.value(type, id: id, now: Date())
    }

    /// Remembers a value just decoded from `file` (`size` bytes) at `generation`, and notes its use.
    func remember<Value>(_ value: Value, in folder: Folder, id: String, file: ArchiveFileLocation, size: Int, readAt generation: UInt64) {
        let settings = cache.current
        if settings.maximumTotalSize != nil { cache.used(file.path) }
        guard settings.memory != nil, !(Value.self is AnyClass) else { return }
        let modified = settings.maximumAge == nil ? nil : FileIO.attributes(of: file.path)?.modified
        cache.remember(value, cost: size, modified: modified, for: CacheState.Key(directory: folder.directoryName, id: id), readAt: generation)
    }

    /// Called before a store or delete of `id` changes files: takes the id's lock, which
    /// removals by expiry and eviction take too. Pair with ``endWrite(in:id:)``.
    func beginWrite(in folder: Folder, id: String) {
        cache.keyLock(for: id).lock()
    }

    /// Called after a store or delete of `id`, whether it succeeded or not: forgets the value in
    /// memory and releases the id's lock.
    func endWrite(in folder: Folder, id: String) {
        cache.invalidate(directory: folder.directoryName, id: id)
        cache.keyLock(for: id).unlock()
    }

    /// Called when `data` was stored for `id` at `url`.
    func didStore(in folder: Folder, id: String, url: URL, size: Int) {
        publish(.stored, folder: folder, id: id)
        if cache.current.maximumTotalSize != nil {
            cache.used(url.path)
            if cache.wrote(bytes: size) { scheduleTrim(sparing: url.path) }
        }
    }

    /// Called when the archive of `id` was deleted.
    func didDelete(in folder: Folder, id: String) {
        publish(.deleted, folder: folder, id: id)
    }

    /// Called after every archive of `folder`, or of every type when `nil`, was cleared, or an
    /// attempt to failed: forgets what memory held for it and says so to observers.
    func didClear(_ folder: Folder?) {
        cache.invalidate(directory: folder?.directoryName, id: nil)
        cache.publish(CacheState.RawChange(kind: .cleared, directory: folder?.directoryName,
                                           component: folder.flatMap { ArchiveFileName.component(for: $0.directoryName) }, id: nil))
    }

    private func publish(_ kind: CacheState.RawChange.Kind, folder: Folder, id: String) {
        cache.publish(CacheState.RawChange(kind: kind, directory: folder.directoryName,
                                           component: ArchiveFileName.component(for: folder.directoryName), id: id))
    }

    // MARK: Expiry

    /// The error for the archive at `file` if it has expired, after removing it; `nil` if it has not.
    func expiry(of file: ArchiveFileLocation, in folder: Folder, id: String) -> ArchiverError? {
        guard let maximumAge = cache.current.maximumAge else { return nil }
        let path = file.path
        guard let modified = FileIO.attributes(of: path)?.modified else { return nil }
        let age = Date().timeIntervalSince(modified)
        guard age > maximumAge else { return nil }
        removeIfUnchanged(path, modifiedAt: modified, in: folder, id: id)
        return .expired(type: folder.typeName, id: id, file: file.url, age: age, maximumAge: maximumAge)
    }

    /// A test of the names in `directory` that keeps those whose archives have not expired;
    /// keeps all when no ``maximumAge`` is set.
    func unexpiredNames(in directory: Place) -> (String) -> Bool {
        guard let maximumAge = cache.current.maximumAge else { return { _ in true } }
        let cutoff = Date().addingTimeInterval(-maximumAge)
        return { name in
            guard let modified = FileIO.attributes(of: directory.file(name).path)?.modified else { return true }
            return modified >= cutoff
        }
    }

    /// Removes the archives of every type that have expired (``maximumAge``), then the least
    /// recently used ones while the total is over ``maximumTotalSize``, now, and returns how many
    /// it removed.
    ///
    /// Loads remove expired archives one at a time as they find them, and stores trim to the size
    /// limit in the background; call this at launch or in a background task to reclaim the space
    /// of archives no load asks for, or after lowering a limit.
    ///
    /// ```swift
    /// Archiver.default.maximumAge = 7 * 24 * 60 * 60
    /// let removed = try Archiver.default.trim()
    /// ```
    ///
    /// - Throws: ``ArchiverError/fileSystem(operation:file:reason:)`` when a folder cannot be listed.
    @discardableResult
    public func trim() throws(ArchiverError) -> Int {
        let expired = try removeExpired()
        return expired + (try trim(sparing: nil))
    }

    /// Removes every archive of every type that has expired, and returns how many.
    @discardableResult
    func removeExpired() throws(ArchiverError) -> Int {
        guard let maximumAge = cache.current.maximumAge else { return 0 }
        let cutoff = Date().addingTimeInterval(-maximumAge)
        var removed = 0
        for file in try archiveFiles() where file.modified < cutoff {
            if removeArchiveFile(file, unlessModifiedAfter: file.modified) { removed += 1 }
        }
        return removed
    }

    /// Removes the archive of `id` at `file` unless it was written since `modified`, under the
    /// lock stores of `id` take, so that a store racing the removal is never lost.
    private func removeIfUnchanged(_ path: String, modifiedAt modified: Date, in folder: Folder, id: String) {
        let lock = cache.keyLock(for: id)
        lock.lock()
        defer { lock.unlock() }
        guard let now = FileIO.attributes(of: path), now.modified <= modified else { return }
        try? delete(in: folder, id: id)
        cache.forget(path)
    }

    // MARK: Size

    /// The bytes this archiver's archives take on disk now, counting files other processes wrote.
    ///
    /// ```swift
    /// let bytes = try Archiver.default.totalSize()  // 1_482_113
    /// ```
    ///
    /// - Throws: ``ArchiverError/fileSystem(operation:file:reason:)`` when a folder cannot be listed.
    public func totalSize() throws(ArchiverError) -> Int {
        try archiveFiles(includingIdentifiers: true).reduce(0) { $0 + $1.size }
    }

    /// Removes the least recently used archives until the total is under ``maximumTotalSize``,
    /// and returns how many it removed.
    @discardableResult
    func trimToSizeLimit() throws(ArchiverError) -> Int {
        try trim(sparing: nil)
    }

    private func trim(sparing spared: String?) throws(ArchiverError) -> Int {
        guard let limit = cache.current.maximumTotalSize else { return 0 }
        cache.trimHook?(.started)
        let files = try archiveFiles(includingIdentifiers: true)
        cache.trimHook?(.listed)
        var total = files.reduce(0) { $0 + $1.size }
        defer { cache.measured(total) }
        guard total > limit else { return 0 }
        let archives = files.filter { !$0.isIdentifier && $0.url.path != spared }
            .map { (file: $0, used: max(cache.lastUse(of: $0.url.path) ?? .distantPast, $0.modified)) }
            .sorted { $0.used < $1.used }
        var removed = 0
        for (file, _) in archives where total > limit {
            if removeArchiveFile(file, unlessModifiedAfter: file.modified) {
                total -= file.size + file.identifierSize
                removed += 1
            }
        }
        return removed
    }

    /// Trims on a background queue, once at a time; `spared` (the file just stored) stays.
    private func scheduleTrim(sparing spared: String) {
        cache.evictions.enter()
        DispatchQueue.global(qos: .utility).async { [self] in
            defer {
                cache.evictionFinished()
                cache.evictions.leave()
            }
            _ = try? trim(sparing: spared)
        }
    }

    /// Waits for background trims to finish, for tests.
    func waitForTrims() {
        cache.evictions.wait()
    }

    // MARK: Files

    struct ArchiveFile {
        var url: URL
        var folderComponent: String
        var stem: String
        var size: Int
        var modified: Date
        var isIdentifier: Bool
        /// For a hashed archive, the size of the id file beside it.
        var identifierSize = 0
    }

    /// Every archive file (and, if asked, id file) in this archiver's type folders.
    private func archiveFiles(includingIdentifiers: Bool = false) throws(ArchiverError) -> [ArchiveFile] {
        guard let root = archiveDirectoryURL else { return [] }
        let folders: [String]
        do {
            folders = try FileIO.names(in: root.path).filter { !$0.hasPrefix(".") }
        } catch {
            throw Self.error(error, file: root)
        }
        var files: [ArchiveFile] = []
        for folder in folders {
            let directory = root.appendingPathComponent(folder, isDirectory: true)
            guard FileIO.isDirectory(directory.path) else { continue }
            let names: [String]
            do {
                names = try FileIO.names(in: directory.path)
            } catch {
                throw Self.error(error, file: directory)
            }
            let identifierSuffix = "." + ArchiveFileName.identifierExtension
            let archiveSuffix = "." + ArchiveFileName.fileExtension
            var identifierSizes: [String: Int] = [:]
            for name in names where !name.hasPrefix(".") {
                let isIdentifier = name.hasSuffix(identifierSuffix)
                guard isIdentifier || name.hasSuffix(archiveSuffix) else { continue }
                let url = directory.appendingPathComponent(name, isDirectory: false)
                guard let attributes = FileIO.attributes(of: url.path), attributes.isRegularFile else { continue }
                let stem = String(name.dropLast(isIdentifier ? identifierSuffix.count : archiveSuffix.count))
                if isIdentifier { identifierSizes[stem] = attributes.size }
                if isIdentifier && !includingIdentifiers { continue }
                files.append(ArchiveFile(url: url, folderComponent: folder, stem: stem, size: attributes.size,
                                         modified: attributes.modified, isIdentifier: isIdentifier))
            }
            for index in files.indices where files[index].folderComponent == folder && !files[index].isIdentifier {
                files[index].identifierSize = identifierSizes[files[index].stem] ?? 0
            }
        }
        return files
    }

    /// Removes an archive file (and the id file of a hashed one) found by a scan, unless it was
    /// written since the scan, under the lock stores of its id take; says observers and memory.
    private func removeArchiveFile(_ file: ArchiveFile, unlessModifiedAfter modified: Date) -> Bool {
        let directory = file.url.deletingLastPathComponent()
        let isHashed = ArchiveFileName.isHashed(file.stem)
        // A legacy name (0.6's, `007`) has no id of today's to lock by: its stem stands in.
        let text = isHashed ? hashedIdentifier(stem: file.stem, in: directory.path)
            : ArchiveFileName.identifier(forStem: file.stem, foldingCase: foldsCase())
        let lock = cache.keyLock(for: text ?? file.stem)
        lock.lock()
        defer { lock.unlock() }
        guard let now = FileIO.attributes(of: file.url.path), now.modified <= modified else { return false }
        do throws(FileIO.Failure) {
            if isHashed {
                folderLock.lock()
                defer { folderLock.unlock() }
                try FileIO.remove(named: file.url.lastPathComponent, in: directory.path)
                try FileIO.remove(named: file.stem + "." + ArchiveFileName.identifierExtension, in: directory.path)
            } else {
                try FileIO.remove(named: file.url.lastPathComponent, in: directory.path)
            }
        } catch {
            return false
        }
        cache.forget(file.url.path)
        cache.invalidate(directory: nil, id: text ?? file.stem)
        cache.publish(CacheState.RawChange(kind: .deleted, directory: nil, component: file.folderComponent, id: text))
        return true
    }
}
