// Instruction counts of decode(archive:) of the key-mapped 1,000-review user, compiled into one
// module with the library's sources by Scripts/callgrind.sh. Built instead as a module importing
// the library (as the benchmarks are), it showed why `unarchive.derived` had become 10-25% slower
// than at the milestone's start while instructions rose only 3-7%: a task-local read per value
// (fixed in 7fd3637). 23 November 2026, two modules: 7,714,675 Ir at cb178eb, 8,221,732 before the fix.
import Foundation

@main
enum UnarchiveProbe {
    static func main() throws {
        let arguments = CommandLine.arguments
        let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
        let archive = try ProbeUser.decode(archive: userArchive(reviews: 1_000)).archiveValue
        var reviews = 0
        for _ in 0..<iterations {
            let user = try ProbeUser.decode(archive: archive)
            reviews += user.reviews.count
        }
        guard reviews == iterations * 1_000 else { fatalError("converted \(reviews) reviews") }
    }
}
