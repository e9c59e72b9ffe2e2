// Instruction counts of a store's CPU work, value to bytes with no disk, compiled into one module
// with the library's sources by Scripts/callgrind.sh: per iteration, `archivedData()` of the
// tutorial's user with 1,000 reviews, with the key map (the shared ProbeUser, whose properties are
// read at their checked offsets) or a hand-written `archiveValue`, so that the ratios the
// benchmarks' `store` rows give (derived ≤ 0.7× hand-written) can be followed in instructions;
// or the key map's `archiveValue` of that user. The form is the second argument or PROBE_FORM:
// `store` (the default), `handwritten` or `archive`.
import Foundation

@main
enum StoreProbe {
    static func main() throws {
        let arguments = CommandLine.arguments
        let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
        let form = arguments.count > 2 ? arguments[2] : ProcessInfo.processInfo.environment["PROBE_FORM"] ?? "store"
        let user = try ProbeUser.decode(archive: userArchive(reviews: 1_000))
        let handwritten = HandwrittenUser(user)
        var bytes = 0
        for _ in 0..<iterations {
            switch form {
            case "handwritten": bytes += try handwritten.archivedData().count
            // Three keys, each worth more than a store's bytes would be, for the check below.
            case "archive": bytes += 100_000 * user.archiveValue.count
            default: bytes += try user.archivedData().count
            }
        }
        guard iterations == 0 || bytes > iterations * 50_000 else { fatalError("wrote \(bytes) bytes") }
        if iterations > 0 { print("bytes per store: \(bytes / iterations)") }
    }
}
