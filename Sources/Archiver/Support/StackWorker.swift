import Foundation

/// A parked thread with a big stack that runs descents too deep for the thread they started on.
///
/// Workers are kept in a pool: a hop takes an idle one (starting one only when none is idle),
/// hands it the job, waits, and puts it back. An idle worker ends after ``idleLifetime``, so a
/// process that stopped nesting deeply holds no threads for it. Threads are started as a
/// ``DetachedThread``, whose failure is an error rather than the wait for a thread that never runs.
final class StackWorker: @unchecked Sendable {
    /// How long a worker waits for another job before it ends.
    static let idleLifetime: DispatchTimeInterval = .seconds(5)

    /// The workers waiting for a job.
    private static let idle = Locked<[StackWorker]>([])

    /// Signalled by the caller when `job` is set.
    private let wake = DispatchSemaphore(value: 0)
    /// Signalled by the worker when `job` has run.
    private let finished = DispatchSemaphore(value: 0)
    /// The job being handed over. Only one thread touches it at a time: the caller sets it before
    /// signalling `wake`, the worker clears it before signalling `finished`.
    private var job: (() -> Void)?
    /// Whether this worker's thread was started for the hop that took it.
    private(set) var isNew = true

    private init() {}

    /// An idle worker, or a new one with a thread of `stackSize` (``DeepRecursion/workerStackSize``
    /// when nil; a test's size always starts a new thread, so that it can make the start fail).
    static func take(stackSize: Int?) -> Swift.Result<StackWorker, ThreadUnavailable> {
        if stackSize == nil, let worker = idle.withLock({ $0.popLast() }) {
            worker.isNew = false
            return .success(worker)
        }
        let worker = StackWorker()
        if let failure = worker.start(stackSize: stackSize ?? DeepRecursion.workerStackSize) {
            return .failure(failure)
        }
        return .success(worker)
    }

    /// Puts `worker` back among the idle ones once its job has run.
    static func park(_ worker: StackWorker) {
        idle.withLock { $0.append(worker) }
    }

    /// Runs `job` on this worker's thread and returns when it has run.
    func run(_ job: @escaping () -> Void) {
        self.job = job
        wake.signal()
        finished.wait()
    }

    /// Runs the job handed over and lets go of it, before the caller is told: the caller's
    /// `withoutActuallyEscaping` traps if the job outlives it.
    private func runJob() {
        guard let job else { return }
        self.job = nil
        job()
    }

    /// Starts the thread; the error when it could not be started.
    private func start(stackSize: Int) -> ThreadUnavailable? {
        DetachedThread.start(stackSize: stackSize) { [self] in serve() }.map(ThreadUnavailable.init(code:))
    }

    /// The thread's body: runs jobs until it has been idle for ``idleLifetime``.
    private func serve() {
        while true {
            if wake.wait(timeout: .now() + Self.idleLifetime) == .timedOut {
                // Ends only if no caller took it meanwhile; one that did is about to signal.
                let retired = Self.idle.withLock { workers in
                    guard let index = workers.firstIndex(where: { $0 === self }) else { return false }
                    workers.remove(at: index)
                    return true
                }
                if retired { return }
                wake.wait()
            }
            runJob()
            finished.signal()
        }
    }
}
