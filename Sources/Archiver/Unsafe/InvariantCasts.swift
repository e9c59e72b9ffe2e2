/// The casts that rely on an invariant the type system cannot see, in one place: each is checked
/// by `assert` in debug builds and free in release builds, and each caller states the invariant
/// where it casts.
///
/// They exist for code that is not compiled for the app's types (the library's generic code runs
/// unspecialized for an app's models and ids), where a checked cast (`as!`) looks up the target
/// type's metadata and asks the runtime on every call.
///
/// ```swift
/// // The entry was stored for `Value`, as its type identifier says.
/// guard entry.type == ObjectIdentifier(Value.self) else { return nil }
/// return InvariantCasts.downcast(entry.value, to: Box<Value>.self).value
/// ```
@usableFromInline
enum InvariantCasts {
    /// `object` as `Target`, which the caller knows it is.
    @inlinable @inline(__always)
    static func downcast<Target: AnyObject>(_ object: AnyObject, to _: Target.Type) -> Target {
        assert(object is Target, "\(type(of: object)) is not \(Target.self)")
        return unsafeDowncast(object, to: Target.self)
    }

    /// The value `optional` holds, which the caller knows is there.
    @inlinable @inline(__always)
    static func unwrapped<Wrapped>(_ optional: Wrapped?) -> Wrapped {
        assert(optional != nil, "no \(Wrapped.self)")
        return optional.unsafelyUnwrapped
    }

    /// Calls `body` with `objects[index]` as `Target`, which the caller knows it is, without
    /// retaining it: `objects`, which the caller holds for the call, keeps it alive while `body`
    /// runs, and `body` must not keep it. (The array and index are taken, not the element: an
    /// element passed in would be retained for the whole call.)
    @inline(__always)
    static func withUnretained<Target: AnyObject, Result, Failure: Error>(
        _ objects: [AnyObject], at index: Int, as _: Target.Type, _ body: (Target) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try Unmanaged.passUnretained(downcast(objects[index], to: Target.self))._withUnsafeGuaranteedRef { target in
            Swift.Result { () throws(Failure) -> Result in try body(target) }
        }.get()
    }

    /// Calls `body` with `elements[index]`, not retained: `elements`, which the caller holds for
    /// the call, keeps it alive while `body` runs, and `body` must not keep it. A key map's
    /// construct closure reads each field this way: a retain and a release per field would buy nothing.
    ///
    /// The decode's forms throw `ArchiveDecodingError` itself, caught and cast, rather than any
    /// failure carried in a `Result` as above: in the library's code for an app's model that
    /// `Result` is not specialized, and its metadata was looked up on every field. The store's
    /// walk, compiled per sink, keeps the `Result` form, which costs it less than the cast.
    @inline(__always)
    static func withUnretained<Element: AnyObject, Result>(
        _ elements: [Element], at index: Int, _ body: (Element) throws(ArchiveDecodingError) -> Result
    ) throws(ArchiveDecodingError) -> Result {
        do {
            return try Unmanaged.passUnretained(elements[index])._withUnsafeGuaranteedRef(body)
        } catch {
            // `_withUnsafeGuaranteedRef` rethrows untyped; `body` throws nothing else.
            throw error as! ArchiveDecodingError
        }
    }

    /// Calls `body` with `object`, which the caller knows is a `Target`, not retained: `object`
    /// is a stored property of a value the caller borrows for the call, and `body` must not keep
    /// it. (The optional stored reference is taken, not the cast object: a cast object passed in
    /// is a new reference, retained for the whole call.)
    @inline(__always)
    static func withUnretained<Target: AnyObject, Result>(
        _ object: AnyObject?, as _: Target.Type, _ body: (Target) throws(ArchiveDecodingError) -> Result
    ) throws(ArchiveDecodingError) -> Result {
        do {
            return try Unmanaged.passUnretained(downcast(unwrapped(object), to: Target.self))._withUnsafeGuaranteedRef(body)
        } catch {
            // `_withUnsafeGuaranteedRef` rethrows untyped; `body` throws nothing else.
            throw error as! ArchiveDecodingError
        }
    }

