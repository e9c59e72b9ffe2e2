import Foundation

/// How hard the reliability tests push, and how they report what they did.
///
/// CI runs the normal size. `ARCHIVER_STRESS=1 swift test --filter Reliability` runs the same
/// tests with many more tasks, operations, kills and fuzz inputs. Every test prints one line,
/// `reliability: <test> key=value …`, that `Scripts/reliability-figures.sh` collects.
enum Reliability {
    static let isStress: Bool = {
        let value = ProcessInfo.processInfo.environment["ARCHIVER_STRESS"] ?? ""
        return !value.isEmpty && value != "0"
    }()

    /// `normal` in CI, `stress` on demand.
    static func scale(_ normal: Int, stress: Int) -> Int {
        isStress ? stress : normal
    }

    /// Prints the figures a test achieved in the parseable form the Guarantees article's table is built from.
    static func report(_ test: String, _ figures: KeyValuePairs<String, any CustomStringConvertible>) {
        let fields = figures.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        print("reliability: \(test) mode=\(isStress ? "stress" : "normal") \(fields)")
    }
}
