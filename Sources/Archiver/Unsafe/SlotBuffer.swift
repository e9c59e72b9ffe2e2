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

    /// No slots: what a decode from a dictionary, which finds its fields by ``DictionarySlots``, is given.
    static var none: SlotBuffer { SlotBuffer(slots: UnsafeMutableBufferPointer(start: nil, count: 0)) }

    @inlinable
    var count: Int { slots.count }

    /// Sets every slot to `value`.
    func fill(_ value: Int32) {
        slots.initialize(repeating: value)
    }

    // Inlinable: a key map's construct closure, compiled in the app's module, reads one per field.
    @inlinable @inline(__always)
    subscript(index: Int) -> Int32 {
        get { slots[checked: index] }
        nonmutating set { slots[checked: index] = newValue }
    }
}

/// A key map's field slots for one decode from a parsed document: where each field's value is in
/// the document.
///
/// They are taken from a stack of slots that each thread's ``ConversionState`` holds after it
/// (``ThreadLocal/make(_:trailingBytes:)``), pushed as a model's decode starts and popped as it
/// ends, so that a nested model costs neither an allocation nor a closure: a closure-taking
/// scope (`withUnsafeMutablePointer` to a stack tuple, as before) ran unspecialized in the
/// library for an app's model, once per nested model. A map whose slots do not fit on what is
/// left of the stack gets them allocated.
///
/// Invariants: pushes and pops on one thread nest (a decode pops what it pushed, on every exit,
/// before its caller pops); slots pushed on one thread's state are used on that thread. Debug
/// builds check both.
///
/// ```swift
/// let slots = FieldSlots.push(fields.count, on: state)
/// defer { FieldSlots.pop(slots, on: state) }
/// slots.fill(-1)
/// // … record where each field's value is, then construct the model from the slots
/// ```
enum FieldSlots {
    /// The slots each thread's state holds: 2 KiB of `Int32`, room for nesting 16 levels of maps of 32 fields.
    static let stackCapacity = 512

    /// `count` slots, not yet initialized: the next on `state`'s stack, or allocated.
    @inline(__always)
    static func push(_ count: Int, on state: ThreadLocalValue<ConversionState>) -> SlotBuffer {
        let inUse = state.pointee.fieldSlotsInUse
        guard count <= stackCapacity - inUse else {
            return SlotBuffer(slots: UnsafeMutableBufferPointer<Int32>.allocate(capacity: count))
        }
        state.pointee.fieldSlotsInUse = inUse + count
        let start = stack(of: state) + inUse
        return SlotBuffer(slots: UnsafeMutableBufferPointer(start: start, count: count))
    }

    /// The slots after `state`, bound to `Int32` (binding again is free, and the bytes hold
    /// nothing else).
    @inline(__always)
    private static func stack(of state: ThreadLocalValue<ConversionState>) -> UnsafeMutablePointer<Int32> {
        state.trailingBytes.bindMemory(to: Int32.self, capacity: stackCapacity)
    }

    /// Gives back `slots`, the last that ``push(_:on:)`` gave on `state` and not given back.
    @inline(__always)
    static func pop(_ slots: SlotBuffer, on state: ThreadLocalValue<ConversionState>) {
        let base = stack(of: state)
        let inUse = state.pointee.fieldSlotsInUse
        // The last slots pushed on the stack end where its used part ends; allocated ones are
        // a block of their own, which cannot start inside the state's allocation.
        if slots.count <= inUse, slots.slots.baseAddress == base + (inUse - slots.count) {
            state.pointee.fieldSlotsInUse = inUse - slots.count
            return
        }
        assert(slots.slots.baseAddress.map { $0 < base || $0 >= base + stackCapacity } ?? true, "field slots given back out of order")
        slots.slots.deallocate()
    }
}

