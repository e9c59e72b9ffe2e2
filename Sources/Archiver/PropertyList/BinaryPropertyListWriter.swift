import Foundation

/// Writes an archive as a binary property list, checking every value on the way.
///
/// Checking and writing are one walk: the first value a property list cannot hold stops it, and
/// the error names that value's key path (`reviews[0].photo`).
///
/// ```swift
/// let bytes = try BinaryPropertyListWriter.data(for: ["id": "42", "tags": ["a", "b"]])
/// // 8-byte "bplist00" header, 6 objects, offset table, 32-byte trailer
/// ```
///
/// Equal strings, numbers, dates and data are written once and referred to wherever they occur,
/// as CoreFoundation's writer (and so `PropertyListEncoder`) does: an archive of many records
/// repeats the same keys and many of the same values.
///
/// A key-mapped value is written without its archive dictionary: its key map walks the fields and
/// hands each value here (``beginDictionary(capacity:depth:)``, ``append(key:value:to:)``).
struct BinaryPropertyListWriter {
    /// Writes `archive`; nothing is produced if any value cannot be written.
    static func data(for archive: Archive, maximumDepth: Int) throws(PropertyListError) -> Data {
        try data(maximumDepth: maximumDepth) { (writer) throws(Failure) -> Int in try writer.addDictionary(archive, depth: 0) }
    }

    /// Writes the top object that `write` adds, given a writer; nothing is produced if `write` fails.
    static func data(
        maximumDepth: Int, _ write: (inout BinaryPropertyListWriter) throws(Failure) -> Int
    ) throws(PropertyListError) -> Data {
        var writer = BinaryPropertyListWriter(maximumDepth: maximumDepth, storage: Storage.kept.withLock { $0.take() })
        defer { Storage.keep(writer.releaseStorage()) }
        let top: Int
        do {
            top = try write(&writer)
        } catch {
            throw .unsupportedValue(keyPath: error.keyPath, found: error.found)
        }
        return writer.finish(topObject: top)
    }

    /// The arrays a write fills, kept from one write to the next.
    ///
    /// A store of a thousand records fills some 700 KB of them, growing each by doubling. Freed,
    /// that memory went back to the kernel (glibc trims the top of its heap), so every such store
    /// faulted in fresh zeroed pages, which cost more than filling them. The
    /// storage of the last write, up to ``maximum`` bytes, stays for the next one, as
    /// ``JSONScratch`` keeps a large JSON text's; a write that finds none (another write holds
    /// it) allocates its own.
    struct Storage {
        fileprivate var bytes = ByteWriter()
        fileprivate var offsets: [Int] = []
        fileprivate var containers: [PendingContainer] = []
        fileprivate var references: [Int] = []
        fileprivate var strings = StringTable()

        /// At most this much stays allocated after the writes are done.
        static let maximum = 4 << 20

        fileprivate static let kept = Locked<Storage?>(nil)

        /// The bytes its arrays hold on to.
        var footprint: Int {
            bytes.capacity + offsets.capacity * MemoryLayout<Int>.stride
                + containers.capacity * MemoryLayout<PendingContainer>.stride
                + references.capacity * MemoryLayout<Int>.stride + strings.footprint
        }

        /// Keeps `storage`, emptied, for the next write if it is not too large and none is kept.
        fileprivate static func keep(_ storage: consuming Storage) {
            guard storage.footprint <= maximum else { return }
            storage.bytes.removeAll()
            storage.offsets.removeAll(keepingCapacity: true)
            storage.containers.removeAll(keepingCapacity: true)
            storage.references.removeAll(keepingCapacity: true)
            storage.strings.removeAll()
            kept.withLock { kept in
                if kept == nil { kept = storage }
            }
        }
    }

    /// Hands the writer's arrays over, leaving it empty, so that the storage holds the only
    /// reference to each and can be emptied in place.
    private mutating func releaseStorage() -> Storage {
        var storage = Storage()
        swap(&storage.bytes, &bytes)
        swap(&storage.offsets, &offsets)
        swap(&storage.containers, &containers)
        swap(&storage.references, &references)
        swap(&storage.strings, &strings)
        return storage
    }

