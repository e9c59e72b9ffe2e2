import Foundation

/// Stores archives as property-list files, one per value, in a folder per type.
///
/// Files live at `<root>/<archive directory name>/<directory name>/<id>.plist`. The root
/// defaults to the caches directory (`Library/Caches` on Apple platforms; `$XDG_CACHE_HOME`,
/// else `~/.cache`, on Linux), and the archive directory name to `com.<BundleName>.archives`.
///
/// ```swift
/// Archiver.rootDirectoryURL = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
/// Archiver.archiveDirectoryName = "com.CustomName.archives"
///
/// let testArchiver = Archiver(archiveDirectoryURL: URL(fileURLWithPath: "/tmp/archives"))
/// try user.store(in: testArchiver)  // /tmp/archives/User/abcd-efgh-ijkl-mnop.plist
/// ```
///
/// An archiver is safe to use from many threads and tasks at once. Writes are atomic: a reader
/// sees the previous file or the new one, whole, and the last writer wins.
///
/// The class is `final`: an archiver is configured (folder, ``limits``), not subclassed. Tests
/// that want one on a temporary folder use ArchiverTesting's `TemporaryArchiver`, which holds one.
public final class Archiver: @unchecked Sendable {
    /// The archiver every ``Archivable`` type uses unless it names another.
    public static let `default` = Archiver()

    /// The caches directory as Foundation reports it on this platform.
    static let cachesDirectoryURL: URL? = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first

    /// `com.<BundleName>.archives`: the bundle's `CFBundleName`, or the executable's name where
    /// there is no bundle (a Linux executable, a test runner).
    static let defaultDirectoryName: String =
        ArchiveFileName.component(for: defaultUnescapedDirectoryName) ?? "com.UnknownApp.archives"

    /// `com.<BundleName>.archives` as 0.6 named it, before escaping.
    static let defaultUnescapedDirectoryName: String = {
        let bundleName = Bundle.main.infoDictionary?["CFBundleName"] as? String
        let executableName = Bundle.main.executableURL?.lastPathComponent ?? ProcessInfo.processInfo.processName
        let name = [bundleName, executableName].compactMap { $0 }.first { !$0.isEmpty } ?? "UnknownApp"
        return "com.\(name).archives"
    }()

    /// Where the default archiver keeps its type folders: `<caches>/com.<BundleName>.archives`;
    /// `Archiver.default.archiveDirectoryURL` tells an app.
    @usableFromInline static let defaultDirectoryURL: URL? = cachesDirectoryURL?.appendingPathComponent(defaultDirectoryName)

    struct Location {
        var rootDirectoryURL: URL?
        var archiveDirectoryName: String
        var archiveDirectoryURL: URL?
        /// Where 0.6 kept the archive directory, when its name was escaped since.
        var legacyArchiveDirectoryURL: URL?
        /// Each type's folder and its paths under these directories, by type, once asked for
        /// (``Archiver/folder(for:)``); emptied when the directories change.
        var folders: [ObjectIdentifier: Folder] = [:]
        /// Each folder a type has used, by the path of its type folder, kept when the directories
        /// change: a removal by a scan, which knows only a file's path, reads its id as the type does.
        var foldersByPath: [String: Folder] = [:]
    }

    let location: Locked<Location>
    private let settings: Locked<Limits>
    /// Serialises clears with stores and deletes of hashed ids (whose id file and archive file go
    /// together) and with stores that clears keep starving. Recursive: a hashed store holds it
    /// while its writes retry.
    let folderLock = NSRecursiveLock()
    /// The folders this archiver has swept of what killed processes left, once each until a clear.
    let sweptDirectories = Locked<Set<String>>([])
    /// Whether each archive directory's volume folds case, by path, once found.
    let caseFolding = Locked<[String: Bool]>([:])
    /// The legacy names in each type folder this archiver has touched, by folder path, then by
    /// the canonical text of the id each belongs to; refreshed by each listing.
    let legacyIndexes = Locked<[String: [String: [String]]]>([:])
    private let durability = Locked(true)

    /// Whether a store waits until its file is on the disk before it returns, so that a store that
    /// returned survives a power loss or kernel panic. Default: `true`.
    ///
    /// Each store then flushes the file before its rename and the folder after it: on Apple
    /// platforms `fcntl(F_BARRIERFSYNC)` on the file (its bytes ordered before the rename) and
    /// `fcntl(F_FULLFSYNC)` on the folder (the drive's cache emptied, where `fsync` stops); `fsync`
    /// on both elsewhere. The Storage article gives the cost. A cache whose values can be fetched
    /// again may turn it off: its stores are still atomic (a reader sees the old file or the new
    /// one, whole), but a power loss may take back the last few.
    ///
    /// ```swift
    /// let thumbnails = Archiver(archiveDirectoryURL: cachesURL.appendingPathComponent("thumbnails"))
    /// thumbnails.syncsToDisk = false
    /// ```
    public var syncsToDisk: Bool {
        get { durability.withLock { $0 } }
        set { durability.withLock { $0 = newValue } }
    }
    /// The memory layer, expiry, size limit and observers (Cache/).
    let cache = CacheState()
    /// What a test set on an archiver made for it; `nil` on every archiver an app makes.
    let testHooks: TestHooks?

    /// The root folder of the default archiver's archive directory.
    ///
    /// Setting it moves the default archiver's archives to `<root>/<archiveDirectoryName>`.
    public class var rootDirectoryURL: URL? {
        get { Archiver.default.rootDirectoryURL }
        set { Archiver.default.rootDirectoryURL = newValue }
    }

