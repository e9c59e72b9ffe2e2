import Foundation

/// Bytes written one after another into a growing buffer: the one way the library writes raw
/// bytes (the binary property list writer's objects, tables and trailer, its string arena), so
/// that, with ``ByteReader``, the pointer arithmetic lives in these two files. The one other
/// write in place of a buffer, the id sort's (`Array.sortDistinct(by:)`), is at the end of this file.
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

// MARK: - Sorting in place

extension Array {
    /// Sorts the elements in place by `isLess`, for elements no two of which are equal (each
    /// holds its position, say), so that this unstable sort gives the one order a stable sort
    /// would. A quicksort (the median of three as pivot, insertion sort below 17 elements),
    /// which moves and compares fewer elements than the standard library's merge sort, run
    /// over the array's buffer without a bounds or uniqueness check per access; past
    /// 2 log₂ n partitions (elements ordered to defeat the median of three) the rest goes to
    /// the standard library's sort, so it stays O(n log n).
    ///
    /// Invariants: every access lies within the buffer whatever `isLess` answers (each scan is
    /// bounded by the partition it scans), so a wrong comparison gives a wrong order, never a
    /// read outside the array. `isLess` must be a strict weak order, hence irreflexive: debug
    /// builds check that no pivot is less than itself, and that the result is in order.
    ///
    /// ```swift
    /// var keys = [(3, 0), (1, 1), (2, 2)]
    /// keys.sortDistinct { $0.0 < $1.0 }  // [(1, 1), (2, 2), (3, 0)]
    /// ```
    mutating func sortDistinct(by isLess: (Element, Element) -> Bool) {
        let depthLimit = 2 * (Int.bitWidth - count.leadingZeroBitCount)
        withUnsafeMutableBufferPointer { Self.quicksort($0, depthLimit: depthLimit, by: isLess) }
        assert(indices.dropFirst().allSatisfy { !isLess(self[$0], self[$0 - 1]) }, "a comparison that is not a strict weak order")
    }

    private static func quicksort(
        _ elements: UnsafeMutableBufferPointer<Element>, depthLimit: Int, by isLess: (Element, Element) -> Bool
    ) {
        var elements = elements
        var depth = depthLimit
        while elements.count > 16 {
            if depth == 0 { return elements.sort(by: isLess) }
            depth -= 1
            // The median of the first, middle and last element goes first, as the pivot.
            let (first, middle, last) = (0, elements.count / 2, elements.count - 1)
            if isLess(elements[middle], elements[first]) { elements.swapAt(middle, first) }
            if isLess(elements[last], elements[middle]) {
                elements.swapAt(last, middle)
                if isLess(elements[middle], elements[first]) { elements.swapAt(middle, first) }
            }
            elements.swapAt(first, middle)
            let pivot = elements[first]
            assert(!isLess(pivot, pivot), "a comparison that is not irreflexive")
            var low = 1, high = last
            while true {
                while low <= high, isLess(elements[low], pivot) { low += 1 }
                while high > first, isLess(pivot, elements[high]) { high -= 1 }
                if low >= high { break }
                elements.swapAt(low, high)
                low += 1
                high -= 1
            }
            elements.swapAt(first, high)
            // The smaller side first, by recursion, so that the stack stays logarithmic.
            let left = UnsafeMutableBufferPointer(rebasing: elements[..<high])
            let right = UnsafeMutableBufferPointer(rebasing: elements[(high + 1)...])
            if left.count < right.count {
                quicksort(left, depthLimit: depth, by: isLess)
                elements = right
            } else {
                quicksort(right, depthLimit: depth, by: isLess)
                elements = left
            }
        }
        // Insertion sort for the last few.
        for index in elements.indices.dropFirst() {
            let element = elements[index]
            var position = index
            while position > 0, isLess(element, elements[position - 1]) {
                elements[position] = elements[position - 1]
                position -= 1
            }
            elements[position] = element
        }
    }
}
