import Foundation

/// SplitMix64: a small, fast, seedable generator, so that a failing random test can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private(set) var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed for a test run: `ARCHIVER_SEED` if set, to replay a failure, else a fixed one.
    static func seed(default value: UInt64) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["ARCHIVER_SEED"], let seed = UInt64(text) {
            return seed
        }
        return value
    }

    /// The seeds a property-based test runs with: `ARCHIVER_SEED` alone when it is set, to
    /// replay a failure, or a fixed list so that runs are reproducible.
    static var seeds: [UInt64] {
        if let text = ProcessInfo.processInfo.environment["ARCHIVER_SEED"], let seed = UInt64(text) { return [seed] }
        return [1, 2, 3, 0xDEAD_BEEF, 20_160_601]
    }
}
