import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one place bytes reach the disk and come back: atomic replacement, bounded reads. (The
/// system calls that take the bytes by address are in Unsafe/SystemInterface.swift.)
///
/// A write goes to a new file in a staging folder beside the type folders, then is renamed over
/// the destination. A reader sees the old file or the new one, whole; a process killed
/// mid-write leaves at most an orphan in the staging folder, never in a type's folder.
enum FileIO {
    enum Failure: Error {
        /// The destination's folder or the staging folder does not exist.
        case missingDirectory
        case system(operation: String, path: String, reason: String)

        static func system(operation: String, path: String, code: Int32) -> Failure {
            .system(operation: operation, path: path, reason: String(cString: strerror(code)))
        }

        /// The operation that failed and why, in words, for the storage and the file errors alike;
        /// `missingDirectory` is what a missing folder means to the caller.
        func operationAndReason(missingDirectory meaning: String) -> (operation: String, reason: String) {
            switch self {
            case .missingDirectory: ("write", meaning)
            case .system(let operation, _, let reason): (operation, reason)
            }
        }

        /// The path the failing call was given, when it names one.
        var path: String? {
            switch self {
            case .missingDirectory: nil
            case .system(_, let path, _): path
            }
        }
    }

    enum ReadResult {
        case missing
        case tooLarge(size: Int)
        case notRegularFile
        case contents(Data)
    }

    /// Reads the whole file at `path`, unless it is missing, not a regular file, or over `limit` bytes.
    static func readFile(_ path: String, limit: Int) throws(Failure) -> ReadResult {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .missing }
            if code == EISDIR { return .notRegularFile }
            throw .system(operation: "open", path: path, code: code)
        }
        return try readOpenFile(descriptor, path: path, limit: limit)
    }

    /// A file's size as `Size` (`Int` where the library keeps sizes), clamped: on a 32-bit `Int`
    /// (watchOS devices) a file of 2 GiB or more does not fit, where `Int(_:)` would trap. Clamped,
    /// it is still larger than any limit the library sets.
    static func size<Size: FixedWidthInteger>(_ size: off_t, as: Size.Type = Int.self) -> Size {
        Size(clamping: size)
    }

    /// Reads the whole file open as `descriptor`, and closes it.
    static func readOpenFile(_ descriptor: Int32, path: String, limit: Int) throws(Failure) -> ReadResult {
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(operation: "stat", path: path, code: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .notRegularFile }
        let size = Self.size(status.st_size)
        guard size <= limit else { return .tooLarge(size: size) }
        // A file replaced by rename is never truncated in place; a short read means another
        // writer truncated it, and what was read is handed on to be judged by the decoder.
        switch readBytes(descriptor, count: size) {
        case .success(let data): return .contents(data)
        case .failure(let failure): throw .system(operation: "read", path: path, code: failure.code)
        }
    }
}
