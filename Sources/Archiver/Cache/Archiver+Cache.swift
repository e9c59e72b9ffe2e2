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
    /// A value is kept under its type folder's path and its id's canonical text, so it is never
    /// served for another folder (a type whose ``Archivable/directoryName`` follows the signed-in
    /// account) nor for another id. It stays until the layer is full (the least recently used
    /// goes first); until it is stored, deleted or cleared through this archiver — by any
    /// spelling, 0.6's and the `InBackground` forms included — or removed by expiry or the size
    /// limit, each of which forgets it before observers are told and before the call returns;
    /// until it expires (``maximumAge``, from its file's date when it was read); or until this
    /// property is set to `nil` or ``maximumAge`` changes, which empty the layer. Writes by
    /// another process, or by another `Archiver` on the same folder, are not seen: a value they
    /// change or delete is served from memory until it leaves (a value not in memory is read
    /// from its file). Class types are never kept, so that callers never share an instance.
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
    /// An archive has expired once its age reaches `maximumAge`: with 0, every archive has. A
    /// file dated in the future (a clock set back, a file copied from another machine) has the
    /// age of its distance from now, so it expires once it is `maximumAge` ahead, and no archive
    /// outlives twice `maximumAge` from now whatever its date.
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
    /// After a store pushes the total over it, the least recently used archives (loaded, from
    /// the memory layer too, or stored longest ago by this process, else modified longest ago, a
    /// date in the future counting as now) are removed in the background until the total is under
    /// it again. A long id's `.id` file counts with its archive. A trim
    /// never removes an archive this process stored after the trim began, nor the archive it
    /// stored last, nor one written or replaced since the trim listed the folder (by any process).
    /// Stores made while a trim runs have it run again once it ends, so once the stores stop the
    /// total is under the limit (unless the archive stored last is larger than it on its own).
    /// The total counts every archive in the folder, written by this process or another.
    /// ``totalSize()`` reports it, ``trim()`` trims now.
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

extension Archiver.Folder {
    /// The folder's name in the memory layer and to observers: the path of its type folder, so
    /// that a type whose `directoryName` changes (a folder per signed-in account) never meets a
    /// value or a change of another folder. Empty for a folder with no archive directory, where
    /// nothing is stored.
    var cachePath: String { paths?.current.path ?? "" }
}

extension Archiver {
    /// The value remembered for `id` (its canonical text) in `folder`; no file-system call.
    func rememberedValue<Value>(_ type: Value.Type, in folder: Folder, id: String) -> Value? {
        cache.value(type, at: CacheState.Key(folder: folder.cachePath, id: id), now: Date.init)
    }

    /// Remembers a value just decoded from `file` (`size` bytes) at `generation`, and notes its use.
    func remember<Value>(_ value: Value, in folder: Folder, id: String, file: ArchiveFileLocation, size: Int, readAt generation: UInt64) {
        let settings = cache.current
        if settings.maximumTotalSize != nil { cache.used(file.path) }
        guard settings.memory != nil, !(Value.self is AnyClass) else { return }
        let modified = settings.maximumAge == nil ? nil : FileIO.attributes(of: file.path, hooks: testHooks)?.modified
        // A file under a 0.6 name (`007.plist`) is replaced under today's (`7.plist`) by the next
        // store of the id, maybe through another archiver or process, which leaves this one's
        // memory as it is: a hit then uses the new file, which must not go first for the size limit.
        var paths = [file.path]
        if let stem = ArchiveFileName.stem(for: id, foldingCase: foldsCase(folder))?.stem {
            let today = file.directory.file(stem + "." + ArchiveFileName.fileExtension).path
            if today != file.path { paths.append(today) }
        }
        cache.remember(value, cost: size, modified: modified, paths: paths, for: CacheState.Key(folder: folder.cachePath, id: id), readAt: generation)
    }

    /// Called before a store or delete of `id` changes files: takes the id's lock, which
    /// removals by expiry and eviction take too. Pair with ``endWrite(in:id:)``.
    func beginWrite(in folder: Folder, id: String) {
        cache.keyLock(for: id).lock()
    }

    /// Called after a store or delete of `id`, whether it succeeded or not: forgets the value in
    /// memory (again, for one that failed part way) and releases the id's lock.
    func endWrite(in folder: Folder, id: String) {
        cache.invalidate(folder: folder.cachePath, id: id)
        cache.keyLock(for: id).unlock()
    }

    /// Called when `id` was stored at `url`, in files of `size` bytes (the archive, and the `.id`
    /// file of a hashed name): forgets the old value in memory before observers are told, so that
    /// a load made on the change finds the new one, and tells them before it schedules the trim the
    /// store may make due, so that they hear the store before anything that trim removes.
    func didStore(in folder: Folder, id: String, url: URL, size: Int) {
        cache.invalidate(folder: folder.cachePath, id: id)
        let trimDue = cache.stored(url.path, bytes: size)
        publish(.stored, folder: folder, id: id)
        if trimDue { scheduleTrim() }
    }

