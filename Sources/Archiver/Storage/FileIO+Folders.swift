import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// File operations inside the archive root that never follow a symbolic link.
///
/// Each works relative to a descriptor of its folder, opened with `O_NOFOLLOW | O_DIRECTORY`, and
/// opens or removes the file itself without following it either. A type folder or `.staging`
/// that is a link (planted, or left by another program) is refused with an error naming it, so
/// nothing outside the root is read, written or deleted through it. A link in the place of an
/// archive file is read as "not a regular file", and a store or delete replaces or removes the
/// link itself, never what it points to.
extension FileIO {
    static let symbolicLinkReason = "is a symbolic link, not a folder"

    /// A descriptor of the folder at `path`, for the `*at` calls; the caller closes it. A test's
    /// `hooks` count the open.
    ///
    /// - Throws: ``Failure/missingDirectory`` when there is no folder there, and a failure
    ///   naming `path` when it is a link or a file.
    static func openDirectory(_ path: String, hooks: TestHooks?) throws(Failure) -> Int32 {
        hooks?.countFileSystemCall()
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor < 0 else { return descriptor }
        let code = errno
        switch code {
        case ENOENT:
            throw .missingDirectory
        case ELOOP, ENOTDIR:
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                throw .system(operation: "use", path: path, reason: symbolicLinkReason)
            }
            if code == ENOTDIR, lstat(path, &status) != 0 { throw .missingDirectory }
            throw .system(operation: "use", path: path, reason: "is not a folder")
        default:
            throw .system(operation: "open", path: path, code: code)
        }
    }

    /// Writes `data` as `name` in `directory` atomically, staging it in `stagingDirectory`; when
    /// the two are on different volumes (a type folder that is a mount point), staging it beside
    /// the destination instead, as a hidden `.<name>.tmp` the sweep knows. With `durable`, the
    /// file's bytes are ordered before the rename (``Flush/ordered``),
    /// and the folder's entry after it, so that a store that returned survives a power loss.
    static func writeAtomically(
        _ data: Data, named name: String, in directory: String, stagingDirectory: String, durable: Bool, hooks: TestHooks?
    ) throws(Failure) {
        let folder = try openDirectory(directory, hooks: hooks)
        defer { close(folder) }
        let staging = try openDirectory(stagingDirectory, hooks: hooks)
        defer { close(staging) }
        if hooks?.foldsCase == true { try simulatedFoldingReplace(name, in: folder, path: directory) }
        let temporary = temporaryName()
        try writeNew(data, named: temporary, in: staging, path: stagingDirectory, durable: durable)
        if renameat(staging, temporary, folder, name) == 0 {
            if durable { try syncFolder(folder, path: directory) }
            return
        }
        let code = errno
        unlinkat(staging, temporary, 0)
        guard code == EXDEV else {
            throw code == ENOENT ? .missingDirectory : .system(operation: "rename", path: directory + "/" + name, code: code)
        }
        let beside = "." + temporary
        try writeNew(data, named: beside, in: folder, path: directory, durable: durable)
        guard renameat(folder, beside, folder, name) == 0 else {
            let code = errno
            unlinkat(folder, beside, 0)
            throw code == ENOENT ? .missingDirectory : .system(operation: "rename", path: directory + "/" + name, code: code)
        }
        if durable { try syncFolder(folder, path: directory) }
    }

    /// A name no other write uses: a UUID's text made of 128 bits from the system generator (one
    /// `getrandom` or `arc4random` call, where `UUID()` opens and reads `/dev/urandom`), and `.tmp`.
    static func temporaryName() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next(), low = generator.next()
        let bytes = (0 ..< 16).map { UInt8(truncatingIfNeeded: ($0 < 8 ? high : low) >> (8 * ($0 % 8))) }
        let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return uuid.uuidString + ".tmp"
    }

    /// How far a flush goes.
    enum Flush {
        /// The file's bytes reach the disk before anything the process writes after them (the
        /// rename that publishes the file): `F_BARRIERFSYNC` on Apple platforms, an ordering
        /// barrier that does not wait for the drive's cache; `fsync` elsewhere.
        case ordered
        /// Everything written so far is on the disk, the drive's cache included: `F_FULLFSYNC`
        /// on Apple platforms, whose `fsync` stops at the drive's cache; `fsync` elsewhere.
        case full
    }

    /// Flushes the file or folder open as `descriptor`; the error number if that fails.
    static func sync(_ descriptor: Int32, _ flush: Flush) -> Int32? {
        #if canImport(Darwin)
        // A file system that cannot do the asked-for flush falls through to the next one; any
        // other failure (an I/O error) is the store's failure, never covered by a weaker flush.
        func cannot(_ result: Int32) -> Bool { result != 0 && [ENOTSUP, EINVAL, ENOTTY].contains(errno) }
        if flush == .ordered {
            let result = fcntl(descriptor, F_BARRIERFSYNC)
            if result == 0 { return nil }
            if !cannot(result) { return errno }
        }
        let result = fcntl(descriptor, F_FULLFSYNC)
        if result == 0 { return nil }
        if !cannot(result) { return errno }
        #endif
        while fsync(descriptor) != 0 {
            if errno == EINTR { continue }
            // Some file systems (pipes, some FUSE mounts) cannot sync; nothing more can be done there.
            return errno == EINVAL || errno == ENOTSUP ? nil : errno
        }
        return nil
    }

    /// Flushes the folder open as `folder` fully, so that the rename in it, and the file's bytes
    /// ordered before it, survive a power loss.
    private static func syncFolder(_ folder: Int32, path: String) throws(Failure) {
        if let code = sync(folder, .full) { throw .system(operation: "sync", path: path, code: code) }
    }

    /// Creates `name` in the folder `directory` (whose path is `path`, for errors) and writes `data` to it.
    private static func writeNew(_ data: Data, named name: String, in directory: Int32, path: String, durable: Bool) throws(Failure) {
        let descriptor = openat(directory, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            // The folder was deleted after it was opened (a clear raced this write).
            throw code == ENOENT ? .missingDirectory : .system(operation: "create", path: path + "/" + name, code: code)
        }
        let failure = writeAll(data, to: descriptor) ?? (durable ? sync(descriptor, .ordered) : nil)
        let closeFailed = close(descriptor) != 0
        if let code = failure ?? (closeFailed ? errno : nil) {
            unlinkat(directory, name, 0)
            throw .system(operation: "write", path: path + "/" + name, code: code)
        }
    }

    /// Reads `name` in the folder at `directory`, as ``readFile(_:limit:)`` does, without following
    /// a link in either. A missing folder has no files.
    static func readFile(named name: String, in directory: String, limit: Int, hooks: TestHooks?) throws(Failure) -> ReadResult {
        let folder: Int32
        do {
            folder = try openDirectory(directory, hooks: hooks)
        } catch .missingDirectory {
            return .missing
        }
        defer { close(folder) }
        let name = hooks?.foldsCase == true ? simulatedFoldingLookup(name, in: directory) : name
        let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT: return .missing
            case ELOOP, EISDIR, ENXIO: return .notRegularFile
            default: throw .system(operation: "open", path: directory + "/" + name, code: code)
            }
        }
        return try readOpenFile(descriptor, path: directory + "/" + name, limit: limit)
    }

    /// Removes `name` from the folder at `directory`; a missing file or folder is not an error.
    static func remove(named name: String, in directory: String, hooks: TestHooks?) throws(Failure) {
        let folder: Int32
        do {
            folder = try openDirectory(directory, hooks: hooks)
        } catch .missingDirectory {
            return
        }
        defer { close(folder) }
        let name = hooks?.foldsCase == true ? simulatedFoldingLookup(name, in: directory) : name
        guard unlinkat(folder, name, 0) == 0 else {
            let code = errno
            if code == ENOENT { return }
            throw .system(operation: "delete", path: directory + "/" + name, code: code)
        }
    }

    /// The names in the folder at `path`, refusing a link; a missing folder has none. With
    /// `hiddenOnly`, only the names whose first byte is a dot: the others are skipped before a
    /// string is made of them, as a sweep for trash does in a folder it shares with anything
    /// (the archive directory's parent, often the temporary folder, full of names the sweep
    /// never needs as strings).
    static func names(in path: String, hiddenOnly: Bool = false, hooks: TestHooks? = nil) throws(Failure) -> [String] {
        let folder: Int32
        do {
            folder = try openDirectory(path, hooks: hooks)
        } catch .missingDirectory {
            return []
        }
        guard let stream = fdopendir(folder) else {
            let code = errno
            close(folder)
            throw .system(operation: "list", path: path, code: code)
        }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw .system(operation: "list", path: path, code: errno) }
                return names
            }
            guard let name = entryName(entry, hiddenOnly: hiddenOnly) else { continue }
            if name != ".", name != ".." { names.append(name) }
        }
    }

    /// Creates the folder at `path` and any missing parents, one `mkdir` at a time, so that a
    /// folder another thread removes or creates meanwhile is not an error.
    static func createFolder(_ path: String) throws(Failure) {
        for _ in 0 ..< 8 {
            if mkdir(path, 0o755) == 0 { return }
            let code = errno
            switch code {
            case EEXIST:
                // Whatever is there is judged when it is opened, without following it.
                return
            case ENOENT:
                let parent = (path as NSString).deletingLastPathComponent
                guard !parent.isEmpty, parent != path else { throw .system(operation: "create directory", path: path, code: code) }
                try createFolder(parent)
            default:
                throw .system(operation: "create directory", path: path, code: code)
            }
        }
        throw .system(operation: "create directory", path: path, reason: "it was removed each time it was created")
    }

    /// Removes the folder at `path` and everything in it; a missing folder is not an error.
    ///
    /// The folder is first renamed to `trash`, in one atomic step, so that writers see the old
    /// folder or none. Where that is refused (its parent is read-only, it is a mount point, the
    /// trash would be on another volume) or something in it cannot go, its contents are deleted
    /// in place, folder by folder, and the error names the first file that stayed: nothing is
    /// left when this returns without throwing.
    ///
    /// The folder is locked (`flock`) before it moves and while its trash is deleted, so that a
    /// sweep in any process tells the trash of a clear in progress from that of a killed one,
    /// whose lock died with it (``sweepTrash(_:where:)``).
    static func removeFolder(_ path: String, via trash: String) throws(Failure) {
        let held = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if held >= 0 { _ = flock(held, LOCK_EX | LOCK_NB) }
        defer { if held >= 0 { close(held) } }
        guard rename(path, trash) == 0 else {
            if errno == ENOENT { return }
            try removeContents(of: path)
            return
        }
        do {
            try removeTree(trash, reportedAs: path)
        } catch {
            // Put back what stayed, so that it is where its owner looks, then empty it piece by piece.
            guard rename(trash, path) == 0 else {
                try removeContents(of: trash)
                return
            }
            try removeContents(of: path)
        }
    }

    /// Deletes everything in the folder at `path`, leaving the folder.
    static func removeContents(of path: String) throws(Failure) {
        for name in try names(in: path) {
            let entry = path + "/" + name
            if isDirectory(entry, hooks: nil) {
                try removeFolder(entry, via: path + "/." + name + ".deleting-" + UUID().uuidString)
                // Emptied in place (a mount point, say); the empty folder may stay.
                rmdir(entry)
            } else if unlink(entry) != 0, errno != ENOENT {
                throw .system(operation: "delete", path: entry, code: errno)
            }
        }
    }

    /// Removes the file, link or folder tree at `path`, not following links.
    static func removeTree(_ path: String, reportedAs reported: String) throws(Failure) {
        // A writer that opened a folder in the tree before it moved may still add a file; try again.
        var lastError: (any Error)?
        for _ in 0 ..< 8 {
            do {
                try FileManager.default.removeItem(atPath: path)
                return
            } catch {
                var status = stat()
                if lstat(path, &status) != 0, errno == ENOENT { return }
                lastError = error
            }
        }
        throw .system(operation: "delete", path: reported, reason: lastError.map(reason(for:)) ?? "unknown error")
    }

    /// What went wrong, in words, without Foundation's "The file … couldn't be removed" wrapper
    /// naming a path the caller names anyway.
    static func reason(for error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }

    /// Whether the entry at `path` (a link itself, not what it points to) last changed before `cutoff`.
    static func isStaleEntry(_ path: String, before cutoff: Date) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        #if canImport(Darwin)
        let modified = Double(status.st_mtimespec.tv_sec)
        #else
        let modified = Double(status.st_mtim.tv_sec)
        #endif
        return modified < cutoff.timeIntervalSince1970
    }

    /// Whether `path` is a folder, not a link to one. A test's `hooks` count the call.
    static func isDirectory(_ path: String, hooks: TestHooks?) -> Bool {
        hooks?.countFileSystemCall()
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Renames `path` to `destination`, unless something is there already (then `path` stays).
    static func move(_ path: String, to destination: String) throws(Failure) {
        guard rename(path, destination) != 0 else { return }
        let code = errno
        // Another thread or process moved it first, or today's folder appeared meanwhile.
        guard code != ENOENT, code != EEXIST, code != ENOTEMPTY else { return }
        throw .system(operation: "move", path: path, code: code)
    }

    /// Removes the trash of killed clears among the entries of the folder at `path` whose names
    /// `matches` accepts: a folder that no clear holds locked, at once; anything else once it has
    /// not changed since `cutoff` (a volume without `flock`). Best effort; a link is removed, never
    /// followed. With `hiddenOnly`, names that do not start with a dot are not even read.
    static func sweepTrash(_ path: String, before cutoff: Date, hiddenOnly: Bool = false, where matches: (String) -> Bool) {
        guard let names = try? names(in: path, hiddenOnly: hiddenOnly) else { return }
        for name in names where matches(name) {
            let entry = path + "/" + name
            let descriptor = open(entry, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else {
                if isStaleEntry(entry, before: cutoff) { try? removeTree(entry, reportedAs: entry) }
                continue
            }
            defer { close(descriptor) }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                try? removeTree(entry, reportedAs: entry)
            } else if errno != EWOULDBLOCK, isStaleEntry(entry, before: cutoff) {
                try? removeTree(entry, reportedAs: entry)
            }
        }
    }

    /// Removes the entries of the folder at `path` whose names `matches` accepts and that last
    /// changed before `cutoff`. Best effort, and a link is removed, never followed.
    static func sweep(_ path: String, before cutoff: Date, where matches: (String) -> Bool) {
        guard let names = try? names(in: path) else { return }
        for name in names where matches(name) {
            let entry = path + "/" + name
            if isStaleEntry(entry, before: cutoff) { try? removeTree(entry, reportedAs: entry) }
        }
    }
}

