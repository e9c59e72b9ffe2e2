// Instruction counts of `jsonData()`, value to JSON text, by Scripts/callgrind.sh: per
// iteration, the tutorial's user (the shared ProbeUser, whose properties are read at their
// checked offsets) with 1,000 reviews, or as many as the second argument or PROBE_REVIEWS says,
// so that the encode rows of the NewCodable harness (../shared/peers/NewCodable/compare.sh) can
// be followed in instructions.
import Foundation

@main
enum JSONDataProbe {
    static func main() throws {
        let arguments = CommandLine.arguments
        let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
        let reviews = Int(arguments.count > 2 ? arguments[2] : ProcessInfo.processInfo.environment["PROBE_REVIEWS"] ?? "") ?? 1_000
        let user = try ProbeUser.decode(archive: userArchive(reviews: reviews))
        var bytes = 0
        for _ in 0..<iterations { bytes += try user.jsonData().count }
        guard iterations == 0 || bytes > iterations * 50 * reviews else { fatalError("wrote \(bytes) bytes") }
        if iterations > 0 { print("bytes per jsonData(): \(bytes / iterations)") }
    }
}