    private let maximumDepth: Int
    private var bytes: ByteWriter
    /// Each object's offset in `bytes`, by object number; containers' are set by `finish`.
    private var offsets: [Int] = []
    /// Containers are written last, once the number of objects, and so the width of an object
    /// reference, is known; leaves are written as soon as they are met.
    private var containers: [PendingContainer] = []
    /// The object numbers that containers refer to, a run of them for each container.
    private var references: [Int] = []
    /// The object of each string, key or value, written so far.
    private var strings = StringTable()
    /// The object of each integer (and of each date, Double and Float, by bit pattern) written so far.
    private var integers: [Int64: Int] = [:]
    private var dates: [UInt64: Int] = [:]
    private var doubles: [UInt64: Int] = [:]
    private var floats: [UInt32: Int] = [:]
    private var datas: [Data: Int] = [:]
    private var trueObject: Int?
    private var falseObject: Int?

    fileprivate struct PendingContainer {
        var object: Int
        var marker: UInt8
        /// Elements of an array, or key-value pairs of a dictionary.
        var count: Int
        /// Where the container's object numbers start in `references`: a dictionary's keys, then its values.
        var firstReference: Int

        /// A dictionary's keys and values, or an array's elements.
        var referenceCount: Int { marker == BinaryPropertyList.Marker.dictionary ? count * 2 : count }
    }

    /// A writer that fills `storage`'s arrays, which are empty.
    private init(maximumDepth: Int, storage: Storage?) {
        self.maximumDepth = maximumDepth
        if let storage {
            bytes = storage.bytes
            offsets = storage.offsets
            containers = storage.containers
            references = storage.references
            strings = storage.strings
        } else {
            bytes = ByteWriter()
            bytes.reserveCapacity(1024)
        }
        bytes.append(contentsOf: BinaryPropertyList.header)
    }

    // MARK: Values

    /// Writes `value` (or notes it, if it is a container) and returns its object number.
    mutating func add(_ value: Any, depth: Int) throws(Failure) -> Int {
        // Exact-type checks first: they cost a pointer comparison, and archives built by Swift
        // code hold these types. Bridged and Foundation types take the slower casts below.
        let valueType = type(of: value)
        if valueType == String.self { return addString(value as! String) }
        if valueType == [String: Any].self { return try addDictionary(value as! [String: Any], depth: depth) }
        if valueType == [Any].self { return try addArray(value as! [Any], depth: depth) }
        if valueType == [[String: Any]].self { return try addArray(value as! [[String: Any]], depth: depth) }
        if valueType == Int.self { return addInteger(Int64(value as! Int)) }
        if valueType == Bool.self { return addBool(value as! Bool) }
        if valueType == Double.self { return addDouble(value as! Double) }
        if let number = fixedWidthNumber(value, type: valueType) { return number }

        // NSNumber comes last: casting a Swift collection to it bridges the whole collection first.
        switch value {
        case let string as String:
            return addString(string)
        case let dictionary as [String: Any]:
            return try addDictionary(dictionary, depth: depth)
        case let array as [Any]:
            return try addArray(array, depth: depth)
        case let date as Date:
            return addDate(date)
        case let data as Data:
            return addData(data)
        case let number as NSNumber:
            return addNumber(number)
        case let dictionary as [AnyHashable: Any]:
            let key = dictionary.keys.first { !($0.base is String) }
            throw Failure(found: "dictionary key \(ArchiveDecodingError.describe(key?.base))")
        default:
            throw Failure(found: ArchiveDecodingError.describe(value))
        }
    }

