import Foundation

/// How deep conversions of nested values are on this thread, so that a recursive value type
/// reaches the depth limit on a small stack and is refused past it.
///
/// A level of a key-mapped or Codable conversion costs several KiB of stack in a debug build (a
/// key-mapped level through an array about 7 KiB), so the 256 levels of an archive 512 deep
/// would overflow the 512 KiB stack that secondary threads, GCD and Swift concurrency get on
/// Apple platforms. Each conversion of a nested value counts one level, on a counter kept per
/// thread; every ``levelsPerStack`` levels the conversion continues on a fresh
/// stack (``DeepRecursion/onFreshStack(_:)``), which starts from the caller's count. Past
/// ``limit`` levels the conversion fails instead: an archive that deep could not be written or
/// read, and a value that refers to itself through a class would otherwise recurse until the
/// threads ran out.
///
/// ```swift
/// try ValueNesting.descend(orElse: { () throws(ArchiveDecodingError) in throw .nestedTooDeep(Model.self) }) {
///     try construct(fields, object, source)
/// }
/// ```
///
/// The counter is thread-specific rather than a task-local: conversions are synchronous, the hop
/// is to a `Thread`, and a level costs a few instructions against the thousands of one value's
/// conversion.
@usableFromInline
enum ValueNesting {
    /// The deepest nesting of values converted, ``PropertyListCoding/defaultMaximumDepth``: every
    /// value nests at least one container, so an archive the readers accept never exceeds it.
    @inlinable static var limit: Int { 512 }

    /// How many levels run on one stack, as in ``DeepRecursion/levelsPerStack``: at about 7 KiB
    /// a level, under a quarter of a 512 KiB stack.
    @inlinable static var levelsPerStack: Int { 16 }

    /// The thread's count lives in memory of its own, freed when the thread ends, so that a level
    /// costs one lookup and two stores rather than a lookup and two thread-specific writes.
    @usableFromInline static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { free($0) }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// The count of conversions of nested values under way on this thread.
    @inlinable static var counter: UnsafeMutablePointer<Int> {
        guard let counter = pthread_getspecific(key) else { return makeCounter() }
        return counter.assumingMemoryBound(to: Int.self)
    }

    /// This thread's counter, the first time the thread converts a value.
    @usableFromInline @inline(never)
    static func makeCounter() -> UnsafeMutablePointer<Int> {
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        pthread_setspecific(key, counter)
        return counter
    }

    /// Runs `body`, the conversion of one value, one level deeper: on this thread, or on a fresh
    /// stack every ``levelsPerStack`` levels. Past ``limit`` it returns what
    /// `pastLimit` returns, or throws what it throws, instead.
    @inlinable
    static func descend<Result, Failure: Error>(
        orElse pastLimit: () throws(Failure) -> Result, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let counter = Self.counter
        let depth = counter.pointee + 1
        guard depth % levelsPerStack == 0 || depth > limit else {
            counter.pointee = depth
            defer { counter.pointee = depth - 1 }
            return try body()
        }
        return try descendFar(to: depth, orElse: pastLimit, body)
    }

    /// ``descend(orElse:_:)`` at a depth where the stack changes or the limit is passed: rare,
    /// so kept out of the inlined path.
    @usableFromInline @inline(never)
    static func descendFar<Result, Failure: Error>(
        to depth: Int, orElse pastLimit: () throws(Failure) -> Result, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard depth <= limit else { return try pastLimit() }
        return try DeepRecursion.onFreshStack { () throws(Failure) -> Result in
            counter.pointee = depth
            return try body()
        }
    }

    /// Why a conversion past ``limit`` failed.
    @usableFromInline static var tooDeepMessage: String { "values nested deeper than \(limit) levels" }

    /// What an archive past ``limit`` holds instead of the value: a marker that storing refuses
    /// with ``ArchiverError/invalidPropertyList(type:id:keyPath:found:)``, as it refuses any
    /// value that could not be encoded, rather than an archive that silently lacks it.
    @usableFromInline static var tooDeepArchive: Archive {
        ["(nested too deep)": EncodingFailure(reason: .custom(tooDeepMessage))]
    }
}

extension ArchiveDecodingError {
    /// A value of `type` nested deeper than ``ValueNesting/limit`` levels.
    @usableFromInline
    static func nestedTooDeep(_ type: Any.Type) -> ArchiveDecodingError {
        ArchiveDecodingError(type: type, reason: .custom(ValueNesting.tooDeepMessage))
    }

    /// Whether this is ``nestedTooDeep(_:)``, at whatever path.
    var isNestedTooDeep: Bool {
        guard case .custom(let message) = reason else { return false }
        return message == ValueNesting.tooDeepMessage
    }
}
