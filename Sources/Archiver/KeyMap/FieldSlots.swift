/// A key map's field slots for one decode: where each field's value is in the document.
///
/// `withUnsafeTemporaryAllocation` would give them a stack buffer, but in code not compiled for
/// the model's type (the library's, for an app's models) each call instantiated the metadata of
/// `Result<Model, ArchiveDecodingError>` at run time, on every decode of a value. The slots of a
/// map of up to 32 fields are a tuple on the stack, whose closure result needs no such metadata;
/// a larger map's are allocated.
enum FieldSlots {
    static let inlineCount = 32

    @inline(__always)
    static func with<Model>(
        count: Int, _ body: (UnsafeMutableBufferPointer<Int32>) throws(ArchiveDecodingError) -> Model
    ) throws(ArchiveDecodingError) -> Model {
        guard count <= inlineCount else {
            let slots = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
            defer { slots.deallocate() }
            return try body(slots)
        }
        // A homogeneous tuple is laid out as an array of its element, as a C array imported as one is.
        var storage: Inline = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return try withUnsafeMutablePointer(to: &storage) { (tuple) throws(ArchiveDecodingError) -> Model in
            try body(UnsafeMutableBufferPointer(start: UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: Int32.self), count: count))
        }
    }

    private typealias Inline = (
        Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
        Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32
    )
}

/// `Int32` slots by number for a walk that reads and writes one per object it meets (the binary
/// property list check keeps one per object of the file), for as long as ``with(count:repeating:_:)``
/// runs: an array would check its uniqueness and bounds on every write. Debug builds check each
/// access against `count`.
struct SlotBuffer {
    private let slots: UnsafeMutableBufferPointer<Int32>

    /// Calls `body` with `count` slots, each holding `value`, freed when it returns.
    static func with<Result, Failure: Error>(
        count: Int, repeating value: Int32, _ body: (SlotBuffer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let slots = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
        defer { slots.deallocate() }
        slots.initialize(repeating: value)
        return try body(SlotBuffer(slots: slots))
    }

    var count: Int { slots.count }

    @inline(__always)
    subscript(index: Int) -> Int32 {
        get { slots[index] }
        nonmutating set { slots[index] = newValue }
    }
}
