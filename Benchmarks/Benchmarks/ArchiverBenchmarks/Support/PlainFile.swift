import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The least a program can do to replace a file atomically and read it back: the `floor` way, and
/// the I/O of the ways that are not the library.
///
/// A write is a new file beside the destination, renamed over it; a read is `open`, `fstat` and
/// `read` into one buffer. No staging folder, no unique temporary names, no checks.
enum PlainFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String

        init(_ operation: String, _ path: String) {
            description = "cannot \(operation) \(path): \(String(cString: strerror(errno)))"
        }
    }

    static func writeAtomically(_ data: Data, to path: String) throws(Failure) {
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure("create", temporary) }
        let complete = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
        close(descriptor)
        guard complete else { throw Failure("write", temporary) }
        guard rename(temporary, path) == 0 else { throw Failure("rename", path) }
    }

    static func contents(of path: String) throws(Failure) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure("open", path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure("stat", path) }
        let size = Int(status.st_size)
        var data = Data(count: size)
        let complete = data.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < size {
                let count = read(descriptor, buffer.baseAddress! + offset, size - offset)
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard complete else { throw Failure("read", path) }
        return data
    }

    /// The names in `directory` as `readdir` returns them, without `.` and `..`, unsorted.
    static func names(in directory: String) throws(Failure) -> [String] {
        guard let stream = opendir(directory) else { throw Failure("list", directory) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            // Read where it is, up to its NUL, as the library reads it (copying the 256-byte field
            // can run past the end of a short last entry).
            let start = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let name = String(decoding: UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self))), as: UTF8.self)
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The paths of the files in `directory` whose names end in `suffix`, sorted.
    static func files(in directory: String, suffix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(suffix) }
            .sorted()
            .map { directory + "/" + $0 }
    }
}