    /// Calls `body` with `object`, which the caller knows is a `Target`, not retained, as above.
    @inline(__always)
    static func withUnretained<Target: AnyObject, Result>(_ object: AnyObject?, as _: Target.Type, _ body: (Target) -> Result) -> Result {
        Unmanaged.passUnretained(downcast(unwrapped(object), to: Target.self))._withUnsafeGuaranteedRef(body)
    }

    /// The value at `pointer` as `Target`, which the caller knows is `Source` itself, moved out
    /// rather than copied, `replacement` left in its place. In code not compiled for the model's
    /// type (the library's, for an app's models) a copy into a generic result goes through the
    /// value witness (for a `String` of more than 15 bytes an atomic retain) and then releases
    /// the original: an atomic pair per value, for nothing.
    @inlinable @inline(__always)
    static func moving<Source, Target>(_ pointer: UnsafeMutablePointer<Source>, as _: Target.Type, leaving replacement: Source) -> Target {
        assert(Source.self == Target.self, "\(Source.self) is not \(Target.self)")
        let target = UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: Target.self).move()
        pointer.initialize(to: replacement)
        return target
    }

    /// `value` as `Target`, which the caller knows is `Source` itself (a generic parameter that
    /// a type comparison has shown to be a concrete type, or the reverse).
    @inlinable @inline(__always)
    static func sameType<Source, Target>(_ value: Source, as _: Target.Type) -> Target {
        assert(Source.self == Target.self, "\(Source.self) is not \(Target.self)")
        return unsafeBitCast(value, to: Target.self)
    }
}

// MARK: - Objects held by someone else

/// An object that whoever made the handle holds for as long as the handle is used: reading it
/// retains nothing. A key map's decode from a parsed document holds the document for the whole
/// decode, and reads it once per field: a retain and a release per read would buy nothing.
///
/// Invariants: the object outlives every use of the handle (a handle lives only inside the call
/// that made it, as ``KeyMapObject`` does), and `body` keeps no reference to it. Debug builds keep
/// a weak reference and check on every use that the object is still there.
///
/// ```swift
/// let held = Unretained(document)               // the caller holds `document` for the decode
/// held.with { document in document.tokens[0] }  // no retain
/// ```
@usableFromInline
struct Unretained<Object: AnyObject> {
    @usableFromInline let reference: Unmanaged<Object>
    #if DEBUG
    @usableFromInline weak var object: Object?
    #endif

    @inline(__always)
    init(_ object: Object) {
        reference = .passUnretained(object)
        #if DEBUG
        self.object = object
        #endif
    }

    /// Calls `body` with the object, not retained. Inlinable: a key map's construct closure,
    /// compiled for the model, reads its fields' JSON through it.
    @inlinable @inline(__always)
    func with<Result>(_ body: (Object) throws(ArchiveDecodingError) -> Result) throws(ArchiveDecodingError) -> Result {
        #if DEBUG
        assert(object != nil, "an unretained \(Object.self) was used after it was freed")
        #endif
        do {
            return try reference._withUnsafeGuaranteedRef(body)
        } catch {
            // `_withUnsafeGuaranteedRef` rethrows untyped; `body` throws nothing else.
            throw error as! ArchiveDecodingError
        }
    }

    /// Calls `body` with the object, not retained.
    @inline(__always)
    func with<Result>(_ body: (Object) -> Result) -> Result {
        #if DEBUG
        assert(object != nil, "an unretained \(Object.self) was used after it was freed")
        #endif
        return reference._withUnsafeGuaranteedRef(body)
    }
}

// MARK: - Reads of a model's memory

