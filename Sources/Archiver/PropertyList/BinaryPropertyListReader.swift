import Foundation

/// Reads a binary property list that may have been damaged or crafted.
///
/// Every offset, count and object reference is checked against the bytes before it is used, so a
/// bad file ends in ``PropertyListError/malformed(reason:)``, never a trap. Work and memory stay in
/// proportion to the file: each object is decoded once and kept for later references (so a shared
/// object cannot multiply), nothing is sized from the trailer but four bytes per object its offset
/// table holds, a count cannot claim more elements than the bytes could hold, nesting is bounded,
/// and an object that contains itself is refused.
///
/// Values come back as Foundation's reader returns them on Linux, so hand-written casts behave
/// the same: integers and reals as `NSNumber` (`as? Int`, `as? Double` work), `true`/`false` as
/// `Bool`, and `String`, `Data`, `Date`, `[Any]` — but dictionaries as `[String: Any]` at every level.
///
/// ```swift
/// let archive = try BinaryPropertyListReader.archive(from: bytes, maximumDepth: 512)
/// archive["rating"] as? Int  // 4
/// ```
struct BinaryPropertyListReader {
    struct Options: OptionSet {
        let rawValue: Int

        /// Read keyed-archive object references (marker `0x8_`) as ``PropertyListUID``.
        static let allowsUIDs = Options(rawValue: 1 << 0)
    }

    /// The dictionary at the root of `data`.
    static func archive(from data: Data, maximumDepth: Int, options: Options = []) throws(PropertyListError) -> Archive {
        guard let archive = try propertyList(from: data, maximumDepth: maximumDepth, options: options) as? Archive else {
            throw .malformed(reason: "root is not a dictionary")
        }
        return archive
    }

    /// The value at the root of `data`, whatever its type.
    static func propertyList(from data: Data, maximumDepth: Int, options: Options = []) throws(PropertyListError) -> Any {
        let result = data.withUnsafeBytes { buffer in
            Result { () throws(PropertyListError) -> Any in
                var reader = try BinaryPropertyListReader(buffer: buffer, maximumDepth: maximumDepth, options: options)
                return try reader.value(of: reader.topObject, depth: 0)
            }
        }
        return try result.get()
    }

    /// Valid only inside `withUnsafeBytes`; the reader never outlives `propertyList(from:)`.
    private let buffer: UnsafeRawBufferPointer
    private let maximumDepth: Int
    private let options: Options
    private let offsetWidth: Int
    private let referenceWidth: Int
    private let objectCount: Int
    private let topObject: Int
    /// Where the offset table starts, which is also where objects must end.
    private let offsetTable: Int
    /// By object number: 0 not decoded yet, -1 being decoded (an ancestor of the current object),
    /// and otherwise one more than the index of its entry in `entries`. Four bytes per object the
    /// trailer claims (at most one per byte of offset table), so memory follows the file's size.
    private var slots: [Int32]
    /// Each decoded object once, in the order decoded: only objects the root reaches cost more
    /// than their slot.
    private var entries: [Entry] = []
    /// The most values the whole file may stand for: a tree without shared containers needs a
    /// reference byte per value, so its count is below the file's size; the slack is for writers
    /// that share equal containers.
    private let maximumValues: Int

    /// A decoded object, kept for later references to it.
    private struct Entry {
        var value: Any
        /// One more than the height of the value (1 for a leaf, 2 for an array of leaves), which
        /// bounds nesting when a shared container is met again deeper down.
        var mark: Int
        /// How many values it stands for once shared references are expanded: what a caller
        /// walking the result visits. Without a bound, a few objects that each refer to the next
        /// twice describe 2^64 values, and any walk of the archive hangs.
        var size: Int
    }

