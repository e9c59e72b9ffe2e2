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
    }

    /// The size and modification date of the file at `path`, not following a link; `nil` when
    /// there is nothing there or it cannot be examined.
    static func attributes(of path: String) -> Attributes? {
        countCall()
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        let modified = Date(timeIntervalSince1970: TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1_000_000_000)
        return Attributes(size: size(status.st_size), modified: modified, isRegularFile: status.st_mode & S_IFMT == S_IFREG)
    }
}

extension FileIO {
    /// Counts the file-system calls the file layer makes for the task that binds it, so that
    /// tests can show a memory hit makes none.
    final class CallCounter: Sendable {
        private let count = Locked(0)
        var value: Int { count.withLock { $0 } }
        func increment() { count.withLock { $0 += 1 } }
    }

    @TaskLocal static var callCounter: CallCounter?

    /// Counts one call, when a test is counting.
    @inline(__always)
    static func countCall() {
        callCounter?.increment()
    }
}