    /// Called when the archive of `id` was deleted from `file` (and its legacy names): forgets
    /// the value in memory and its use, then tells observers.
    func didDelete(in folder: Folder, id: String, file: ArchiveFileLocation) {
        cache.invalidate(folder: folder.cachePath, id: id)
        cache.forget(file.path)
        publish(.deleted, folder: folder, id: id)
    }

    /// Called after every archive of `folder`, or of every type when `nil`, was cleared, or an
    /// attempt to failed: forgets what memory held for it and its uses, and says so to observers.
    func didClear(_ folder: Folder?) {
        cache.invalidate(folder: folder?.cachePath, id: nil)
        cache.forgetUses(inFolder: folder?.cachePath)
        cache.publish(CacheState.RawChange(kind: .cleared, folder: folder?.cachePath, id: nil))
    }

    private func publish(_ kind: CacheState.RawChange.Kind, folder: Folder, id: String) {
        cache.publish(CacheState.RawChange(kind: kind, folder: folder.cachePath, id: id))
    }

    // MARK: Expiry

    /// The error for the archive at `file` if it has expired, after removing it; `nil` if it has not.
    func expiry(of file: ArchiveFileLocation, in folder: Folder, id: String) -> ArchiverError? {
        guard let maximumAge = cache.current.maximumAge else { return nil }
        guard let found = FileIO.attributes(of: file.path, hooks: testHooks) else { return nil }
        let now = Date()
        guard CacheState.isExpired(modified: found.modified, now: now, maximumAge: maximumAge) else { return nil }
        removeIfUnchanged(file, found: found, in: folder, id: id)
        return .expired(type: folder.typeName, id: id, file: file.url, age: now.timeIntervalSince(found.modified), maximumAge: maximumAge)
    }

    /// A test of the names in `directory` that keeps those whose archives have not expired;
    /// keeps all when no ``maximumAge`` is set.
    func unexpiredNames(in directory: Place) -> (String) -> Bool {
        guard let maximumAge = cache.current.maximumAge else { return { _ in true } }
        let now = Date(), hooks = testHooks
        return { name in
            guard let modified = FileIO.attributes(of: directory.file(name).path, hooks: hooks)?.modified else { return true }
            return !CacheState.isExpired(modified: modified, now: now, maximumAge: maximumAge)
        }
    }

