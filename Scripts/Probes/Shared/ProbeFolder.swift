// What the storage probes share: the probe user as an archivable type, a scratch archiver, a
// folder of stored users, and the floor they are measured against (the bare system calls).
// Scripts/callgrind.sh compiles this file with each probe.
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

extension ProbeUser: Archivable {}

/// `PROBE_MODE=floor` measures the bare system calls instead of the library.
let probeMeasuresFloor = ProcessInfo.processInfo.environment["PROBE_MODE"] == "floor"

/// How many files the folder probes list or load: `PROBE_FILES`, else `fallback`.
func probeFileCount(default fallback: Int) -> Int {
    ProcessInfo.processInfo.environment["PROBE_FILES"].flatMap(Int.init) ?? fallback
}

/// An archiver on a new folder under the temporary directory; the folder goes when `body` returns.
func withScratchArchiver<Result>(_ body: (Archiver) throws -> Result) throws -> Result {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("archiver-probe-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    let archiver = Archiver(archiveDirectoryURL: url)
    archiver.syncsToDisk = false
    return try body(archiver)
}

/// How many reviews each probe user has: `PROBE_REVIEWS`, 3 unless set.
let probeReviewCount = Int(ProcessInfo.processInfo.environment["PROBE_REVIEWS"] ?? "3") ?? 3

/// Stores `count` users with ``probeReviewCount`` reviews (`user-0` …): one through the library,
/// the rest copies of its bytes under their own names, as the benchmarks' cold-start rows write
/// them. The folder's path.
func storeProbeUsers(_ count: Int, in archiver: Archiver) throws -> String {
    let first = try ProbeUser.decode(archive: userArchive(reviews: probeReviewCount))
    let user = ProbeUser(id: "user-0", name: first.name, reviews: first.reviews)
    let file = try user.store(in: archiver)
    // Each file holds its own id: a file whose value names another id is corrupt to a load and a
    // failure to loadAll, so copies of user-0's bytes would list 1,000 files and load one.
    let writer = Archiver(archiveDirectoryURL: archiver.archiveDirectoryURL!)
    writer.syncsToDisk = false
    for index in 1..<max(count, 1) {
        try ProbeUser(id: "user-\(index)", name: first.name, reviews: first.reviews).store(in: writer)
    }
    return file.deletingLastPathComponent().path
}

/// The floor of a read: `open`, `fstat`, `read` into one buffer, `close`.
func probeReadFile(_ path: String) -> Data {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    precondition(descriptor >= 0, "cannot open \(path)")
    defer { close(descriptor) }
    var status = stat()
    precondition(fstat(descriptor, &status) == 0)
    var data = Data(count: Int(status.st_size))
    let count = data.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
    precondition(count == data.count)
    return data
}

/// The floor of a listing: the names `readdir` returns, as strings, without `.` and `..`.
func probeListNames(_ path: String) -> [String] {
    guard let stream = opendir(path) else { preconditionFailure("cannot list \(path)") }
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
