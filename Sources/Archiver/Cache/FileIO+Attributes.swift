import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension FileIO {
    /// What expiry and the size limit need of a file.
    struct Attributes {
        var size: Int
        var modified: Date
        var isRegularFile: Bool
        /// The file's device and inode: a store renames a new file over the old one, so a file
        /// stored again is another inode (unless one freed meanwhile is reused: the size and date
        /// must match too).
        var device: UInt64
        var inode: UInt64

        /// Whether these are the attributes of the file `other` describes, unchanged: neither
        /// written nor replaced since. A modification date compared for order cannot say so: a
        /// file dated in the future is newer than any store made now.
        func isSameFile(as other: Attributes) -> Bool {
            device == other.device && inode == other.inode && size == other.size && modified == other.modified
        }
    }

    /// The size and modification date of the file at `path`, not following a link; `nil` when
    /// there is nothing there or it cannot be examined. A test's `hooks` count the call.
    static func attributes(of path: String, hooks: TestHooks?) -> Attributes? {
        hooks?.countFileSystemCall()
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        let modified = Date(timeIntervalSince1970: TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1_000_000_000)
        return Attributes(size: size(status.st_size), modified: modified, isRegularFile: status.st_mode & S_IFMT == S_IFREG,
                          device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino))
    }
}
