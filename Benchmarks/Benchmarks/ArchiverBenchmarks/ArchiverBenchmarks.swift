// Every way of doing Archiver's job, side by side, at four sizes: `<operation>.<way>.<reviews>`.
//
//     swift package --package-path Benchmarks benchmark                      # all of it: 20 minutes on a shared 2-core machine
//     swift package --package-path Benchmarks benchmark --filter 'load\..*'  # one operation
//     python3 Scripts/benchmark-report.py                                    # all of it, into Docs/performance.md
//     ARCHIVER_PROBE=fromjson.derived.1000:1000 Benchmarks/.build/release/ArchiverBenchmarks  # one body, fixed runs (Support/Probe.swift)
//
// The ways and what each does are in Ways/; the responses they start from in Fixtures/.
import Benchmark

let benchmarks: @Sendable () -> Void = {
    for way in Way.all {
        for operation in Operation.allCases {
            guard let prepare = way.operations[operation] else { continue }
            for reviews in sizes(of: operation) where reviews <= way.maximumReviews[operation, default: .max] {
                let name = "\(operation.rawValue).\(way.name).\(reviews)"
                let scratch = Scratch(name)
                Probe.runIfRequested(name) {
                    try scratch.create()
                    return try prepare(try UserResponse(reviews: reviews), scratch)
                }
                Benchmark(name, configuration: configuration(operation, reviews: reviews)) { (benchmark: Benchmark, run: Run) in
                    for _ in benchmark.scaledIterations {
                        try run()
                    }
                } setup: {
                    try scratch.create()
                    return try prepare(try UserResponse(reviews: reviews), scratch)
                } teardown: {
                    scratch.remove()
                }
            }
        }
    }
    cacheBenchmarks()  // Cache/: async, memory layer, cold start (issue 22)
    genericBenchmarks()  // Generic/: a generic envelope's computed map against one cached by hand (issue 18)
    for (way, prepare) in RepositoryFromJSON.ways {
        Probe.runIfRequested("\(Operation.fromjson.rawValue).\(way).\(RepositoryFromJSON.name)") { try prepare(try RepositoryFromJSON.fixture()) }
        Benchmark("\(Operation.fromjson.rawValue).\(way).\(RepositoryFromJSON.name)", configuration: configuration(.fromjson, reviews: 3)) { benchmark, run in
            for _ in benchmark.scaledIterations {
                try run()
            }
        } setup: {
            try prepare(try RepositoryFromJSON.fixture())
        }
    }
}

/// The sizes an operation is measured at. `loadall` reads a thousand files per run, so it stops at
/// 100 reviews, where a run is already a thousand hundred-review loads.
func sizes(of operation: Operation) -> [Int] {
    operation == .loadall ? [3, 100] : UserResponse.sizes
}

/// Enough runs for a stable median, bounded so that the whole suite takes about ten minutes on two cores.
func configuration(_ operation: Operation, reviews: Int) -> Benchmark.Configuration {
    let (maxIterations, seconds): (Int, Int) = switch (operation, reviews) {
    case (.loadall, _): (10, 2)
    case (_, ...100): (5_000, 1)
    case (_, ...1_000): (500, 1)
    default: (40, 1)
    }
    return Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: operation == .loadall || reviews > 1_000 ? 1 : 10,
        maxDuration: .seconds(seconds),
        maxIterations: maxIterations
    )
}
