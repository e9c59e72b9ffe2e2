/// `Int32` slots by number, for as long as the call that made them runs: a key map's field slots
/// for one decode (where each field's value is in the document, -1 when missing), and the binary
/// property list check's one per object of the file. An array would check its uniqueness and
/// bounds on every write.
///
/// Invariants: a buffer is used only inside the ``with(count:repeating:_:)`` or
/// ``FieldSlots/with(count:_:)`` call that gave it (it is not kept), and only at an index in
/// `0 ..< count`; every slot is initialized before it is read (``with(count:repeating:_:)``
/// fills them; a ``FieldSlots`` user calls ``fill(_:)`` first). Debug builds check each access
/// against `count`.
///
/// ```swift
/// SlotBuffer.with(count: objectCount, repeating: -1) { slots in
///     slots[object] = depth
/// }
/// ```
@usableFromInline
struct SlotBuffer {
    @usableFromInline let slots: UnsafeMutableBufferPointer<Int32>

    fileprivate init(slots: UnsafeMutableBufferPointer<Int32>) {
        self.slots = slots
    }

    /// Calls `body` with `count` slots, each holding `value`, freed when it returns.
    static func with<Result, Failure: Error>(
        count: Int, repeating value: Int32, _ body: (SlotBuffer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let slots = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
        defer { slots.deallocate() }
        slots.initialize(repeating: value)
        return try body(SlotBuffer(slots: slots))
    }

    @inlinable
    var count: Int { slots.count }

    /// Sets every slot to `value`.
    func fill(_ value: Int32) {
        slots.initialize(repeating: value)
    }

    // Inlinable: a key map's construct closure, compiled in the app's module, reads one per field.
    @inlinable @inline(__always)
    subscript(index: Int) -> Int32 {
        get {
            assert(index >= 0 && index < slots.count, "slot \(index) of \(slots.count)")
            return slots[index]
        }
        nonmutating set {
            assert(index >= 0 && index < slots.count, "slot \(index) of \(slots.count)")
            slots[index] = newValue
        }
    }
}

/// A key map's field slots for one decode: where each field's value is in the document.
///
/// `withUnsafeTemporaryAllocation` would give them a stack buffer, but in code not compiled for
/// the model's type (the library's, for an app's models) each call instantiated the metadata of
/// `Result<Model, ArchiveDecodingError>` at run time, on every decode of a value. The slots of a
/// map of up to 32 fields are a tuple on the stack, whose closure result needs no such metadata;
/// a larger map's are allocated.
///
/// ```swift
/// try FieldSlots.with(count: fields.count) { slots throws(ArchiveDecodingError) in
///     slots.fill(-1)
///     // … record where each field's value is, then construct the model from the slots
/// }
/// ```
enum FieldSlots {
    static let inlineCount = 32

    /// Calls `body` with `count` slots, not yet initialized, valid until it returns.
    @inline(__always)
    static func with<Model>(
        count: Int, _ body: (SlotBuffer) throws(ArchiveDecodingError) -> Model
    ) throws(ArchiveDecodingError) -> Model {
        guard count <= inlineCount else {
            let slots = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
            defer { slots.deallocate() }
            return try body(SlotBuffer(slots: slots))
        }
        // A homogeneous tuple is laid out as an array of its element, as a C array imported as one is.
        var storage: Inline = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return try withUnsafeMutablePointer(to: &storage) { (tuple) throws(ArchiveDecodingError) -> Model in
            try body(SlotBuffer(slots: UnsafeMutableBufferPointer(start: UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: Int32.self), count: count)))
        }
    }

    private typealias Inline = (
        Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
        Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32
    )
}

/// A read-only view of an array's elements for a loop that reads them many times (a key map's
/// key patterns, a JSON document's tokens), without the array's bounds check on each read.
///
/// Invariants: a view is used only inside the ``Swift/Array/withElementView(_:)`` call that gave
/// it, and only at an index in `0 ..< count`. Debug builds check each read against `count`.
///
/// ```swift
/// jsonKeyPatterns.withElementView { patterns in patterns[candidate].matches(...) }
/// ```
struct ElementView<Element> {
    private let elements: UnsafeBufferPointer<Element>

    fileprivate init(_ elements: UnsafeBufferPointer<Element>) {
        self.elements = elements
    }

    var count: Int { elements.count }

    @inline(__always)
    subscript(index: Int) -> Element {
        assert(index >= 0 && index < elements.count, "element \(index) of \(elements.count)")
        return elements[index]
    }
}

extension Array {
    /// Calls `body` with a view of the elements, valid until it returns.
    @inline(__always)
    func withElementView<Result>(_ body: (ElementView<Element>) -> Result) -> Result {
        withUnsafeBufferPointer { elements in body(ElementView(elements)) }
    }
}

/// Memory for a fixed number of plain values, on the stack where it fits, for the length of a
/// call: the JSON reader's last tokens and its open containers, which it writes and reads at
/// every value and which an array's uniqueness and capacity checks would slow.
///
/// Invariants: a buffer is used only inside the ``with(capacity:_:)`` call that gave it, at an
/// index in `0 ..< capacity`, and an element is read only after it was written. Debug builds
/// check each index.
///
/// ```swift
/// ScratchBuffer<UInt32>.with(capacity: 4) { scratch in
///     scratch[0] = 7
///     return scratch[0]  // 7
/// }
/// ```
struct ScratchBuffer<Element: BitwiseCopyable> {
    private let elements: UnsafeMutableBufferPointer<Element>

    private init(elements: UnsafeMutableBufferPointer<Element>) {
        self.elements = elements
    }

    /// Calls `body` with room for `capacity` elements, none written yet, valid until it returns.
    @inline(__always)
    static func with<Result, Failure: Error>(
        capacity: Int, _ body: (ScratchBuffer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafeTemporaryAllocation(of: Element.self, capacity: capacity) { (elements) throws(Failure) -> Result in
            try body(ScratchBuffer(elements: elements))
        }
    }

    var capacity: Int { elements.count }

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            assert(index >= 0 && index < elements.count, "element \(index) of \(elements.count)")
            return elements[index]
        }
        nonmutating set {
            assert(index >= 0 && index < elements.count, "element \(index) of \(elements.count)")
            (elements.baseAddress! + index).initialize(to: newValue)
        }
    }

    /// The first `count` elements, each written, as an array of exactly their number.
    @inline(__always)
    func array(first count: Int) -> [Element] {
        assert(count >= 0 && count <= elements.count, "\(count) elements of \(elements.count)")
        return Array(UnsafeBufferPointer(rebasing: elements[..<count]))
    }

    /// Appends the first `count` elements, each written, to `array`.
    @inline(__always)
    func append(first count: Int, to array: inout [Element]) {
        assert(count >= 0 && count <= elements.count, "\(count) elements of \(elements.count)")
        array.append(contentsOf: UnsafeBufferPointer(rebasing: elements[..<count]))
    }
}
