import Foundation
import Archiver
import ArchiverTesting

/// A folder for races between stores and clears: in the system's memory-backed file system where
/// it has one (Linux's `/dev/shm`), else in the temporary directory.
///
/// The stores there still flush (`syncsToDisk` stays on, so the same code and system calls run),
/// but a flush no longer waits for a disk that other processes share: those tests spent almost
/// all of their time in `fsync`, not in the interleavings they are there to try.
enum MemoryBackedFolder {
    /// Where new folders go.
    static let root: URL = {
        let shared = "/dev/shm"
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: shared, isDirectory: &isDirectory), isDirectory.boolValue,
           FileManager.default.isWritableFile(atPath: shared) {
            return URL(fileURLWithPath: shared, isDirectory: true)
        }
        return FileManager.default.temporaryDirectory
    }()

    /// Runs `body` with an archiver whose archive directory is in a new folder of ``root``, bound
    /// as `TemporaryArchiver.current` for the test types; the folder (and whatever a clear left
    /// beside the archive directory) is deleted afterwards.
    @discardableResult
    static func withArchiver<Result>(_ body: (Archiver) async throws -> Result) async throws -> Result {
        let parent = root.appendingPathComponent("ArchiverTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let archiver = Archiver(archiveDirectoryURL: parent.appendingPathComponent("archives", isDirectory: true))
        return try await TemporaryArchiver.$current.withValue(archiver) { try await body(archiver) }
    }
}