    private init(buffer: UnsafeRawBufferPointer, maximumDepth: Int, options: Options) throws(PropertyListError) {
        let header = BinaryPropertyList.header
        guard buffer.count >= header.count else { throw .malformed(reason: buffer.isEmpty ? "is empty" : "too short for a header") }
        guard buffer.starts(with: header) else { throw .malformed(reason: "not a binary property list") }
        guard buffer.count >= header.count + 1 + BinaryPropertyList.trailerSize else { throw .malformed(reason: "too short for a trailer") }
        self.buffer = buffer
        self.maximumDepth = maximumDepth
        self.options = options

        let trailer = buffer.count - BinaryPropertyList.trailerSize
        offsetWidth = Int(buffer[trailer + 6])
        referenceWidth = Int(buffer[trailer + 7])
        // Any width from 1 to 8, as CFBinaryPList.c reads: swift-foundation's writer uses 3 bytes
        // for offsets past 64 KiB.
        guard (1 ... 8).contains(offsetWidth) else { throw .malformed(reason: "offset width \(offsetWidth) in trailer") }
        guard (1 ... 8).contains(referenceWidth) else { throw .malformed(reason: "reference width \(referenceWidth) in trailer") }
        let objectCount = Self.load(buffer, at: trailer + 8, width: 8)
        let topObject = Self.load(buffer, at: trailer + 16, width: 8)
        let offsetTable = Self.load(buffer, at: trailer + 24, width: 8)
        // The table must lie between the header's first object and the trailer; comparing in
        // UInt64 and dividing keeps a huge field from overflowing.
        guard offsetTable > UInt64(header.count), offsetTable <= UInt64(trailer) else {
            throw .malformed(reason: "offset table outside the file")
        }
        guard objectCount > 0 else { throw .malformed(reason: "no objects") }
        guard objectCount <= (UInt64(trailer) - offsetTable) / UInt64(offsetWidth) else {
            throw .malformed(reason: "offset table outside the file")
        }
        guard topObject < objectCount else { throw .malformed(reason: "top object \(topObject) of \(objectCount)") }
        guard objectCount < UInt64(Int32.max) else { throw .malformed(reason: "\(objectCount) objects") }
        self.objectCount = Int(objectCount)
        self.topObject = Int(topObject)
        self.offsetTable = Int(offsetTable)
        slots = Array(repeating: 0, count: Int(objectCount))
        maximumValues = max(1 << 20, buffer.count * 16)
    }

    // MARK: Objects

    /// The value of object `object`, found `depth` containers below the root.
    private mutating func value(of object: Int, depth: Int) throws(PropertyListError) -> Any {
        let slot = Int(slots[object])
        if slot > 0 {
            // A container's nesting continues below it; a shared one must still fit here.
            let entry = entries[slot - 1]
            guard depth + (entry.mark - 1) <= maximumDepth else { throw .malformed(reason: "nesting deeper than \(maximumDepth)") }
            return entry.value
        }
        guard slot == 0 else { throw .malformed(reason: "object \(object) contains itself") }
        let value = try decode(object, depth: depth)
        if slots[object] == 0 { remember(object, value, height: 0) }
        return value
    }

