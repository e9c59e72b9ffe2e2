import Foundation

/// How deep conversions of nested values are on this thread, so that a recursive value type
/// reaches the depth limit on a small stack and is refused past it.
///
/// A level of a key-mapped or Codable conversion costs several KiB of stack in a debug build (a
/// key-mapped level through an array about 7 KiB), so the 256 levels of an archive 512 deep
/// would overflow the 512 KiB stack that secondary threads, GCD and Swift concurrency get on
/// Apple platforms. Each conversion of a nested value counts one level, on a counter kept per
/// thread; when this thread's stack is nearly used up, the rest of the descent continues on a
/// worker with a big stack (``DeepRecursion``), which starts from the caller's count: at most one
/// hop per descent, none for data shallow enough to fit. Past ``limit`` levels the conversion
/// fails instead: an archive that deep could not be written or read, and a value that refers to
/// itself through a class would otherwise recurse until memory ran out.
///
/// ```swift
/// try ValueNesting.descend(orElse: { (refusal) throws(ArchiveDecodingError) in throw .refused(Model.self, refusal) }) {
///     try construct(fields, object, indices, source)
/// }
/// ```
///
/// The counter is thread-specific rather than a task-local: conversions are synchronous, the hop
/// is to a thread, and a level costs a few instructions against the thousands of one value's
/// conversion. The same per-thread ``ConversionState`` carries what a key-mapped decode asked
/// for beyond the value (``KeyMapDecodingContext``), so that one lookup per level serves both,
/// where a task-local would be looked up on every value.
@usableFromInline
enum ValueNesting {
    /// The deepest nesting of values converted, ``PropertyListCoding/defaultMaximumDepth``: every
    /// value nests at least one container, so an archive the readers accept never exceeds it.
    @inlinable static var limit: Int { 512 }

    /// Each thread's state, in memory of its own, so that a level costs one lookup and two
    /// stores rather than a lookup and two thread-specific writes.
    @usableFromInline static let states = ThreadLocal<ConversionState>()

    /// The state of the conversions under way on this thread.
    @inlinable static var state: ThreadLocalValue<ConversionState> {
        states.current ?? makeState()
    }

    /// This thread's state, the first time the thread converts a value.
    @usableFromInline @inline(never)
    static func makeState() -> ThreadLocalValue<ConversionState> {
        var state = ConversionState()
        state.stackFloor = DeepRecursion.stackFloor()
        return states.make(state, trailingBytes: FieldSlots.stackCapacity * MemoryLayout<Int32>.stride)
    }

    /// Why a conversion did not run: nested past ``limit``, or deeper than this thread's stack
    /// holds with no thread to go on.
    @usableFromInline
    enum Refusal: Error, CustomStringConvertible {
        case tooDeep
        case threadUnavailable(ThreadUnavailable)

        @usableFromInline var description: String {
            switch self {
            case .tooDeep: ValueNesting.tooDeepMessage
            case .threadUnavailable(let failure): failure.description
            }
        }
    }

    /// Runs `body`, the conversion of one value, one level deeper: on this thread, or on a
    /// worker's stack when this one is nearly used up. Past ``limit``, or with no worker, it
    /// returns what `refuse` returns, or throws what it throws, instead.
    @inlinable
    static func descend<Result, Failure: Error>(
        orElse refuse: (Refusal) throws(Failure) -> Result, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try descendWithState(orElse: refuse) { (_) throws(Failure) -> Result in try body() }
    }

