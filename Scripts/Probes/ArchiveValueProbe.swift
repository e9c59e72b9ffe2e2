// Instruction counts of `archiveValue` (value to archive dictionary), by Scripts/callgrind.sh:
// per iteration, the tutorial's user with 1,000 reviews (or as many as the third argument or
// PROBE_REVIEWS says), by its key map (the shared ProbeUser) or by a hand-written
// `archiveValue`, as the benchmarks' `archive` rows compare them (derived ≤ 1.5× hand-written).
// The form is the second argument or PROBE_FORM: `derived` (the default) or `handwritten`.
import Foundation

@main
enum ArchiveValueProbe {
    static func main() throws {
        let arguments = CommandLine.arguments
        let environment = ProcessInfo.processInfo.environment
        let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
        let form = arguments.count > 2 ? arguments[2] : environment["PROBE_FORM"] ?? "derived"
        let reviews = Int(arguments.count > 3 ? arguments[3] : environment["PROBE_REVIEWS"] ?? "") ?? 1_000
        let user = try ProbeUser.decode(archive: userArchive(reviews: reviews))
        let handwritten = HandwrittenUser(user)
        var count = 0
        for _ in 0..<iterations {
            let archive = form == "handwritten" ? handwritten.archiveValue : user.archiveValue
            count += (archive["reviews"] as? [Archive])?.count ?? 0
        }
        guard count == iterations * reviews else { fatalError("archived \(count) reviews") }
        if iterations > 0 { print("reviews per archive: \(count / iterations)") }
    }
}
