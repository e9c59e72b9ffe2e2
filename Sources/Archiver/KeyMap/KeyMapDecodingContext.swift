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
        state.droppedElements?.errors.append(error)
    }

    /// Runs `decode` with `log` collecting the reasons for dropped elements.
    static func collectingDroppedElements<Value>(
        _ log: DroppedElementLog, _ decode: () throws(ArchiveDecodingError) -> Value
    ) throws(ArchiveDecodingError) -> Value {
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

    /// Nests the errors logged since `start` in `model`, under `key`.
    @usableFromInline
    func nest(from start: Int, in model: Any.Type, key: String) {
        guard start < errors.count else { return }
        for index in start..<errors.count {
            errors[index] = errors[index].nested(in: model, at: [.key(key)])
        }
    }
}