/// A dictionary (a response object or an archive) that a key map decodes, not copied, and where
/// each of the map's fields is in it, for one decode: the index of the field's key, `nil` when it
/// is missing. Kept as indices, not values, so that a value is copied once, when its field is
/// decoded; and the dictionary is borrowed, not held, so that passing this on retains nothing.
///
/// Invariants: as ``SlotBuffer``'s: used only inside the ``with(_:count:_:)`` call that gave it
/// (while the caller's dictionary is borrowed for the call), at an index in `0 ..< count`; every
/// slot holds `nil` until set, and a slot set holds an index of that dictionary. Debug builds check
/// each access against `count`, and each index against the dictionary's.
///
/// ```swift
/// try DictionarySlots.with(object, count: fields.count) { found throws(ArchiveDecodingError) in
///     KeyMapField.locate(fields, in: object, from: source, into: found)
///     // … construct the model from found.value(at:)
/// }
/// ```
struct DictionarySlots {
    private let slots: UnsafeMutableBufferPointer<[String: Any].Index?>
    private let borrowed: UnsafePointer<[String: Any]>?

    private init(_ borrowed: UnsafePointer<[String: Any]>?, slots: UnsafeMutableBufferPointer<[String: Any].Index?>) {
        self.borrowed = borrowed
        self.slots = slots
    }

    /// No dictionary and no slots: what a decode from a parsed document, which finds its fields
    /// by ``SlotBuffer``, is given.
    static var none: DictionarySlots { DictionarySlots(nil, slots: UnsafeMutableBufferPointer(start: nil, count: 0)) }

    static let inlineCount = 16

    /// Calls `body` with `dictionary` and `count` slots, each `nil`, valid until it returns. As
    /// ``FieldSlots``, the slots of a map of up to 16 fields are a tuple on the stack, which
    /// needs no metadata of the closure's result at run time (`withUnsafeTemporaryAllocation`
    /// did, on every decode).
    @inline(__always)
    static func with<Model>(
        _ dictionary: [String: Any], count: Int, _ body: (DictionarySlots) throws(ArchiveDecodingError) -> Model
    ) throws(ArchiveDecodingError) -> Model {
        try withUnsafePointer(to: dictionary) { (borrowed) throws(ArchiveDecodingError) -> Model in
            guard count <= inlineCount else {
                let slots = UnsafeMutableBufferPointer<[String: Any].Index?>.allocate(capacity: count)
                slots.initialize(repeating: nil)
                defer {
                    slots.deinitialize()
                    slots.deallocate()
                }
                return try body(DictionarySlots(borrowed, slots: slots))
            }
            // A homogeneous tuple is laid out as an array of its element; the tuple, not the
            // pointer, owns the indices, and frees them when the call returns.
            var storage: Inline = (nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil)
            return try withUnsafeMutablePointer(to: &storage) { (tuple) throws(ArchiveDecodingError) -> Model in
                let first = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: [String: Any].Index?.self)
                return try body(DictionarySlots(borrowed, slots: UnsafeMutableBufferPointer(start: first, count: count)))
            }
        }
    }

    private typealias Index = [String: Any].Index?
    private typealias Inline = (Index, Index, Index, Index, Index, Index, Index, Index, Index, Index, Index, Index, Index, Index, Index, Index)

    var count: Int { slots.count }

    /// The dictionary, copied: for what is not the common path.
    var dictionary: [String: Any] { borrowed?.pointee ?? [:] }

    /// The value whose key is at the index in slot `index`, which is set.
    @inline(__always)
    func value(at index: Int) -> Any {
        let position = slots[checked: index]!
        assert(borrowed!.pointee.indices.contains(position), "no entry of the dictionary at \(position)")
        return borrowed.unsafelyUnwrapped.pointee.values[position]
    }

    @inline(__always)
    subscript(index: Int) -> [String: Any].Index? {
        get { slots[checked: index] }
        nonmutating set { slots[checked: index] = newValue }
    }
}

extension UnsafeMutableBufferPointer {
    /// The slot at `index`, which debug builds check against `count`: the buffers' invariant.
    @inlinable @inline(__always)
    subscript(checked index: Int) -> Element {
        get {
            assert(index >= 0 && index < count, "slot \(index) of \(count)")
            return self[index]
        }
        nonmutating set {
            assert(index >= 0 && index < count, "slot \(index) of \(count)")
            self[index] = newValue
        }
    }
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