    private mutating func addDictionary(_ dictionary: [String: Any], depth: Int) throws(Failure) -> Int {
        guard depth < maximumDepth else { throw Failure(found: "nesting deeper than \(maximumDepth)") }
        let (object, keys) = startContainer(BinaryPropertyList.Marker.dictionary, count: dictionary.count, referenceSlots: dictionary.count * 2)
        let values = keys + dictionary.count
        // A counter, not enumerated(): the tuple type that would build costs a metadata lookup per element.
        var index = 0
        for (key, value) in dictionary {
            defer { index += 1 }
            references[keys + index] = addString(key)
            do {
                references[values + index] = try DeepRecursion.descend(unavailable: { Failure(found: $0.description) }) { () throws(Failure) -> Int in
                    try add(value, depth: depth + 1)
                }
            } catch {
                throw error.inside(.key(key))
            }
        }
        return object
    }

    private mutating func addArray<Element>(_ array: [Element], depth: Int) throws(Failure) -> Int {
        guard depth < maximumDepth else { throw Failure(found: "nesting deeper than \(maximumDepth)") }
        let (object, first) = startContainer(BinaryPropertyList.Marker.array, count: array.count, referenceSlots: array.count)
        for index in array.indices {
            let element = array[index]
            do {
                references[first + index] = try DeepRecursion.descend(unavailable: { Failure(found: $0.description) }) { () throws(Failure) -> Int in
                    try add(element, depth: depth + 1)
                }
            } catch {
                throw error.inside(.index(index))
            }
        }
        return object
    }

    // MARK: Containers filled by their caller

    /// A dictionary or array whose elements its caller adds one by one: a key-mapped value's
    /// fields, a collection's elements. Elements that turn out to be `nil` are left out, so a
    /// container is begun with room for all and ended with the number written.
    struct OpenContainer {
        /// Its object number.
        let object: Int
        /// Its index in ``containers``.
        fileprivate let pending: Int
        fileprivate let firstReference: Int
        fileprivate let capacity: Int
        /// The elements (or key-value pairs) added so far.
        fileprivate(set) var count = 0
    }

    /// Begins a dictionary of at most `capacity` pairs, at nesting `depth` (the top is 0).
    mutating func beginDictionary(capacity: Int, depth: Int) throws(Failure) -> OpenContainer {
        guard depth < maximumDepth else { throw Failure(found: "nesting deeper than \(maximumDepth)") }
        let pending = containers.count
        let (object, first) = startContainer(BinaryPropertyList.Marker.dictionary, count: 0, referenceSlots: capacity * 2)
        return OpenContainer(object: object, pending: pending, firstReference: first, capacity: capacity)
    }

    /// Begins an array of at most `capacity` elements, at nesting `depth` (the top is 0).
    mutating func beginArray(capacity: Int, depth: Int) throws(Failure) -> OpenContainer {
        guard depth < maximumDepth else { throw Failure(found: "nesting deeper than \(maximumDepth)") }
        let pending = containers.count
        let (object, first) = startContainer(BinaryPropertyList.Marker.array, count: 0, referenceSlots: capacity)
        return OpenContainer(object: object, pending: pending, firstReference: first, capacity: capacity)
    }

    /// Adds `key` and the object `value` (a number ``add(_:depth:)`` and its kind returned) to a dictionary.
    mutating func append(key: String, value: Int, to container: inout OpenContainer) {
        references[container.firstReference + container.count] = addString(key)
        references[container.firstReference + container.capacity + container.count] = value
        container.count += 1
    }

    /// Adds the object `element` to an array.
    mutating func append(_ element: Int, to container: inout OpenContainer) {
        references[container.firstReference + container.count] = element
        container.count += 1
    }

    /// Ends a container with the elements added: a dictionary's values follow its keys.
    mutating func end(_ container: OpenContainer) {
        if containers[container.pending].marker == BinaryPropertyList.Marker.dictionary, container.count < container.capacity {
            let values = container.firstReference + container.capacity
            for index in 0..<container.count {
                references[container.firstReference + container.count + index] = references[values + index]
            }
        }
        containers[container.pending].count = container.count
    }

