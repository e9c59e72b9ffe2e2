import Foundation

/// Contiguous bytes read in place, at offsets: the one way the library reads raw bytes (a binary
/// property list, a file name's UTF-8, a string's text), so that the pointer arithmetic lives in
/// this file and ``ByteWriter``'s.
///
/// A reader does not own its bytes. It is made for the length of a closure
/// (``withBytes(of:_:)-(Data,_)``, ``withUTF8(of:_:)``), or by a ``ByteStorage`` its holder keeps
/// alive; it must not outlive them.
///
/// Invariant: every byte a read touches lies in `0 ..< count`. Debug builds check it on every
/// read (`assert`); release builds trust the caller, who has checked the offsets once (the binary
/// property list document checks every offset when it is made), as a decoder reading a field
/// per value cannot afford a check per byte. Reads of a word (``word(at:)``,
/// ``bigEndian(at:width:)``) take eight bytes, so a caller reading a narrower field near the
/// end must know that eight bytes are there (a property list's 32-byte trailer follows
/// everything read as a field).
///
/// ```swift
/// ByteReader.withBytes(of: Data([0x62, 0x70, 0x01, 0x02])) { bytes in
///     bytes[0]                                // 0x62
///     bytes.string(at: 0, count: 2)           // "bp"
/// }
/// ```
struct ByteReader: @unchecked Sendable {
    // Sendable: the bytes are read, never written, through a reader.
    private let base: UnsafeRawPointer
    /// How many bytes may be read.
    let count: Int

    fileprivate init(base: UnsafeRawPointer?, count: Int) {
        assert(count >= 0 && (base != nil || count == 0), "\(count) bytes without an address")
        // An empty buffer may have no address; nothing is read from one, so any address does.
        self.base = base ?? UnsafeRawPointer(bitPattern: MemoryLayout<UInt64>.alignment)!
        self.count = count
    }

    /// Reads `data`'s bytes for as long as `body` runs.
    static func withBytes<Result, Failure: Error>(
        of data: Data, _ body: (ByteReader) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try data.withUnsafeBytes { buffer in
            Swift.Result { () throws(Failure) -> Result in try body(ByteReader(base: buffer.baseAddress, count: buffer.count)) }
        }.get()
    }

    /// Reads `bytes` for as long as `body` runs.
    @inline(__always)
    static func withBytes<Result>(of bytes: [UInt8], _ body: (ByteReader) -> Result) -> Result {
        bytes.withUnsafeBytes { body(ByteReader(base: $0.baseAddress, count: $0.count)) }
    }

    /// Reads `string`'s UTF-8 for as long as `body` runs (made contiguous first if it is not, as
    /// a bridged string may not be: hence `inout`, which also spares the caller's string a copy).
    @inline(__always)
    static func withUTF8<Result>(of string: inout String, _ body: (ByteReader) -> Result) -> Result {
        string.withUTF8 { body(ByteReader(base: UnsafeRawPointer($0.baseAddress), count: $0.count)) }
    }

    /// Reads `string`'s UTF-8 for as long as `body` runs, when the string holds it contiguously
    /// (a native string does; a bridged one may not), else `nil`, and the caller walks
    /// `string.utf8`. Unlike ``withUTF8(of:_:)``, it takes the string borrowed: no copy of it,
    /// and no retain, per string written.
    @inline(__always)
    static func withContiguousUTF8<Result>(of string: String, _ body: (ByteReader) -> Result) -> Result? {
        string.utf8.withContiguousStorageIfAvailable { body(ByteReader($0)) }
    }

    /// The text of `string` before `suffix`, and whether that text is ASCII, when `string`'s
    /// UTF-8 ends in `suffix`'s bytes; else `nil`. (A file name's stem: cut from the contiguous
    /// bytes, not a slice of the UTF-8 view, which `String(decoding:)` reads byte by byte.) Both
    /// are made contiguous first (copies of them) if they are not.
    @inline(__always)
    static func text(of string: String, beforeSuffix suffix: String) -> (text: String, isASCII: Bool)? {
        var string = string, suffix = suffix
        return string.withUTF8 { bytes in
            suffix.withUTF8 { end in
                let cut = bytes.count - end.count
                guard cut >= 0 else { return nil }
                for offset in 0 ..< end.count where bytes[cut + offset] != end[offset] { return nil }
                let text = UnsafeBufferPointer(rebasing: bytes[..<cut])
                return (String(decoding: text, as: UTF8.self), ByteReader(text).isASCII)
            }
        }
    }

