import Foundation

/// What one decode call asked for beyond the value: the reasons for dropped collection elements,
/// and whether the collection being read is strict. Kept in the thread's ``ConversionState``,
/// because the collections that drop elements are read deep inside other values' conversions,
/// which take no extra parameter, and conversions are synchronous.
@usableFromInline
enum KeyMapDecodingContext {
    /// Drops the element that failed with `error` (already nested at its index) when the
    /// collection holds values that Archiver 0.6 read with `serializedCollection` — key-mapped or
    /// hand-written `Serializable`/`ArchiveRepresentable` values — and the entry is not strict;
    /// throws it otherwise. Scalars (`[Int]` holding `"x"`) always fail: 0.6 had no lenient form
    /// for them, and a dropped number would change the meaning of the rest.
    @usableFromInline @inline(never)
    static func dropOrThrow(_ error: ArchiveDecodingError, elementType: Any.Type) throws(ArchiveDecodingError) {
        let isModel = elementType is any ArchiveRepresentable.Type || elementType is any Serializable.Type
        let state = ValueNesting.state.pointee
        // A value nested past the limit is not one bad element among good ones: dropping it
        // would cut the value short without a word.
        guard isModel, !state.isStrict, !error.isNestedTooDeep else { throw error }
        state.droppedElements?.record(error)
        DroppedElementObserver.notify(error)
    }

    /// Reports a value an entry replaced because it could not be read (``KeyMapInvalidValue``)
    /// as dropped: `error`, relative to the value, to the log, which nests it as the enclosing
    /// values finish, and `observed`, nested in the model at the field's key, to the observer.
    static func report(_ error: ArchiveDecodingError, observed: ArchiveDecodingError) {
        ValueNesting.state.pointee.droppedElements?.record(error)
        DroppedElementObserver.notify(observed)
    }

    /// The log of the decode under way on this thread, if it asked for one: a collection reads
    /// it once, and nests under each element's index what the element logged.
    @inlinable static var log: DroppedElementLog? { ValueNesting.state.pointee.droppedElements }

    /// Runs `decode` with `log` collecting the reasons for dropped elements.
    static func collectingDroppedElements<Value, Failure: Error>(
        _ log: DroppedElementLog, _ decode: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let state = ValueNesting.state
        let outer = state.pointee.droppedElements
        state.pointee.droppedElements = log
        defer { state.pointee.droppedElements = outer }
        return try decode()
    }

    /// Runs `decode` with collections strict.
    static func strictly<Value>(_ decode: () throws(ArchiveDecodingError) -> Value) throws(ArchiveDecodingError) -> Value {
        let state = ValueNesting.state
        let outer = state.pointee.isStrict
        state.pointee.isStrict = true
        defer { state.pointee.isStrict = outer }
        return try decode()
    }
}

/// The reasons collection elements were dropped during one decode, each nested at its key path
/// as the enclosing values finish (`User.user_reviews[1].restaurant.id`).
///
/// A class because it is shared, for one synchronous decode, by every value that decode reads. It
/// crosses threads only when a deep value continues on a worker's stack, while the caller waits.
@usableFromInline
final class DroppedElementLog: @unchecked Sendable {
    @usableFromInline var errors: [ArchiveDecodingError] = []

    init() {}

    /// Keeps `error`, unless the log already holds
    /// `CollectionDecodingResult.maximumRecordedFailures` of them: a hostile list of a million
    /// droppable elements must not grow a million records (the observer still sees each one).
    @usableFromInline
    func record(_ error: ArchiveDecodingError) {
        guard errors.count < CollectionDecodingResult<Never>.maximumRecordedFailures else { return }
        errors.append(error)
    }

    /// Nests the errors logged since `start` in `model`, under `key`.
    @usableFromInline
    func nest(from start: Int, in model: Any.Type, key: String) {
        nest(from: start, in: model, at: .key(key))
    }

    /// Nests the errors logged since `start` in `container`, under `component`: an element's
    /// index or a dictionary value's key.
    @usableFromInline
    func nest(from start: Int, in container: Any.Type, at component: ArchiveDecodingError.PathComponent) {
        guard start < errors.count else { return }
        for index in start..<errors.count {
            errors[index] = errors[index].nested(in: container, at: [component])
        }
    }
}