// MARK: Case folding

extension FileIO {
    /// Whether the volume of the folder at `path` folds case: whether its name with the case of its
    /// letters swapped names the same folder. `nil` when the folder is missing or its name has no
    /// ASCII letter to swap.
    static func foldsCase(_ path: String) -> Bool? {
        let name = (path as NSString).lastPathComponent
        let swapped = String(decoding: name.utf8.map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - 32
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
            default: byte
            }
        }, as: UTF8.self)
        guard swapped != name else { return nil }
        var original = stat(), other = stat()
        guard lstat(path, &original) == 0 else { return nil }
        let otherPath = (path as NSString).deletingLastPathComponent + "/" + swapped
        guard lstat(otherPath, &other) == 0 else { return false }
        return original.st_dev == other.st_dev && original.st_ino == other.st_ino
    }

    /// Whether the folder at `directory` holds an entry named exactly `name`, byte for byte: on a
    /// volume that folds case, opening `name` may find a file whose name differs in case.
    static func hasEntry(named name: String, in directory: String) -> Bool {
        (try? names(in: directory))?.contains(name) ?? false
    }

    /// The entry of `directory` that `name` finds on a folding volume, for a test's archiver that
    /// behaves as if it were on one (``TestHooks/foldsCase``).
    static func simulatedFoldingLookup(_ name: String, in directory: String) -> String {
        guard let names = try? names(in: directory) else { return name }
        let folded = name.lowercased()
        return names.first { $0 == name } ?? names.first { $0.lowercased() == folded } ?? name
    }

    /// Before `name` replaces an entry, on a test's archiver that behaves as if its volume folded
    /// case: the entry that differs only in case is removed, as the rename would replace it there.
    static func simulatedFoldingReplace(_ name: String, in folder: Int32, path: String) throws(Failure) {
        let existing = simulatedFoldingLookup(name, in: path)
        if existing != name, unlinkat(folder, existing, 0) != 0, errno != ENOENT {
            throw .system(operation: "delete", path: path + "/" + existing, code: errno)
        }
    }
}
