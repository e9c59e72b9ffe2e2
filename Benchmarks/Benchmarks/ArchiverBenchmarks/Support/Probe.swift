import Foundation

/// Runs one benchmark's body a fixed number of times and exits, when `ARCHIVER_PROBE` names it
/// (`ARCHIVER_PROBE=fromjson.derived.1000:50`): a run whose work depends only on the code, for
/// profilers and `time`, where the suite's time-bounded runs would not.
///
///     ARCHIVER_PROBE=fromjson.derived.1000:1000 time Benchmarks/.build/release/ArchiverBenchmarks
///
/// valgrind 3.19 cannot run this binary here: it links package-benchmark's malloc interposer and
/// Swift libraries with DWARF 5 debug information, and callgrind dies reading them.
enum Probe {
    static let request: (name: String, iterations: Int)? = {
        guard let value = ProcessInfo.processInfo.environment["ARCHIVER_PROBE"] else { return nil }
        let parts = value.split(separator: ":")
        return (String(parts[0]), parts.count > 1 ? Int(parts[1]) ?? 1 : 1)
    }()

    /// Runs `prepare`'s run if `name` is the one asked for, then exits.
    static func runIfRequested(_ name: String, _ prepare: () throws -> Run) {
        guard let request, request.name == name else { return }
        do {
            let run = try prepare()
            for _ in 0..<request.iterations { try run() }
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
            exit(1)
        }
    }
}