/// The process-wide observer of dropped elements and replaced values.
///
/// With no observer set, a debug build reports each drop on standard error, once per type and key
/// path (indices aside): an app that caches a response keeps what it decoded, so an element dropped
/// there is gone from the archive too, and someone should hear of it.
enum DroppedElementObserver {
    /// What the observer functions share: who hears drops, and the type-and-key-path texts a debug
    /// build has reported.
    private struct State {
        var observer: (@Sendable (ArchiveDecodingError) -> Void)?
        var reported: Set<String> = []

        mutating func claimReport(of error: ArchiveDecodingError) -> Bool {
            reported.insert(DroppedElementObserver.reportKey(of: error)).inserted
        }
    }

    private static let state = Locked(State())

    static func set(_ handler: (@Sendable (ArchiveDecodingError) -> Void)?) {
        state.withLock { $0.observer = handler }
    }

    /// Called on every drop, which is rare: the lock costs nothing on the common path.
    static func notify(_ error: ArchiveDecodingError) {
        let (handler, report) = state.withLock { (state) -> ((@Sendable (ArchiveDecodingError) -> Void)?, String?) in
            guard state.observer == nil, isDebugBuild, state.claimReport(of: error) else { return (state.observer, nil) }
            return (nil, debugReport(of: error))
        }
        handler?(error)
        if let report { FileHandle.standardError.write(Data((report + "\n").utf8)) }
    }

    /// Whether `error` is the first drop of its type and key path, which a debug build reports.
    static func claimReport(of error: ArchiveDecodingError) -> Bool {
        state.withLock { $0.claimReport(of: error) }
    }

    static let isDebugBuild: Bool = {
        #if DEBUG
        true
        #else
        false
        #endif
    }()

    /// The type and the key path of `error` without its indices: `[Review][].restaurant.id`.
    static func reportKey(of error: ArchiveDecodingError) -> String {
        error.typeName + error.path.map { component in
            if case .index = component { return "[]" }
            return "\(component)"
        }.joined()
    }

    /// What a debug build prints for a drop.
    static func debugReport(of error: ArchiveDecodingError) -> String {
        "Archiver, debug build: dropped an invalid element, \(error). Lists of models drop invalid "
            + "elements as Archiver 0.6 did; `strict: true` on the entry (or `strictCollections: true` on the map) "
            + "makes one fail the value, and ArchiveDecodingError.observeDroppedElements hears each drop. "
            + "Reported once per type and key path."
    }

}

extension ArchiveDecodingError {
    /// Calls `handler` with every collection element any decode in the process drops, and every
    /// unreadable value an entry replaces (``KeyMapInvalidValue``), so that an app can log that a
    /// new enum value is eating list items; `nil` stops observing.
    ///
    /// ```swift
    /// ArchiveDecodingError.observeDroppedElements { error in
    ///     logger.warning("dropped: \(error)")  // [Review][1].restaurant.id: expected Int, found nothing
    /// }
    /// ```
    ///
    /// The error's path starts at the collection that dropped the element (or the model whose
    /// entry replaced the value); ``collectingDroppedElements(_:)`` gives the whole path from the
    /// value decoded. The handler runs on the decoding thread, during the
    /// decode: it should be quick and must not decode.
    public static func observeDroppedElements(_ handler: (@Sendable (ArchiveDecodingError) -> Void)?) {
        DroppedElementObserver.set(handler)
    }

    /// Runs `decode` and returns its value with the collection elements it dropped and the
    /// unreadable values its entries replaced, each with its whole key path and why.
    ///
    /// `decode` is any synchronous call on this thread that decodes: `decode(json:)`,
    /// `decode(responseObject:)`, `decode(archive:)`, `load(resourceID:)`, the 0.6 initializers.
    ///
    /// ```swift
    /// let (user, dropped) = try ArchiveDecodingError.collectingDroppedElements {
    ///     try User.decode(responseObject: json)
    /// }
    /// user.reviews.count  // 2: the review whose restaurant has no id was dropped
    /// dropped             // [User.user_reviews[1].restaurant.id: expected String, found nothing]
    /// ```
    ///
    /// Collections of ``KeyMapped`` and ``Serializable`` values drop invalid elements as Archiver
    /// 0.6's `serializedCollection` does (unless their entry is strict); outside this call they
    /// drop them the same way without saying so (``observeDroppedElements(_:)`` hears of each).
    /// At most 100 are listed.
    public static func collectingDroppedElements<Value, Failure: Error>(
        _ decode: () throws(Failure) -> Value
    ) throws(Failure) -> (value: Value, droppedElements: [ArchiveDecodingError]) {
        let log = DroppedElementLog()
        let value = try KeyMapDecodingContext.collectingDroppedElements(log, decode)
        return (value, log.errors)
    }
}