    /// The name of the default archiver's folder in its root. Defaults to `com.<BundleName>.archives`.
    public class var archiveDirectoryName: String {
        get { Archiver.default.archiveDirectoryName }
        set { Archiver.default.archiveDirectoryName = newValue }
    }

    var rootDirectoryURL: URL? {
        get { location.withLock { $0.rootDirectoryURL } }
        set {
            location.withLock {
                $0.rootDirectoryURL = newValue
                $0.archiveDirectoryURL = Self.archiveDirectoryURL(root: newValue, name: $0.archiveDirectoryName)
                $0.legacyArchiveDirectoryURL = Self.legacyArchiveDirectoryURL(root: newValue, name: $0.archiveDirectoryName)
                $0.folders.removeAll()
            }
        }
    }

    var archiveDirectoryName: String {
        get { location.withLock { $0.archiveDirectoryName } }
        set {
            location.withLock {
                $0.archiveDirectoryName = newValue
                $0.archiveDirectoryURL = Self.archiveDirectoryURL(root: $0.rootDirectoryURL, name: newValue)
                $0.legacyArchiveDirectoryURL = Self.legacyArchiveDirectoryURL(root: $0.rootDirectoryURL, name: newValue)
                $0.folders.removeAll()
            }
        }
    }

    /// The folder that holds this archiver's type folders, or `nil` if it has none.
    public private(set) var archiveDirectoryURL: URL? {
        get { location.withLock { $0.archiveDirectoryURL } }
        set {
            location.withLock {
                $0.archiveDirectoryURL = newValue
                $0.folders.removeAll()
            }
        }
    }

    /// Where 0.6 kept this archiver's directory, if that name differs from today's.
    var legacyArchiveDirectoryURL: URL? {
        location.withLock { $0.legacyArchiveDirectoryURL }
    }

    /// Limits applied when reading files, so that a hostile file cannot exhaust memory.
    public var limits: Limits {
        get { settings.withLock { $0 } }
        set { settings.withLock { $0 = newValue } }
    }

    /// Creates an archiver that keeps its type folders in `archiveDirectoryURL`.
    ///
    /// ```swift
    /// let archiver = Archiver(archiveDirectoryURL: FileManager.default.temporaryDirectory
    ///     .appendingPathComponent("archives"))
    /// ```
    public convenience init(archiveDirectoryURL: URL? = Archiver.defaultDirectoryURL) {
        self.init(archiveDirectoryURL: archiveDirectoryURL, testHooks: nil)
    }

    /// Creates an archiver for a test, with the seams it sets (``TestHooks``).
    init(archiveDirectoryURL: URL?, testHooks: TestHooks?) {
        self.testHooks = testHooks
        location = Locked(Location(
            rootDirectoryURL: Self.cachesDirectoryURL,
            archiveDirectoryName: Self.defaultDirectoryName,
            archiveDirectoryURL: archiveDirectoryURL,
            legacyArchiveDirectoryURL: archiveDirectoryURL == Self.defaultDirectoryURL
                ? Self.legacyArchiveDirectoryURL(root: Self.cachesDirectoryURL, name: Self.defaultUnescapedDirectoryName) : nil
        ))
        settings = Locked(Limits())
    }

    private static func archiveDirectoryURL(root: URL?, name: String) -> URL? {
        guard let component = ArchiveFileName.component(for: name) else { return nil }
        return root?.appendingPathComponent(component, isDirectory: true)
    }

    private static func legacyArchiveDirectoryURL(root: URL?, name: String) -> URL? {
        guard let component = ArchiveFileName.legacyComponent(for: name) else { return nil }
        return root?.appendingPathComponent(component, isDirectory: true)
    }

    /// Deletes every archive of every type this archiver holds.
    ///
    /// Use ``removeAll()`` to learn why, if it fails: this form cannot say, but it tries as hard.
    public func clearAll() {
        try? removeAll()
    }

    /// Deletes every archive of every type this archiver holds, or throws naming what is left.
    ///
    /// The archive directory is renamed away and then deleted, so that stores racing the clear
    /// see the old directory or none; where it cannot be renamed (its parent is read-only, it is a
    /// mount point) its contents are deleted in place. The folder 0.6 used, if its name differs,
    /// goes too.
    ///
    /// ```swift
    /// try Archiver.default.removeAll()
    /// ```
    public func removeAll() throws(ArchiverError) {
        let directories = [archiveDirectoryURL, legacyArchiveDirectoryURL].compactMap { $0 }
        defer { didClear(nil) }  // Cache/: memory, observers
        try removeFolders(directories)
    }
}

extension Archiver {
    /// Bounds on what a read accepts.
    ///
    /// ```swift
    /// Archiver.default.limits.maximumFileSize = 1 << 20  // refuse archives over 1 MiB
    /// ```
    public struct Limits: Sendable, Equatable {
        /// The largest file, in bytes, that is read. Default: 256 MiB.
        public var maximumFileSize: Int
        /// The deepest nesting of arrays and dictionaries read or written. Default: 512.
        public var maximumDepth: Int

        /// Limits of your own; the defaults are 256 MiB files, nesting 512 deep.
        ///
        /// ```swift
        /// Archiver.Limits().maximumDepth  // 512
        /// archiver.limits = Archiver.Limits(maximumFileSize: 1 << 20, maximumDepth: 64)
        /// ```
        public init(maximumFileSize: Int = 256 << 20, maximumDepth: Int = 512) {
            self.maximumFileSize = maximumFileSize
            self.maximumDepth = maximumDepth
        }
    }
}
