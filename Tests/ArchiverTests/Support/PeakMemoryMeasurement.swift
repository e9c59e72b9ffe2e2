import Testing

/// Tests that measure the process's peak resident memory
/// (``BinaryPropertyListReaderTests/peakGrowth(budget:attempts:reset:_:)``) run one at a time,
/// across suites: the peak is the process's, so a neighbour building its own 10 MB file counts
/// against the test measuring. `.serialized` orders tests only within one suite; on a machine with
/// more cores two memory suites ran side by side and both went over budget.
///
/// ```swift
/// @Suite(.serialized, .measuresPeakMemory) struct BoundedMemoryTests { … }
/// @Test(.measuresPeakMemory) func aTrailerClaimingAnObjectPerByteCostsAFewBytesPerByte() { … }
/// ```
struct PeakMemoryMeasurement: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    /// Whether this task already holds the gate (a suite's scope, then its test's, then its
    /// cases'): the gate is taken once, by the outermost test function.
    @TaskLocal static var holdsGate = false

    private static let gate = Gate()

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        if test.isSuite || Self.holdsGate {
            try await function()
            return
        }
        await Self.gate.enter()
        do {
            try await Self.$holdsGate.withValue(true) { try await function() }
        } catch {
            await Self.gate.leave()
            throw error
        }
        await Self.gate.leave()
    }

    /// A first-come, first-served mutual exclusion for async code.
    private actor Gate {
        private var isTaken = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func enter() async {
            guard isTaken else {
                isTaken = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func leave() {
            if waiting.isEmpty {
                isTaken = false
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}

extension Trait where Self == PeakMemoryMeasurement {
    /// Runs the test (or each test of the suite) while no other such test runs.
    static var measuresPeakMemory: Self { Self() }
}
