import Archiver
import Benchmark
import Foundation

// Issue 22's rows: the async forms beside the synchronous ones, a memory hit beside a disk load,
// and cold start (listing ids, loadAll) with many files.
//
//     swift package --package-path Benchmarks benchmark --filter 'cache\..*'
//     swift package --package-path Benchmarks benchmark --filter 'coldstart\..*'
//     ARCHIVER_BENCHMARK_100K=1 swift package --package-path Benchmarks benchmark --filter 'coldstart\..*\.100000'
//
// Targets: `cache.load.async.1000` ≤ 1.2 × `cache.load.sync.1000`; `cache.load.memory.3` ≥ 20×
// faster than `cache.load.disk.3`; `coldstart.ids.100000` ≤ 2 × `coldstart.readdir.100000`
// (issue 19), the folder's names as `readdir` returns them. The 100,000-file rows write 100,000 files in their setup
// (about 100 MB): they run only when ARCHIVER_BENCHMARK_100K is set.

/// A measured body with what it needs, made in the setup.
struct CacheRun: @unchecked Sendable {
    let run: () async throws -> Void
}

func cacheBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        warmupIterations: 10,
        maxDuration: .seconds(1),
        maxIterations: 5_000
    )
    func row(_ name: String, _ configuration: Benchmark.Configuration, _ prepare: @escaping @Sendable (Scratch) async throws -> CacheRun) {
        let scratch = Scratch(name)
        Benchmark(name, configuration: configuration) { (benchmark: Benchmark, run: CacheRun) async throws in
            for _ in benchmark.scaledIterations {
                try await run.run()
            }
        } setup: {
            try scratch.create()
            return try await prepare(scratch)
        } teardown: {
            scratch.remove()
        }
    }

    // One value with 1,000 reviews: synchronous and async load.
    for (way, isAsync) in [("sync", false), ("async", true)] {
        row("cache.load.\(way).1000", configuration) { scratch in
            let archiver = Archiver(archiveDirectoryURL: scratch.url)
            let user = try User.decode(responseObject: try UserResponse(reviews: 1_000).responseObject)
            try user.store(in: archiver)
            guard try await User.loadInBackground(resourceID: user.id, in: archiver)?.reviews.count == 1_000 else {
                throw FixtureError("cache.load.\(way).1000 lost reviews")
            }
            return isAsync
                ? CacheRun { blackHole(try await User.loadInBackground(resourceID: user.id, in: archiver)) }
                : CacheRun { blackHole(try User.load(resourceID: user.id, in: archiver)) }
        }
    }

    // One value with 3 reviews: from disk, and from the memory layer.
    for (way, memory) in [("disk", false), ("memory", true)] {
        row("cache.load.\(way).3", configuration) { scratch in
            let archiver = Archiver(archiveDirectoryURL: scratch.url)
            if memory { archiver.memoryLimits = Archiver.MemoryLimits(count: 100, bytes: 1 << 20) }
            let user = try User.decode(responseObject: try UserResponse(reviews: 3).responseObject)
            try user.store(in: archiver)
            guard try User.load(resourceID: user.id, in: archiver)?.reviews.count == 3 else {
                throw FixtureError("cache.load.\(way).3 lost reviews")
            }
            return CacheRun { blackHole(try User.load(resourceID: user.id, in: archiver)) }
        }
    }

    // Cold start: a fresh archiver (nothing in memory) over a folder of files.
    let large = ProcessInfo.processInfo.environment["ARCHIVER_BENCHMARK_100K"] != nil
    for count in [1_000, 10_000] + (large ? [100_000] : []) {
        let cold = Benchmark.Configuration(
            metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
            warmupIterations: 1,
            maxDuration: .seconds(count >= 100_000 ? 20 : 3),
            maxIterations: count >= 10_000 ? 5 : 20
        )
        let operations: [(String, @Sendable (Archiver) async throws -> Void)] = [
            ("ids", { archiver in blackHole(try User.storedResourceIDs(in: archiver)) }),
            ("ids.async", { archiver in blackHole(try await User.storedResourceIDsInBackground(in: archiver)) }),
            ("loadall", { archiver in blackHole(try User.loadAll(in: archiver)) }),
            ("loadall.async", { archiver in blackHole(try await User.loadAllInBackground(in: archiver)) }),
        ]
        // The floor of `ids`: the type folder's names, as `readdir` returns them, as strings.
        row("coldstart.readdir.\(count)", cold) { scratch in
            let url = scratch.url
            try writeUsers(count, to: url)
            let directory = try Archiver(archiveDirectoryURL: url).fileURL(for: User.self, resourceID: "user-0").deletingLastPathComponent().path
            let listed = try PlainFile.names(in: directory).count
            guard listed == count else { throw FixtureError("coldstart.readdir.\(count) lists \(listed) of \(count)") }
            return CacheRun { blackHole(try PlainFile.names(in: directory)) }
        }
        for (operation, body) in operations {
            row("coldstart.\(operation).\(count)", cold) { scratch in
                let url = scratch.url
                try writeUsers(count, to: url)
                let listed = try User.storedResourceIDs(in: Archiver(archiveDirectoryURL: url)).count
                guard listed == count else { throw FixtureError("coldstart.\(operation).\(count) lists \(listed) of \(count)") }
                return CacheRun { try await body(Archiver(archiveDirectoryURL: url)) }
            }
        }
    }
}

/// Writes `count` users with 3 reviews: one stored through the library, the rest copies of its
/// bytes under other ids, which is what a store would write, in a fraction of the time.
func writeUsers(_ count: Int, to url: URL) throws {
    let archiver = Archiver(archiveDirectoryURL: url)
    let response = try UserResponse(reviews: 3)
    let first = try User.decode(responseObject: response.responseObject(id: "user-0"))
    let file = try first.store(in: archiver)
    let folder = file.deletingLastPathComponent()
    for index in 1..<count {
        let user = try User.decode(responseObject: response.responseObject(id: "user-\(index)"))
        try user.archivedData().write(to: folder.appendingPathComponent("user-\(index).plist"))
    }
}
