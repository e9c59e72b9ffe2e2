/// Runs `work` for `workers` workers at once, each `repeating` times in a row, and returns each
/// worker's last result by worker number; a worker whose work threw has none.
///
/// ```swift
/// let results = await concurrentResults(workers: 8, repeating: 5) { worker in try decode(text(worker)) }
/// #expect(results[3] == expected(3))
/// ```
func concurrentResults<Result: Sendable>(
    workers: Int, repeating: Int, _ work: @escaping @Sendable (Int) throws -> Result
) async -> [Int: Result] {
    await withTaskGroup(of: (Int, Result?).self) { group in
        for worker in 0..<workers {
            group.addTask {
                var last: Result?
                for _ in 0..<repeating { last = try? work(worker) }
                return (worker, last)
            }
        }
        var results: [Int: Result] = [:]
        for await (worker, result) in group { results[worker] = result }
        return results
    }
}