/// The address of a model in memory (or of a key-mapped property inside one), which the readers
/// and writers a key map builds per property are given: its properties are read where they are,
/// at verified offsets (``KeyMapStoredOffsets``), through this type: the library's only reads of
/// memory by address besides ``ByteReader``'s.
///
/// Invariants: an address is valid only inside the ``KeyMapStoredOffsets/withAddress(of:_:)``
/// or ``KeyMapStoredOffsets/forEachElement(of:_:)`` call that gave it, and is read only at an
/// offset that ``KeyMapStoredOffsets/verifiedOffsets(parameters:declaredTypes:placeholder:instances:)``
/// returned for a property of the type read: aligned for it (the layout rule aligns each
/// property) and holding one, which the model's memory, bound to the model's type, binds to that
/// type. Debug builds check, on every read, that it lies within the model and is aligned
/// (``isReadable(_:at:)``).
///
/// ```swift
/// KeyMapStoredOffsets.withAddress(of: user) { address in
///     address[String.self, at: offset]  // user's property at `offset`, a verified offset of a String
/// }
/// ```
@usableFromInline
struct ModelAddress {
    @usableFromInline let base: UnsafeRawPointer
    #if DEBUG
    /// How many bytes from `base` are the model's.
    @usableFromInline let size: Int
    #endif

    @inlinable
    init(_ base: UnsafeRawPointer, size: Int) {
        self.base = base
        #if DEBUG
        self.size = size
        #endif
    }

    /// The stored property of type `Value` at `offset` (a verified offset of a `Value`: see the
    /// type's invariants), read where it is: a borrow, not a copy, when passed on. At offset 0,
    /// with the model's own type, the model itself.
    @inlinable
    subscript<Value>(_ type: Value.Type, at offset: Int) -> Value {
        unsafeAddress {
            assert(isReadable(Value.self, at: offset), "no \(Value.self) at offset \(offset)")
            return (base + offset).assumingMemoryBound(to: Value.self)
        }
    }

    /// The address of the key-mapped property at `offset`, whose own properties are read there.
    @inlinable
    func nested(at offset: Int) -> ModelAddress {
        #if DEBUG
        assert(offset >= 0 && offset <= size, "offset \(offset) outside a model of \(size) bytes")
        return ModelAddress(base + offset, size: size - offset)
        #else
        return ModelAddress(base + offset, size: 0)
        #endif
    }

    /// Whether a `Value` at `offset` lies within the model and is aligned: what debug builds
    /// check of every read.
    @usableFromInline
    func isReadable<Value>(_: Value.Type, at offset: Int) -> Bool {
        let aligned = Int(bitPattern: base + offset) % MemoryLayout<Value>.alignment == 0
        #if DEBUG
        return aligned && offset >= 0 && offset <= size - MemoryLayout<Value>.size
        #else
        return aligned && offset >= 0
        #endif
    }
}

extension KeyMapStoredOffsets {
    /// Calls `body` with the address of `model`, for ``ModelAddress/subscript(_:at:)``, once per
    /// model archived or stored rather than once per property.
    @inlinable @inline(__always)
    static func withAddress<Model, Result, Failure: Error>(
        of model: Model, _ body: (ModelAddress) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafeBytes(of: model) { (bytes) throws(Failure) -> Result in
            // A model of zero size has no bytes, and no stored property of any size to read.
            try body(ModelAddress(bytes.baseAddress ?? UnsafeRawPointer(bitPattern: MemoryLayout<Model>.alignment)!, size: bytes.count))
        }
    }

    /// Calls `body` with the address of each element of `array`, for
    /// ``ModelAddress/subscript(_:at:)`` at offset 0, and its index, in order: an array of models
    /// archived or written as JSON where its elements are, without a copy of each.
    static func forEachElement<Element, Failure: Error>(
        of array: [Element], _ body: (ModelAddress, Int) throws(Failure) -> Void
    ) throws(Failure) {
        try array.withUnsafeBufferPointer { (elements) throws(Failure) in
            guard let first = elements.baseAddress else { return }
            for index in elements.indices {
                try body(ModelAddress(UnsafeRawPointer(first + index), size: MemoryLayout<Element>.size), index)
            }
        }
    }
}
