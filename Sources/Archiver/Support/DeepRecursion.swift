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
