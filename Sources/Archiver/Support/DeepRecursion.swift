import Foundation

/// Lets recursive readers and writers reach their depth limit on a small stack.
///
/// Each level of a nested archive costs a reader or writer one to two KiB of stack (more in a debug
/// build), so the 512 levels the default limit allows would overflow the 512 KiB stack that
/// secondary threads, GCD and Swift concurrency get on Apple platforms. Every
/// ``levelsPerStack`` levels, the recursion continues on a thread of its own with a fresh stack
/// while the caller waits: archives shallower than that (nearly all) never leave the caller's
/// thread, and a deep one costs a thread start per ``levelsPerStack`` levels.
///
/// ```swift
/// let value = try DeepRecursion.descend(depth: depth) { () throws(PropertyListError) in
///     try reader.value(of: element, depth: depth + 1)
/// }
/// ```
enum DeepRecursion {
    /// How many levels run on one stack: at two KiB each, a quarter of a 512 KiB stack.
    static let levelsPerStack = 16
    /// The stack of each continuation thread, far more than ``levelsPerStack`` levels need.
    static let continuationStackSize = 4 << 20

    /// Runs `body`, the work of the level below `depth`, on this thread, or on a fresh stack when
    /// `depth` is a multiple of ``levelsPerStack``.
    @inline(__always)
    static func descend<Result, Failure: Error>(depth: Int, _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        guard depth > 0, depth % levelsPerStack == 0 else { return try body() }
        return try onFreshStack(body)
    }

    /// Runs `body` on a new thread with a ``continuationStackSize`` stack and waits for it. The
    /// caller is blocked meanwhile, so `body` may use the caller's state as if it ran in place.
    static func onFreshStack<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try withoutActuallyEscaping(body) { (body) throws(Failure) -> Result in
            let handoff = Handoff(body)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread { [handoff] in
                handoff.run()
                done.signal()
            }
            thread.stackSize = continuationStackSize
            thread.start()
            done.wait()
            return try handoff.result!.get()
        }
    }

    /// The body and its result, passed to the continuation thread and back. Only one thread
    /// touches it at a time: the caller waits on the semaphore the other signals.
    private final class Handoff<Result, Failure: Error>: @unchecked Sendable {
        /// Released as soon as it has run, before the caller resumes: `withoutActuallyEscaping`
        /// traps if the body outlives it, and the thread object may.
        private var body: (() throws(Failure) -> Result)?
        var result: Swift.Result<Result, Failure>?

        init(_ body: @escaping () throws(Failure) -> Result) {
            self.body = body
        }

        func run() {
            guard let body else { return }
            self.body = nil
            result = Swift.Result { () throws(Failure) -> Result in try body() }
        }
    }
}
