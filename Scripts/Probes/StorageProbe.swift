// Instruction counts of the storage layer's per-file work, compiled into one module with the
// library's sources by Scripts/callgrind.sh. `PROBE_OP` picks what one iteration is:
//
//     PROBE_OP=load Scripts/callgrind.sh Storage 20      # one load of the user with 3 reviews (the default)
//     PROBE_OP=ids Scripts/callgrind.sh Storage 3        # storedResourceIDs by a fresh archiver (cold start)
//     PROBE_OP=loadall Scripts/callgrind.sh Storage 2    # loadAll by a fresh archiver
//
// over a folder of `PROBE_FILES` users with `PROBE_REVIEWS` reviews (default 3) (default 1,000 files; 1 for `load`). With
// `PROBE_MODE=floor`, the same work with the bare system calls: open/fstat/read/close of the
// file; readdir of the folder; readdir, then each `.plist` read.
import Foundation

@main
enum StorageProbe {
    static func main() throws {
        let arguments = CommandLine.arguments
        let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
        let operation = ProcessInfo.processInfo.environment["PROBE_OP"] ?? "load"
        let count = probeFileCount(default: operation == "load" ? 1 : 1_000)
        try withScratchArchiver { archiver in
            let folder = try storeProbeUsers(count, in: archiver)
            let root = archiver.archiveDirectoryURL!
            guard try ProbeUser.load(resourceID: "user-0", in: archiver)?.reviews.count == probeReviewCount else { fatalError("not stored") }
            let floor = probeMeasuresFloor
            var done = 0
            for _ in 0..<iterations {
                switch (operation, floor) {
                case ("load", false):
                    done += try ProbeUser.load(resourceID: "user-0", in: archiver)?.reviews.count == probeReviewCount ? count : 0
                case ("load", true):
                    done += probeReadFile(folder + "/user-0.plist").isEmpty ? 0 : count
                case ("ids", false):
                    done += try ProbeUser.storedResourceIDs(in: Archiver(archiveDirectoryURL: root)).count
                case ("ids", true):
                    done += probeListNames(folder).count
                case ("loadall", false):
                    done += try ProbeUser.loadAll(in: Archiver(archiveDirectoryURL: root)).count
                case ("loadall", true):
                    done += probeListNames(folder).filter { $0.hasSuffix(".plist") }.sorted().map { probeReadFile(folder + "/" + $0) }.count
                default:
                    fatalError("PROBE_OP is load, ids or loadall")
                }
            }
            guard done == iterations * count else { fatalError("\(operation): \(done) of \(iterations * count)") }
        }
    }
}