    /// ``descend(orElse:_:)``, handing `body` the state of the thread it runs on, so that a
    /// conversion that reads the state (a key-mapped decode, for its dropped-element log) does
    /// not look it up a second time.
    @inlinable
    static func descendWithState<Result, Failure: Error>(
        orElse refuse: (Refusal) throws(Failure) -> Result,
        _ body: (ThreadLocalValue<ConversionState>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let state = Self.state
        let depth = state.pointee.depth + 1
        guard depth > limit || DeepRecursion.isStackLow(state) else {
            state.pointee.depth = depth
            defer { state.pointee.depth = depth - 1 }
            return try body(state)
        }
        return try descendFar(to: depth, state, orElse: refuse, body)
    }

    /// The state of this thread and the depth one level deeper, when that level can run here;
    /// `nil` when it must go to ``descendFar(to:_:orElse:_:)`` (past the limit, or the stack
    /// nearly used up). A caller that runs the level here sets `depth` and restores it after:
    /// ``descendWithState(orElse:_:)`` without a closure, for the key maps' document doors, which
    /// run once per nested model.
    @inline(__always)
    static func enter() -> (state: ThreadLocalValue<ConversionState>, depth: Int, isNear: Bool) {
        let state = Self.state
        let depth = state.pointee.depth + 1
        return (state, depth, depth <= limit && !DeepRecursion.isStackLow(state))
    }

    /// ``descendWithState(orElse:_:)`` at a depth where the stack changes or the limit is
    /// passed: rare, so kept out of the inlined path.
    @usableFromInline @inline(never)
    static func descendFar<Result, Failure: Error>(
        to depth: Int, _ state: ThreadLocalValue<ConversionState>, orElse refuse: (Refusal) throws(Failure) -> Result,
        _ body: (ThreadLocalValue<ConversionState>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard depth <= limit else { return try refuse(.tooDeep) }
        do throws(HopFailure<Failure>) {
            return try DeepRecursion.onWorker(state, unavailable: { HopFailure.unavailable($0) }) { () throws(HopFailure<Failure>) -> Result in
                let state = Self.state
                state.pointee.depth = depth
                do throws(Failure) {
                    return try body(state)
                } catch {
                    throw .body(error)
                }
            }
        } catch {
            switch error {
            case .body(let failure): throw failure
            case .unavailable(let failure): return try refuse(.threadUnavailable(failure))
            }
        }
    }

    /// What a hop ends in besides a result: the body's own error, or no thread to run it.
    @usableFromInline
    enum HopFailure<Failure: Error>: Error {
        case body(Failure)
        case unavailable(ThreadUnavailable)
    }

    /// Why a conversion past ``limit`` failed.
    @usableFromInline static var tooDeepMessage: String { "values nested deeper than \(limit) levels" }

    /// What an archive past ``limit`` (or with no thread to go on) holds instead of the value: a marker that storing refuses
    /// with ``ArchiverError/invalidPropertyList(type:id:keyPath:found:)``, as it refuses any
    /// value that could not be encoded, rather than an archive that silently lacks it.
    @usableFromInline static func refusedArchive(_ refusal: Refusal) -> Archive {
        ["(nested too deep)": EncodingFailure(reason: .custom(refusal.description))]
    }
}

/// What the conversions under way on one thread share: how deep they are, and, for a key-mapped
/// decode, where dropped collection elements are reported and whether collections are strict.
@usableFromInline
struct ConversionState {
    /// The count of conversions of nested values under way.
    @usableFromInline var depth = 0
    /// Where dropped elements are reported, for ``ArchiveDecodingError/collectingDroppedElements(_:)``.
    @usableFromInline var droppedElements: DroppedElementLog?
    /// Whether an invalid element fails the collection: set while a strict entry's value is read.
    @usableFromInline var isStrict = false
    /// How many of the thread's field slots (``FieldSlots/push(_:on:)``) the decodes under way hold.
    var fieldSlotsInUse = 0
    /// The lowest stack address this thread's levels may use (``DeepRecursion/isStackLow(_:)``).
    @usableFromInline var stackFloor: UInt = 0
    /// How many descents started on this thread continued on a worker's stack, and for how many
    /// of them a thread was started: what tests count instead of timing.
    var hops = 0
    var threadsStarted = 0
    /// What a test set for the conversions on this thread (``TestHooks/workerStackSize``);
    /// `nil` in an app.
    var testHooks: TestHooks?

    @usableFromInline init() {}
}

extension ArchiveDecodingError {
    /// A value of `type` nested deeper than ``ValueNesting/limit`` levels.
    @usableFromInline
    static func nestedTooDeep(_ type: Any.Type) -> ArchiveDecodingError {
        ArchiveDecodingError(type: type, reason: .nestedTooDeep(limit: ValueNesting.limit))
    }

    /// A value of `type` that was not converted, for `refusal`.
    @usableFromInline
    static func refused(_ type: Any.Type, _ refusal: ValueNesting.Refusal) -> ArchiveDecodingError {
        switch refusal {
        case .tooDeep: nestedTooDeep(type)
        case .threadUnavailable(let failure): ArchiveDecodingError(type: type, reason: .custom(failure.description))
        }
    }

    /// Whether this is ``nestedTooDeep(_:)``, at whatever path.
    var isNestedTooDeep: Bool {
        if case .nestedTooDeep = reason { return true }
        return false
    }
}