    /// Decodes object `object` from its bytes; containers remember themselves, with their height.
    private mutating func decode(_ object: Int, depth: Int) throws(PropertyListError) -> Any {

        let field = Self.load(buffer, at: offsetTable + object * offsetWidth, width: offsetWidth)
        guard field >= UInt64(BinaryPropertyList.header.count), field < UInt64(offsetTable) else {
            throw .malformed(reason: "object \(object) outside the objects")
        }
        let offset = Int(field)
        let marker = buffer[offset]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case BinaryPropertyList.Marker.false: return false
            case BinaryPropertyList.Marker.true: return true
            default: throw .malformed(reason: "object \(object) has unsupported type 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            return try integer(object, at: offset + 1, width: 1 << low)
        case 0x2:
            switch low {
            case 2:
                try require(object, offset + 1, 4)
                return NSNumber(value: Float(bitPattern: UInt32(Self.load(buffer, at: offset + 1, width: 4))))
            case 3:
                try require(object, offset + 1, 8)
                return NSNumber(value: Double(bitPattern: Self.load(buffer, at: offset + 1, width: 8)))
            default:
                throw .malformed(reason: "object \(object) is a real of \(1 << low) bytes")
            }
        case 0x3:
            guard marker == BinaryPropertyList.Marker.date else { throw .malformed(reason: "object \(object) is a date of \(1 << low) bytes") }
            try require(object, offset + 1, 8)
            return Date(timeIntervalSinceReferenceDate: Double(bitPattern: Self.load(buffer, at: offset + 1, width: 8)))
        case 0x4:
            let (count, start) = try count(object, at: offset, low: low, elementWidth: 1)
            return Data(UnsafeRawBufferPointer(rebasing: buffer[start ..< start + count]))
        case 0x5:
            let (count, start) = try count(object, at: offset, low: low, elementWidth: 1)
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[start ..< start + count])
            guard !bytes.contains(where: { $0 >= 0x80 }) else { throw .malformed(reason: "object \(object) is not ASCII") }
            return String(decoding: bytes, as: UTF8.self)
        case 0x6:
            let (count, start) = try count(object, at: offset, low: low, elementWidth: 2)
            return try utf16String(object, at: start, count: count)
        case 0x8:
            guard options.contains(.allowsUIDs) else { throw .malformed(reason: "object \(object) is a keyed-archive UID") }
            return PropertyListUID(value: try unsigned(object, at: offset + 1, width: low + 1))
        case 0xA:
            return try DeepRecursion.descend(unavailable: Self.unavailable) { () throws(PropertyListError) -> Any in
                try array(object, at: offset, low: low, depth: depth)
            }
        case 0xD:
            return try DeepRecursion.descend(unavailable: Self.unavailable) { () throws(PropertyListError) -> Any in
                try dictionary(object, at: offset, low: low, depth: depth)
            }
        default:
            throw .malformed(reason: "object \(object) has unsupported type 0x\(String(marker, radix: 16))")
        }
    }

    /// A container deeper than this thread's stack holds, with no thread to read it on.
    private static func unavailable(_ failure: ThreadUnavailable) -> PropertyListError {
        .malformed(reason: failure.description)
    }

    private mutating func array(_ object: Int, at offset: Int, low: Int, depth: Int) throws(PropertyListError) -> Any {
        guard depth < maximumDepth else { throw .malformed(reason: "nesting deeper than \(maximumDepth)") }
        let (count, start) = try count(object, at: offset, low: low, elementWidth: referenceWidth)
        slots[object] = -1
        var elements = CompactArray(capacity: count)
        var height = 0, size = 1
        for index in 0 ..< count {
            let element = try reference(object, at: start + index * referenceWidth)
            elements.append(try value(of: element, depth: depth + 1))
            let entry = entries[Int(slots[element]) - 1]
            height = max(height, entry.mark - 1)
            size += max(entry.size, 1)
            try checkSize(size)
        }
        return remember(object, elements.array, height: height + 1, size: size)
    }

    private mutating func dictionary(_ object: Int, at offset: Int, low: Int, depth: Int) throws(PropertyListError) -> Any {
        guard depth < maximumDepth else { throw .malformed(reason: "nesting deeper than \(maximumDepth)") }
        let (count, keys) = try count(object, at: offset, low: low, elementWidth: referenceWidth * 2)
        let values = keys + count * referenceWidth
        slots[object] = -1
        var dictionary = [String: Any](minimumCapacity: count)
        var height = 0, size = 1
        for index in 0 ..< count {
            let keyObject = try reference(object, at: keys + index * referenceWidth)
            guard let key = try value(of: keyObject, depth: depth + 1) as? String else {
                throw .malformed(reason: "object \(object) has a key that is not a string")
            }
            let valueObject = try reference(object, at: values + index * referenceWidth)
            dictionary[key] = try value(of: valueObject, depth: depth + 1)
            let entry = entries[Int(slots[valueObject]) - 1]
            height = max(height, entry.mark - 1)
            size += 1 + max(entry.size, 1)
            try checkSize(size)
        }
        return remember(object, dictionary, height: height + 1, size: size)
    }

    /// Keeps `value` for later references to `object`, so that each object is decoded once:
    /// a million references to one number make one `NSNumber`.
    @discardableResult
    private mutating func remember(_ object: Int, _ value: Any, height: Int, size: Int = 1) -> Any {
        entries.append(Entry(value: value, mark: height + 1, size: size))
        slots[object] = Int32(entries.count)
        return value
    }

    private func checkSize(_ size: Int) throws(PropertyListError) {
        guard size <= maximumValues else {
            throw .malformed(reason: "shared references expand to more than \(maximumValues) values")
        }
    }

    // MARK: Fields

    /// The object number at `offset` in `object`'s references.
    private func reference(_ object: Int, at offset: Int) throws(PropertyListError) -> Int {
        let reference = Self.load(buffer, at: offset, width: referenceWidth)
        guard reference < UInt64(objectCount) else {
            throw .malformed(reason: "object \(object) refers to missing object \(reference)")
        }
        if reference == UInt64(object) { throw .malformed(reason: "object \(object) refers to itself") }
        return Int(reference)
    }

    /// The element count in the marker at `offset` (or the integer after it), and where the
    /// elements start, once the elements are known to fit before the offset table.
    private func count(_ object: Int, at offset: Int, low: Int, elementWidth: Int) throws(PropertyListError) -> (count: Int, start: Int) {
        var count = low
        var start = offset + 1
        if low == Int(BinaryPropertyList.Marker.countFollows) {
            try require(object, start, 1)
            let marker = buffer[start]
            guard marker >> 4 == 1, marker & 0x0F <= 3 else { throw .malformed(reason: "object \(object) has a bad count") }
            let width = 1 << Int(marker & 0x0F)
            try require(object, start + 1, width)
            let field = Self.load(buffer, at: start + 1, width: width)
            // An 8-byte count is signed, and no count can exceed the bytes left.
            guard width < 8 || Int64(bitPattern: field) >= 0 else { throw .malformed(reason: "object \(object) has a negative count") }
            guard field <= UInt64(offsetTable) else { throw .malformed(reason: "object \(object) runs past the objects") }
            count = Int(field)
            start += 1 + width
        }
        guard start <= offsetTable, count <= (offsetTable - start) / elementWidth else {
            throw .malformed(reason: "object \(object) runs past the objects")
        }
        return (count, start)
    }

    private func integer(_ object: Int, at offset: Int, width: Int) throws(PropertyListError) -> Any {
        switch width {
        case 1, 2, 4:
            return NSNumber(value: Int64(try unsigned(object, at: offset, width: width)))
        case 8:
            return NSNumber(value: Int64(bitPattern: try unsigned(object, at: offset, width: 8)))
        case 16:
            // Writers use 16 bytes for values above Int64.max; sign-extended negatives read too.
            try require(object, offset, 16)
            let high = Self.load(buffer, at: offset, width: 8)
            let low = Self.load(buffer, at: offset + 8, width: 8)
            if high == 0 {
                return low <= UInt64(Int64.max) ? NSNumber(value: Int64(low)) : NSNumber(value: low)
            }
            if high == UInt64.max, low > UInt64(Int64.max) { return NSNumber(value: Int64(bitPattern: low)) }
            throw .malformed(reason: "object \(object) is an integer wider than 64 bits")
        default:
            throw .malformed(reason: "object \(object) is an integer of \(width) bytes")
        }
    }

    /// A big-endian unsigned integer of up to 16 bytes whose value fits in 64 bits.
    private func unsigned(_ object: Int, at offset: Int, width: Int) throws(PropertyListError) -> UInt64 {
        try require(object, offset, width)
        guard width > 8 else { return Self.load(buffer, at: offset, width: width) }
        let padding = width - 8
        guard Self.load(buffer, at: offset, width: padding) == 0 else {
            throw .malformed(reason: "object \(object) is wider than 64 bits")
        }
        return Self.load(buffer, at: offset + padding, width: 8)
    }

    private func utf16String(_ object: Int, at start: Int, count: Int) throws(PropertyListError) -> String {
        let units = (0 ..< count).lazy.map { index in
            UInt16(truncatingIfNeeded: Self.load(self.buffer, at: start + index * 2, width: 2))
        }
        guard let string = String(validating: units, as: UTF16.self) else {
            throw .malformed(reason: "object \(object) is not valid UTF-16")
        }
        return string
    }

    /// Throws unless `width` bytes at `offset` lie before the offset table.
    private func require(_ object: Int, _ offset: Int, _ width: Int) throws(PropertyListError) {
        guard offset <= offsetTable, width <= offsetTable - offset else {
            throw .malformed(reason: "object \(object) runs past the objects")
        }
    }

    /// The big-endian unsigned integer of `width` (at most 8) bytes at `offset`, which the caller
    /// has checked lies inside `buffer`.
    private static func load(_ buffer: UnsafeRawBufferPointer, at offset: Int, width: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset ..< offset + width {
            value = value << 8 | UInt64(buffer[index])
        }
        return value
    }
}