    /// Numbers the container and sets aside its reference slots, which its elements fill in.
    private mutating func startContainer(_ marker: UInt8, count: Int, referenceSlots: Int) -> (object: Int, firstReference: Int) {
        let object = offsets.count
        let firstReference = references.count
        offsets.append(0)
        containers.append(PendingContainer(object: object, marker: marker, count: count, firstReference: firstReference))
        // One at a time: a container has a handful of slots, for which appending a
        // `repeatElement` cost more than the slots.
        for _ in 0 ..< referenceSlots { references.append(0) }
        return (object, firstReference)
    }

    /// Writes `string` unless it was written before; its object number.
    mutating func addString(_ string: String) -> Int {
        var string = string
        return ByteReader.withUTF8(of: &string) { utf8 in addString(utf8: utf8) }
    }

    /// Looks the bytes up in ``strings`` and writes them if they are new. Equal means equal
    /// bytes (Swift's `==` would also share "é" with "e\u{301}", changing what is stored).
    private mutating func addString(utf8: ByteReader) -> Int {
        let hash = StringTable.hash(utf8)
        switch strings.find(utf8, hash: hash) {
        case .found(let object):
            return object
        case .absent(let slot):
            let object = writeString(utf8)
            strings.insert(utf8, hash: hash, object: object, at: slot)
            return object
        case .crowded:
            // Sharing is only a saving: past a long run of colliding strings, write this one again.
            return writeString(utf8)
        }
    }

    mutating func addBool(_ value: Bool) -> Int {
        if let object = value ? trueObject : falseObject { return object }
        let object = addLeaf { $0.bytes.append(value ? BinaryPropertyList.Marker.true : BinaryPropertyList.Marker.false) }
        if value { trueObject = object } else { falseObject = object }
        return object
    }

    mutating func addDate(_ date: Date) -> Int {
        let bits = date.timeIntervalSinceReferenceDate.bitPattern
        if let object = dates[bits] { return object }
        let object = addLeaf { writer in
            writer.bytes.append(BinaryPropertyList.Marker.date)
            writer.bytes.appendBigEndian(bits)
        }
        dates[bits] = object
        return object
    }

    mutating func addData(_ data: Data) -> Int {
        if let object = datas[data] { return object }
        let object = addLeaf { writer in
            writer.appendMarker(BinaryPropertyList.Marker.data, count: data.count)
            writer.bytes.append(contentsOf: data)
        }
        datas[data] = object
        return object
    }

    private mutating func writeString(_ utf8: ByteReader) -> Int {
        addLeaf { writer in
            if utf8.isASCII {
                writer.appendMarker(BinaryPropertyList.Marker.asciiString, count: utf8.count)
                writer.bytes.append(contentsOf: utf8)
            } else {
                writer.appendUTF16(utf8)
            }
        }
    }

