import Foundation

/// Bytes written one after another into a growing buffer: the one way the library writes raw
/// bytes (the binary property list writer's objects, tables and trailer, its string arena), so
/// that, with ``ByteReader``, the pointer arithmetic lives in these two files.
///
/// Most bytes are appended with the array's own checks. Runs of many small numbers (a property
/// list's references and offset table) are written into room set aside for them
/// (``appendSpace(_:_:)``) through a ``Space``, which moves a pointer along without a check per
/// byte in release builds. Invariant: a `Space` writes exactly the room it was given, no byte
/// past it (checked by `assert` on every write in debug builds) and none left unwritten (checked
/// when it is handed back).
///
/// ```swift
/// var writer = ByteWriter()
/// writer.append(0x10)
/// writer.appendBigEndian(UInt16(0x0102))
/// writer.appendSpace(2) { space in space.appendBigEndian(0x0304, width: 2) }
/// writer.data  // 10 01 02 03 04
/// ```
struct ByteWriter {
    private var bytes: [UInt8] = []

    init() {}

    /// How many bytes have been written.
    var count: Int { bytes.count }
    /// How many bytes the buffer holds on to.
    var capacity: Int { bytes.capacity }
    /// A copy of the bytes written.
    var data: Data { Data(bytes) }

    mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// Forgets the bytes, keeping the room they took.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    // MARK: Appending

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(contentsOf other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    @inline(__always)
    mutating func append(contentsOf other: ByteReader) {
        other.append(to: &bytes)
    }

    mutating func append(contentsOf data: Data) {
        ByteReader.withBytes(of: data) { append(contentsOf: $0) }
    }

    /// Appends `count` zeros.
    mutating func appendZeros(_ count: Int) {
        bytes.append(contentsOf: repeatElement(0, count: count))
    }

    /// Appends `value`'s bytes, most significant first.
    @inline(__always)
    mutating func appendBigEndian<Value: FixedWidthInteger>(_ value: Value) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    /// Adds `count` bytes that `write` fills in through a ``Space``: the runs of thousands of 1-
    /// to 4-byte numbers a property list's tables are, for which each `Array.append`'s checks
    /// cost more than the byte.
    mutating func appendSpace(_ count: Int, _ write: (inout Space) -> Void) {
        guard count > 0 else { return }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBytes { buffer in
            var space = Space(start: buffer.baseAddress! + start, count: count)
            write(&space)
            assert(space.isFull, "\(space.left) bytes of \(count) left unwritten")
        }
    }

    /// Whether the `other.count` bytes written at `offset` are `other`'s.
    @inline(__always)
    func contains(_ other: ByteReader, at offset: Int) -> Bool {
        ByteReader.withBytes(of: bytes) { $0.contains(other, at: offset) }
    }

    /// A string of at most `capacity` bytes of UTF-8 that `write` writes through a ``Space``,
    /// which it need not fill: the text is the bytes written. They must be valid UTF-8 (a
    /// transcoder's output), which is not checked again.
    static func string(capacity: Int, _ write: (inout Space) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var space = Space(start: UnsafeMutableRawPointer(base), count: capacity)
            write(&space)
            return capacity - space.left
        }
    }

    // MARK: Space

    /// Room set aside for bytes, written from its start to its end without a check per byte in
    /// release builds (debug builds check each). It exists only while the closure it is given to
    /// runs, and must not be kept.
    struct Space {
        private var position: UnsafeMutableRawPointer
        private let end: UnsafeMutableRawPointer

        fileprivate init(start: UnsafeMutableRawPointer, count: Int) {
            position = start
            end = start + count
        }

        /// How many bytes are left to write.
        var left: Int { end - position }
        var isFull: Bool { position == end }

        @inline(__always)
        mutating func append(_ byte: UInt8) {
            assert(position < end, "a write past the room set aside")
            position.storeBytes(of: byte, as: UInt8.self)
            position += 1
        }

        /// Writes the low `width` bytes of `value`, most significant first.
        @inline(__always)
        mutating func appendBigEndian(_ value: Int, width: Int) {
            assert(width >= 1 && width <= 8 && width <= left, "a write past the room set aside")
            // The widths a store of thousands of objects meets, unrolled.
            switch width {
            case 1:
                position.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
            case 2:
                position.storeBytes(of: UInt8(truncatingIfNeeded: value >> 8), as: UInt8.self)
                position.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: 1, as: UInt8.self)
            case 3:
                position.storeBytes(of: UInt8(truncatingIfNeeded: value >> 16), as: UInt8.self)
                position.storeBytes(of: UInt8(truncatingIfNeeded: value >> 8), toByteOffset: 1, as: UInt8.self)
                position.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: 2, as: UInt8.self)
            default:
                var shift = (width - 1) * 8
                var offset = 0
                while shift >= 0 {
                    position.storeBytes(of: UInt8(truncatingIfNeeded: value >> shift), toByteOffset: offset, as: UInt8.self)
                    offset += 1
                    shift -= 8
                }
            }
            position += width
        }
    }
}