    /// Appends `source`'s bytes to `array`, taking `source` borrowed: `append(contentsOf:)` of
    /// the array itself takes it owned, a retain and a release per call.
    @inline(__always)
    static func append(_ source: [UInt8], to array: inout [UInt8]) {
        source.withUnsafeBufferPointer { array.append(contentsOf: $0) }
    }

    // MARK: Reading

    /// The byte at `offset`.
    @inline(__always)
    subscript(offset: Int) -> UInt8 {
        assert(offset >= 0 && offset < count, "byte \(offset) of \(count)")
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// The `Integer` in memory at `offset`, in the machine's byte order.
    @inline(__always)
    private func load<Integer: FixedWidthInteger>(_: Integer.Type, at offset: Int) -> Integer {
        checkRange(offset, MemoryLayout<Integer>.size)
        return base.loadUnaligned(fromByteOffset: offset, as: Integer.self)
    }

    /// Asserts, in debug builds, that the `count` bytes at `offset` are the reader's.
    @inline(__always)
    private func checkRange(_ offset: Int, _ count: Int) {
        assert(offset >= 0 && count >= 0 && offset <= self.count - count, "\(count) bytes at \(offset) of \(self.count)")
    }

    /// The eight bytes at `offset` as one word, the first in its lowest eight bits (in memory
    /// order on a little-endian machine): how byte patterns are or-ed and compared a word at a time.
    @inline(__always)
    func word(at offset: Int) -> UInt64 {
        UInt64(littleEndian: load(UInt64.self, at: offset))
    }

    /// The big-endian unsigned integer of `width` (1 to 8) bytes at `offset`, read as eight
    /// bytes and shifted: eight bytes from `offset` must be there (see the type's invariant).
    ///
    /// The masking shift and wrapping arithmetic are exact for widths 1 to 8 (a shift of 0 to
    /// 56), and spare every read the checks for a shift of 64 or more and for overflow, which
    /// the compiler cannot rule out.
    @inline(__always)
    func bigEndian(at offset: Int, width: Int) -> UInt64 {
        assert(width >= 1 && width <= 8, "width \(width)")
        return UInt64(bigEndian: load(UInt64.self, at: offset)) &>> (64 &- 8 &* width)
    }

    /// The big-endian 16-bit unit at `offset`: a UTF-16 code unit of a property list string.
    @inline(__always)
    func bigEndianUInt16(at offset: Int) -> UInt16 {
        UInt16(bigEndian: load(UInt16.self, at: offset))
    }

    /// The `count` bytes at `offset` decoded as UTF-8 (ill-formed sequences repaired, as
    /// `String(decoding:as:)` repairs them).
    @inline(__always)
    func string(at offset: Int, count: Int) -> String {
        checkRange(offset, count)
        return String(decoding: UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: UInt8.self), count: count), as: UTF8.self)
    }

    /// A copy of the `count` bytes at `offset`.
    func data(at offset: Int, count: Int) -> Data {
        checkRange(offset, count)
        return Data(bytes: base + offset, count: count)
    }

    /// The `count` bytes at `offset`, as a reader of their own (offset 0 is `offset` here).
    @inline(__always)
    func bytes(at offset: Int, count: Int) -> ByteReader {
        checkRange(offset, count)
        return ByteReader(base: base + offset, count: count)
    }

    /// Whether the bytes at `offset` are `other`'s, all `other.count` of them.
    @inline(__always)
    func contains(_ other: ByteReader, at offset: Int) -> Bool {
        checkRange(offset, other.count)
        return other.count == 0 || memcmp(base + offset, other.base, other.count) == 0
    }

    /// Appends the bytes to `array`, copied at once: how a ``ByteWriter`` takes them.
    @inline(__always)
    func append(to array: inout [UInt8]) {
        array.append(contentsOf: UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Whether the reader's bytes begin with `prefix`.
    func starts(with prefix: [UInt8]) -> Bool {
        prefix.count <= count && ByteReader.withBytes(of: prefix) { contains($0, at: 0) }
    }

    /// The first 16 bytes (all of them, if fewer) as two big-endian words, zero past the end:
    /// texts of bytes order as their words do, up to their 16th byte. Copied into the words at
    /// once, not assembled byte by byte.
    @inline(__always)
    func leadingBigEndianWords() -> (high: UInt64, low: UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base, count: Swift.min(count, 16))) }
        return (UInt64(bigEndian: words.0), UInt64(bigEndian: words.1))
    }

    /// Whether every byte is ASCII, tested eight at a time: most texts the library tests (ids,
    /// keys, file names) are a few words long, where a vectorized loop's set-up costs more than
    /// the loop.
    @inline(__always)
    var isASCII: Bool {
        var bits: UInt64 = 0
        var index = 0
        while index &+ 8 <= count {
            bits |= word(at: index)
            index &+= 8
        }
        while index < count {
            bits |= UInt64(self[index])
            index &+= 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }

    /// Whether the `count` bytes at `offset` are ASCII, where eight bytes from any offset up to
    /// `offset + count` may be read (see the type's invariant): the last word is read whole and
    /// masked, rather than byte by byte.
    @inline(__always)
    func isASCII(at offset: Int, count: Int) -> Bool {
        var bits: UInt64 = 0
        var index = 0
        while index &+ 8 <= count {
            bits |= word(at: offset &+ index)
            index &+= 8
        }
        if index < count {
            // The bytes past the text are in the word's high bytes: keep the first `count - index`.
            bits |= word(at: offset &+ index) & (UInt64.max &>> (64 &- 8 &* (count &- index)))
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }
}

/// Memory of the library's own that bytes are copied into, at an address that stays put for the
/// storage's life, read through ``reader``: what a document that hands out values long after
/// it was made reads. A JSON text's storage is kept for the next text (``JSONScratch``) and
/// filled again; whoever fills it holds it alone, and it is only read after.
///
/// ```swift
/// let storage = ByteStorage.copying(data)
/// storage.reader[0]  // data[0]
/// ```
final class ByteStorage: ManagedBuffer<Int, UInt8> {
    // The bytes follow the object in its one allocation (the header is how many the last fill
    // wrote), so that a small text costs one allocation, not two. Not Sendable, as no
    // `ManagedBuffer` is: a holder that shares it is Sendable when it fills it once, alone, and
    // only reads it after.

    /// Memory for at least `capacity` bytes, not yet filled.
    static func make(capacity: Int) -> ByteStorage {
        // `create` makes an instance of the class it is called on, typed as the superclass.
        unsafeDowncast(create(minimumCapacity: max(capacity, 1)) { _ in 0 }, to: ByteStorage.self)
    }

    /// A copy of `data`.
    static func copying(_ data: Data) -> ByteStorage {
        let storage = make(capacity: data.count)
        storage.fill(with: data)
        return storage
    }

    /// The bytes of the last fill, with its padding.
    var reader: ByteReader {
        withUnsafeMutablePointers { filled, bytes in ByteReader(base: UnsafeRawPointer(bytes), count: filled.pointee) }
    }

    /// Copies `data` here, followed by `padding` zero bytes, and reads them all: ``reader`` and
    /// the result hold `data.count + padding` bytes, which stay where they are for the storage's life.
    @discardableResult
    func fill(with data: Data, padding: Int = 0) -> ByteReader {
        precondition(padding >= 0 && data.count <= capacity - padding, "\(data.count) + \(padding) bytes in \(capacity)")
        return withUnsafeMutablePointers { filled, bytes in
            data.copyBytes(to: bytes, count: data.count)
            (bytes + data.count).initialize(repeating: 0, count: padding)
            filled.pointee = data.count + padding
            return ByteReader(base: UnsafeRawPointer(bytes), count: filled.pointee)
        }
    }
}

extension ByteReader {
    /// Reads the `count` bytes at `address`, which the caller keeps valid and unchanged while
    /// the reader is used: for callers that still hold a pointer.
    init(_ address: UnsafePointer<UInt8>, count: Int) {
        self.init(base: UnsafeRawPointer(address), count: count)
    }

    /// Reads `buffer`'s bytes, which the caller keeps valid and unchanged while the reader is used.
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.init(base: UnsafeRawPointer(buffer.baseAddress), count: buffer.count)
    }
}

// A reader is a collection of its bytes, so that generic byte code (number parsing, error
// positions, comparisons) reads it as it reads an array, and `String(decoding:)` copies it at once.
extension ByteReader: RandomAccessCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { count }

    func withContiguousStorageIfAvailable<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        try body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count))
    }
}

extension ByteReader {
    /// The `count` bytes at `offset` as a `String`, which the caller has checked are well-formed
    /// UTF-8 (and ASCII throughout when `isASCII`), as the JSON reader checks every string: made
    /// without checking them again where the standard library can (`String(decoding:)` would).
    /// Debug builds check them again all the same.
    @inline(__always)
    func string(checkedUTF8At offset: Int, count: Int, isASCII: Bool) -> String {
        checkRange(offset, count)
        let bytes = UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: UInt8.self), count: count)
        // Decoding repairs ill-formed UTF-8, so the text's bytes differ from the input's.
        assert(String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes), "\(count) bytes at \(offset) are not UTF-8")
        assert(!isASCII || bytes.allSatisfy { $0 < 0x80 }, "\(count) bytes at \(offset) are not ASCII")
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