    /// Transcodes by hand: `String.UTF16View` hands out one unit per call, a call per unit of
    /// every non-ASCII string stored. `utf8` is a `String`'s, so it is valid.
    private mutating func appendUTF16(_ utf8: ByteReader) {
        // One unit per scalar (every byte but a continuation byte starts one), two for a scalar
        // beyond U+FFFF (the ones a 4-byte sequence encodes).
        var unitCount = 0
        for index in 0 ..< utf8.count {
            let byte = utf8[index]
            if byte & 0xC0 != 0x80 { unitCount += 1 }
            if byte >= 0xF0 { unitCount += 1 }
        }
        appendMarker(BinaryPropertyList.Marker.utf16String, count: unitCount)
        bytes.appendSpace(unitCount * 2) { out in
            var index = 0
            while index < utf8.count {
                let lead = UInt32(utf8[index])
                var scalar: UInt32
                switch lead {
                case ..<0x80:
                    scalar = lead
                    index += 1
                case ..<0xE0:
                    scalar = (lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
                    index += 2
                case ..<0xF0:
                    scalar = (lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
                    index += 3
                default:
                    scalar = (lead & 0x07) << 18 | UInt32(utf8[index + 1] & 0x3F) << 12
                        | UInt32(utf8[index + 2] & 0x3F) << 6 | UInt32(utf8[index + 3] & 0x3F)
                    index += 4
                }
                if scalar > 0xFFFF {
                    scalar -= 0x1_0000
                    out.appendBigEndian(Int(0xD800 | scalar >> 10), width: 2)
                    scalar = 0xDC00 | scalar & 0x3FF
                }
                out.appendBigEndian(Int(scalar), width: 2)
            }
        }
    }

    // MARK: Numbers

    private mutating func fixedWidthNumber(_ value: Any, type valueType: Any.Type) -> Int? {
        if valueType == Int64.self { return addInteger(value as! Int64) }
        if valueType == Int32.self { return addInteger(Int64(value as! Int32)) }
        if valueType == Int16.self { return addInteger(Int64(value as! Int16)) }
        if valueType == Int8.self { return addInteger(Int64(value as! Int8)) }
        if valueType == UInt.self { return addUnsigned(UInt64(value as! UInt)) }
        if valueType == UInt64.self { return addUnsigned(value as! UInt64) }
        if valueType == UInt32.self { return addInteger(Int64(value as! UInt32)) }
        if valueType == UInt16.self { return addInteger(Int64(value as! UInt16)) }
        if valueType == UInt8.self { return addInteger(Int64(value as! UInt8)) }
        if valueType == Float.self { return addFloat(value as! Float) }
        return nil
    }

    /// Foundation's numbers carry their C type; a Boolean is the `char` one of a distinct class.
    private mutating func addNumber(_ number: NSNumber) -> Int {
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c") where isBoolean(number):
            return addBool(number.boolValue)
        case UInt8(ascii: "d"):
            guard let decimal = number as? NSDecimalNumber else { return addDouble(number.doubleValue) }
            // JSONSerialization on Linux gives some integers as NSDecimalNumbers (-2^63 + 1 is
            // one), and reals of many digits: an integer that fits is written as one, a real as
            // the Double nearest its digits. Neither goes through `doubleValue`, which on Linux
            // makes 1.0000000000000002 1.0000000000000004.
            let text = decimal.decimalValue.description
            if let integer = Int64(text) { return addInteger(integer) }
            if let unsigned = UInt64(text) { return addUnsigned(unsigned) }
            return addDouble(Double(text) ?? decimal.doubleValue)
        case UInt8(ascii: "f"):
            return addFloat(number.floatValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"):
            return addUnsigned(number.uint64Value)
        default:
            return addInteger(number.int64Value)
        }
    }

    mutating func addUnsigned(_ value: UInt64) -> Int {
        if value <= UInt64(Int64.max) { return addInteger(Int64(value)) }
        // Above Int64.max, readers expect a 16-byte signed integer (as plistlib and CF write).
        return addLeaf { writer in
            writer.bytes.append(BinaryPropertyList.Marker.integer | 4)
            writer.bytes.appendBigEndian(UInt64(0))
            writer.bytes.appendBigEndian(value)
        }
    }

    mutating func addInteger(_ value: Int64) -> Int {
        if let object = integers[value] { return object }
        let object = addLeaf { $0.appendInteger(value) }
        integers[value] = object
        return object
    }

    mutating func addDouble(_ value: Double) -> Int {
        if let object = doubles[value.bitPattern] { return object }
        let object = addLeaf { writer in
            writer.bytes.append(BinaryPropertyList.Marker.real | 3)
            writer.bytes.appendBigEndian(value.bitPattern)
        }
        doubles[value.bitPattern] = object
        return object
    }

    mutating func addFloat(_ value: Float) -> Int {
        if let object = floats[value.bitPattern] { return object }
        let object = addLeaf { writer in
            writer.bytes.append(BinaryPropertyList.Marker.real | 2)
            writer.bytes.appendBigEndian(value.bitPattern)
        }
        floats[value.bitPattern] = object
        return object
    }

    // MARK: Bytes

    private mutating func addLeaf(_ write: (inout BinaryPropertyListWriter) -> Void) -> Int {
        let object = offsets.count
        offsets.append(bytes.count)
        write(&self)
        return object
    }

    /// Integers take the fewest bytes; 1, 2 and 4 bytes are read as unsigned, so negatives take 8.
    private mutating func appendInteger(_ value: Int64) {
        switch value {
        case 0...0xFF:
            bytes.append(BinaryPropertyList.Marker.integer)
            bytes.append(UInt8(truncatingIfNeeded: value))
        case 0...0xFFFF:
            bytes.append(BinaryPropertyList.Marker.integer | 1)
            bytes.appendBigEndian(UInt16(truncatingIfNeeded: value))
        case 0...0xFFFF_FFFF:
            bytes.append(BinaryPropertyList.Marker.integer | 2)
            bytes.appendBigEndian(UInt32(truncatingIfNeeded: value))
        default:
            bytes.append(BinaryPropertyList.Marker.integer | 3)
            bytes.appendBigEndian(UInt64(bitPattern: value))
        }
    }

    private mutating func appendMarker(_ marker: UInt8, count: Int) {
        if count < Int(BinaryPropertyList.Marker.countFollows) {
            bytes.append(marker | UInt8(truncatingIfNeeded: count))
        } else {
            bytes.append(marker | BinaryPropertyList.Marker.countFollows)
            appendInteger(Int64(count))
        }
    }

    /// The bytes ``appendMarker(_:count:)`` writes. Generic, and compared as `UInt64`, so that it
    /// compiles and gives the same sizes where `Int` has 32 bits (watchOS devices), where a
    /// literal above `Int32.max` matched against an `Int` does not compile.
    static func markerSize<Count: BinaryInteger>(count: Count) -> Int {
        switch UInt64(count) {
        case ..<UInt64(BinaryPropertyList.Marker.countFollows): 1
        case ...0xFF: 3
        case ...0xFFFF: 4
        case ...0xFFFF_FFFF: 6
        default: 10
        }
    }

    /// Stores what ``appendMarker(_:count:)`` appends.
    private static func storeMarker(_ marker: UInt8, count: Int, at out: inout ByteWriter.Space) {
        let size = markerSize(count: count)
        if size == 1 {
            out.append(marker | UInt8(truncatingIfNeeded: count))
            return
        }
        out.append(marker | BinaryPropertyList.Marker.countFollows)
        let width = size - 2
        out.append(BinaryPropertyList.Marker.integer | UInt8(width.trailingZeroBitCount))
        out.appendBigEndian(count, width: width)
    }

    private mutating func finish(topObject: Int) -> Data {
        let referenceWidth = BinaryPropertyList.byteWidth(for: offsets.count)
        var containerEnd = bytes.count
        for container in containers {
            offsets[container.object] = containerEnd
            containerEnd += Self.markerSize(count: container.count) + container.referenceCount * referenceWidth
        }
        let offsetTable = containerEnd
        let offsetWidth = BinaryPropertyList.byteWidth(for: offsetTable)
        bytes.reserveCapacity(offsetTable + offsets.count * offsetWidth + BinaryPropertyList.trailerSize)
        let containers = containers
        let references = references
        bytes.appendSpace(offsetTable - bytes.count) { out in
            for container in containers {
                Self.storeMarker(container.marker, count: container.count, at: &out)
                for reference in references[container.firstReference ..< container.firstReference + container.referenceCount] {
                    out.appendBigEndian(reference, width: referenceWidth)
                }
            }
        }
        let offsets = offsets
        bytes.appendSpace(offsets.count * offsetWidth) { out in
            for offset in offsets {
                out.appendBigEndian(offset, width: offsetWidth)
            }
        }
        // Trailer: 5 unused bytes, sort version, offset width, reference width, then three 8-byte
        // fields: number of objects, top object, offset table's offset.
        bytes.appendZeros(6)
        bytes.append(UInt8(offsetWidth))
        bytes.append(UInt8(referenceWidth))
        bytes.appendBigEndian(UInt64(offsets.count))
        bytes.appendBigEndian(UInt64(topObject))
        bytes.appendBigEndian(UInt64(offsetTable))
        return bytes.data
    }
}

extension BinaryPropertyListWriter {
    /// The value that stopped the walk, with the path to it gathered as the walk unwinds: the
    /// common case, where every value is fine, builds no paths at all.
    struct Failure: Error {
        typealias Step = ArchiveDecodingError.PathComponent

        var found: String
        /// From the bad value outwards.
        var steps: [Step] = []

        func inside(_ step: Step) -> Failure {
            var failure = self
            failure.steps.append(step)
            return failure
        }

        /// `reviews[0].photo`, as ``PropertyListError/unsupportedValue(keyPath:found:)`` names it.
        var keyPath: String { steps.reversed().archiveKeyPath }
    }
}

/// The strings a writer has written, by their UTF-8 bytes: an open-addressing table with a cheap
/// hash, since every string of an archive is looked up, and SipHash, as a `[String: Int]` hashes,
/// is made to resist collisions at a price a lookup per string cannot carry.
///
/// The hash is not keyed, so a server could send strings that collide; a lookup gives up after a
/// few probes (``maximumProbes``) and the string is written unshared, so colliding strings cost a
/// bounded amount each and never make a store quadratic.
struct StringTable {
    enum Lookup {
        case found(Int)
        /// Not written yet; `slot` is where to insert it.
        case absent(slot: Int)
        /// Not found within ``maximumProbes``.
        case crowded
    }

    static let maximumProbes = 32

    private struct Entry {
        var hash: UInt64
        var start: Int
        var count: Int
        var object: Int
    }

    /// The bytes its arrays hold on to.
    var footprint: Int {
        slots.capacity * MemoryLayout<Int32>.stride + entries.capacity * MemoryLayout<Entry>.stride + arena.capacity
    }

    /// Forgets every string, keeping the room they took.
    ///
    /// A table that a few strings used has only their slots cleared, each found again from its
    /// entry's hash: the table keeps the size the largest write grew it to, and clearing all of
    /// it would make every small write after one large write pay for the large one. A table at least a
    /// sixteenth full is cleared whole, which costs less than finding each slot.
    mutating func removeAll() {
        guard !entries.isEmpty else { return }
        let mask = slots.count - 1
        if entries.count * 16 < slots.count {
            for index in entries.indices {
                var slot = Int(truncatingIfNeeded: entries[index].hash) & mask
                while slots[slot] != Int32(index) { slot = (slot + 1) & mask }
                slots[slot] = -1
            }
        } else {
            for slot in slots.indices { slots[slot] = -1 }
        }
        entries.removeAll(keepingCapacity: true)
        arena.removeAll()
    }

    /// Indexes into `entries`, or -1; the count is a power of two.
    private var slots = StringTable.emptySlots
    /// A new table's slots, shared until its first insert copies them.
    private static let emptySlots = [Int32](repeating: -1, count: 256)
    private var entries: [Entry] = []
    /// The bytes of every entry, one after the other.
    private var arena = ByteWriter()

    /// A multiplicative hash of 8 bytes at a time.
    @inline(__always)
    static func hash(_ bytes: ByteReader) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            let word = bytes.word(at: index)
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            index += 8
        }
        var tail: UInt64 = 0
        while index < bytes.count {
            tail = tail << 8 | UInt64(bytes[index])
            index += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }

    @inline(__always)
    func find(_ bytes: ByteReader, hash: UInt64) -> Lookup {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        for _ in 0 ..< Self.maximumProbes {
            let index = Int(slots[slot])
            if index < 0 { return .absent(slot: slot) }
            let entry = entries[index]
            if entry.hash == hash, entry.count == bytes.count, arena.contains(bytes, at: entry.start) { return .found(entry.object) }
            slot = (slot + 1) & mask
        }
        return .crowded
    }

    /// Adds the bytes at the slot ``find(_:hash:)`` returned.
    mutating func insert(_ bytes: ByteReader, hash: UInt64, object: Int, at slot: Int) {
        slots[slot] = Int32(entries.count)
        entries.append(Entry(hash: hash, start: arena.count, count: bytes.count, object: object))
        arena.append(contentsOf: bytes)
        if entries.count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for index in entries.indices {
            var slot = Int(truncatingIfNeeded: entries[index].hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }
}
