import Foundation

/// Lets recursive readers and writers reach their depth limit on a small stack, with at most one
/// thread hop per descent and no thread start per container.
///
/// Each level of a nested archive costs a reader or writer one to two KiB of stack (several KiB
/// for a key-mapped or Codable conversion in a debug build), so the 512 levels the default limit
/// allows would overflow the 512 KiB stack that secondary threads, GCD and Swift concurrency get
/// on Apple platforms. Each level compares the stack pointer with the lowest address this thread
/// may use (its stack's end plus ``reserve``); only when a level would go below it does the rest
/// of that descent, the whole subtree, continue on a ``StackWorker``, whose stack is big enough
/// for every level the limits allow, while the caller waits. Ordinary data never gets there: on a
/// 512 KiB stack a debug build reaches about 50 key-mapped levels before it hops. The worker is
/// kept and reused, for the siblings of the container that hopped and for later calls, so a hop
/// costs a handoff between two parked threads, not a thread start.
///
/// ```swift
/// // The property-list writer, one level into a dictionary's value:
/// references[values + index] = try DeepRecursion.descend(unavailable: { Failure(found: $0.description) }) {
///     () throws(Failure) -> Int in try add(value, depth: depth + 1)
/// }
/// ```
@usableFromInline
enum DeepRecursion {
    /// Stack left free below the deepest level that runs on a thread: room for the work of the
    /// level that hops (or of the leaves below the last check) and for the hop itself.
    static let reserve = 128 << 10
    /// The stack of each worker: the deepest descent the limits allow (512 levels at about 7 KiB,
    /// in a debug build) from the point where a hop happens, with room to spare. Only the pages a
    /// descent touches are ever mapped.
    static let workerStackSize = 16 << 20

    /// Runs `body`, the work of one level deeper, on this thread, or, when this thread's stack is
    /// nearly used up, on a worker with a fresh one. A worker that cannot start is `unavailable`'s
    /// error, never a wait.
    @inline(__always)
    static func descend<Result, Failure: Error>(
        unavailable: (ThreadUnavailable) -> Failure, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let state = ValueNesting.state
        guard isStackLow(state) else { return try body() }
        return try onWorker(state, unavailable: unavailable) { () throws(Failure) -> Result in try body() }
    }

    /// The current stack pointer, near enough.
    @inline(__always)
    static func stackAddress() -> UInt {
        ThreadStack.address
    }

    /// Whether this thread's stack is too nearly used up for another level.
    @inlinable @inline(__always)
    static func isStackLow(_ state: ThreadLocalValue<ConversionState>) -> Bool {
        ThreadStack.address < state.pointee.stackFloor
    }

    /// The lowest address this thread's levels may use: the end of its stack plus ``reserve``.
    /// When the bounds cannot be read, the thread is taken to have 512 KiB left from here, the
    /// least Apple gives a secondary thread.
    static func stackFloor() -> UInt {
        let here = stackAddress()
        let low = ThreadStack.lowestAddress(containing: here) ?? (here > 512 << 10 ? here - (512 << 10) : 0)
        return low + UInt(reserve)
    }

    /// Runs `body` on a worker and waits for it. The caller is blocked meanwhile, so `body` may
    /// use the caller's state as if it ran in place; the worker starts from the caller's
    /// ``ConversionState`` (depth, dropped-element log, strictness) and hands nothing back but
    /// `body`'s result.
    @usableFromInline @inline(never)
    static func onWorker<Result, Failure: Error>(
        _ callerState: ThreadLocalValue<ConversionState>,
        unavailable: (ThreadUnavailable) -> Failure, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let caller = callerState.pointee
        let worker: StackWorker
        switch StackWorker.take(stackSize: caller.testHooks?.workerStackSize) {
        case .success(let taken): worker = taken
        case .failure(let failure): throw unavailable(failure)
        }
        callerState.pointee.hops += 1
        var result: Swift.Result<Result, Failure>?
        withoutActuallyEscaping({
            let state = ValueNesting.state
            let own = state.pointee
            state.pointee = caller
            state.pointee.stackFloor = own.stackFloor
            state.pointee.hops = own.hops
            state.pointee.threadsStarted = own.threadsStarted
            state.pointee.testHooks = nil
            // Released before the worker parks: a parked worker holds nothing of the caller's.
            defer { state.pointee.droppedElements = nil }
            result = Swift.Result { () throws(Failure) -> Result in try body() }
        }) { (job: @escaping () -> Void) in
            worker.run(job)
        }
        if worker.isNew { callerState.pointee.threadsStarted += 1 }
        StackWorker.park(worker)
        return try result!.get()
    }
}

/// Why a level could not continue on a fresh stack: no thread could be started for it (a
/// process or cgroup thread limit, or no memory for its stack).
@usableFromInline
struct ThreadUnavailable: Error, CustomStringConvertible {
    /// The error `pthread_create` (or setting up its attributes) returned.
    let code: Int32

    @usableFromInline var description: String {
        "nested deeper than this thread's stack holds, and no thread could be started to go on "
            + "(pthread_create: \(String(cString: strerror(code))))"
    }
}

/// A parked thread with a big stack that runs descents too deep for the thread they started on.
///
/// Workers are kept in a pool: a hop takes an idle one (starting one only when none is idle),
/// hands it the job, waits, and puts it back. An idle worker ends after ``idleLifetime``, so a
/// process that stopped nesting deeply holds no threads for it. Threads are started with
/// `pthread_create`, whose failure is an error rather than the wait for a thread that never runs.
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