    /// Removes the archives of every type that have expired (``maximumAge``), then the least
    /// recently used ones while the total is over ``maximumTotalSize``, now, and returns how many
    /// it removed. An archive stored after it began is never removed.
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
        return expired + (try trimPass(sparingLastStore: false))
    }

    /// Removes every archive of every type that has expired, and returns how many.
    @discardableResult
    func removeExpired() throws(ArchiverError) -> Int {
        guard let maximumAge = cache.current.maximumAge else { return 0 }
        let now = Date()
        var removed = 0
        for file in try archiveFiles() where CacheState.isExpired(modified: file.modified, now: now, maximumAge: maximumAge) {
            if removeArchiveFile(file, sparedBy: nil) { removed += 1 }
        }
        return removed
    }

    /// Removes the expired archive of `id` at `file`, found as `found`, unless it was written
    /// since, under the lock stores of `id` take, so that a store racing the removal is never lost.
    private func removeIfUnchanged(_ file: ArchiveFileLocation, found: FileIO.Attributes, in folder: Folder, id: String) {
        let lock = cache.keyLock(for: id)
        lock.lock()
        defer { lock.unlock() }
        guard let now = FileIO.attributes(of: file.path, hooks: testHooks), now.isSameFile(as: found) else { return }
        try? delete(in: folder, id: id)
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
        try archiveFiles(includingIdentifiers: true).reduce(0) { $0.addingSaturating($1.size) }
    }

    /// Removes the least recently used archives until the total is under ``maximumTotalSize``,
    /// and returns how many it removed.
    @discardableResult
    func trimToSizeLimit() throws(ArchiverError) -> Int {
        try trimPass(sparingLastStore: false)
    }

    /// Lists every folder and removes archives, least recently used first, while the total is
    /// over the limit. A file goes only if it is as the listing found it and this process has not
    /// stored it since the pass began; a background pass spares the archive stored last too.
    /// Least recently used: loaded or stored longest ago by this process, else modified longest
    /// ago (a date in the future counts as now), then by path.
    private func trimPass(sparingLastStore: Bool) throws(ArchiverError) -> Int {
        guard let limit = cache.current.maximumTotalSize else { return 0 }
        let pass = cache.beginTrimPass(sparingLastStore: sparingLastStore)
        testHooks?.onTrim?(.started)
        let files = try archiveFiles(includingIdentifiers: true)
        testHooks?.onTrim?(.listed)
        var total = files.reduce(0) { $0.addingSaturating($1.size) }
        var removed = 0
        if total > limit {
            let now = Date()
            var archives: [(file: ArchiveFile, used: Date, path: String)] = []
            for file in files where !file.isIdentifier {
                let path = file.url.path
                let modified = min(file.modified, now)
                archives.append((file, max(cache.lastUse(of: path) ?? .distantPast, modified), path))
            }
            archives.sort { $0.used != $1.used ? $0.used < $1.used : $0.path < $1.path }
            for (file, _, _) in archives where total > limit {
                if removeArchiveFile(file, sparedBy: pass) {
                    total = total.addingSaturating(-file.size.addingSaturating(file.identifierSize))
                    removed += 1
                }
            }
        }
        cache.endTrimPass(pass, total: total, listed: Set(files.lazy.filter { !$0.isIdentifier }.map(\.url.path)))
        return removed
    }

    /// Trims on this archiver's trim queue, one trim at a time, and again while stores made
    /// during a pass may have taken the folder over the limit: once the stores stop, the limit holds.
    private func scheduleTrim() {
        cache.evictions.enter()
        cache.trimQueue.async { [self] in
            defer { cache.evictions.leave() }
            repeat {
                _ = try? trimPass(sparingLastStore: true)
            } while cache.backgroundTrimPassEnded()
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
        var attributes: FileIO.Attributes
        var isIdentifier: Bool
        /// For a hashed archive, the size of the id file beside it.
        var identifierSize = 0
    }

    /// Every archive file (and, if asked, id file) in this archiver's type folders.
    private func archiveFiles(includingIdentifiers: Bool = false) throws(ArchiverError) -> [ArchiveFile] {
        guard let root = archiveDirectoryURL else { return [] }
        let folders: [String]
        do {
            folders = try FileIO.names(in: root.path, hooks: testHooks).filter { !$0.hasPrefix(".") }
        } catch {
            throw Self.error(error, file: root)
        }
        var files: [ArchiveFile] = []
        for folder in folders {
            let directory = root.appendingPathComponent(folder, isDirectory: true)
            guard FileIO.isDirectory(directory.path, hooks: testHooks) else { continue }
            let names: [String]
            do {
                names = try FileIO.names(in: directory.path, hooks: testHooks)
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
                guard let attributes = FileIO.attributes(of: url.path, hooks: testHooks), attributes.isRegularFile else { continue }
                let stem = String(name.dropLast(isIdentifier ? identifierSuffix.count : archiveSuffix.count))
                if isIdentifier { identifierSizes[stem] = attributes.size }
                if isIdentifier && !includingIdentifiers { continue }
                files.append(ArchiveFile(url: url, folderComponent: folder, stem: stem, size: attributes.size,
                                         modified: attributes.modified, attributes: attributes, isIdentifier: isIdentifier))
            }
            for index in files.indices where files[index].folderComponent == folder && !files[index].isIdentifier {
                files[index].identifierSize = identifierSizes[files[index].stem] ?? 0
            }
        }
        return files
    }

    /// Removes an archive file (and the id file of a hashed one) found by a scan, unless it is no
    /// longer the file the scan found or `pass` spares it, under the lock stores of its id take;
    /// then forgets it in memory and tells observers, under the id's canonical text.
    private func removeArchiveFile(_ file: ArchiveFile, sparedBy pass: CacheState.TrimPass?) -> Bool {
        let directory = file.url.deletingLastPathComponent()
        let folder = knownFolder(at: directory.path, component: file.folderComponent)
        let isHashed = ArchiveFileName.isHashed(file.stem)
        let id = isHashed ? hashedIdentifier(stem: file.stem, in: directory.path).map { folder.canonicalText($0) ?? $0 }
            : Self.listedID(ofStem: file.stem, in: folder, foldingCase: foldsCase())
        // A name that reads as no id has no store to race: its stem stands in for the lock.
        let lock = cache.keyLock(for: id ?? file.stem)
        lock.lock()
        defer { lock.unlock() }
        guard let now = FileIO.attributes(of: file.url.path, hooks: testHooks), now.isSameFile(as: file.attributes) else { return false }
        if let pass, cache.isSpared(file.url.path, by: pass) { return false }
        do throws(FileIO.Failure) {
            if isHashed {
                folderLock.lock()
                defer { folderLock.unlock() }
                try FileIO.remove(named: file.url.lastPathComponent, in: directory.path, hooks: testHooks)
                try FileIO.remove(named: file.stem + "." + ArchiveFileName.identifierExtension, in: directory.path, hooks: testHooks)
            } else {
                try FileIO.remove(named: file.url.lastPathComponent, in: directory.path, hooks: testHooks)
            }
        } catch {
            return false
        }
        cache.forget(file.url.path)
        cache.invalidate(folder: directory.path, id: id)
        cache.publish(CacheState.RawChange(kind: .deleted, folder: directory.path, id: id))
        return true
    }
}
