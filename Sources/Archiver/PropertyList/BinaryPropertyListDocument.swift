import Foundation

/// A binary property list read in place: its bytes, checked once, then read by object number
/// whenever a value is asked for, as swift-foundation's `BPlistScanner` reads them.
///
/// Loads used to turn a file into `[String: Any]` and then cast each boxed value back; a decoder
/// reading the document goes from the bytes to the property, and ``foundationObject(at:)``
/// builds Foundation's objects only for those that want them.
///
/// Everything the top object reaches is checked in `init`, so that afterwards nothing throws or
/// traps: every offset, header, payload, count and reference lies inside the objects, strings
/// are valid, nesting is at most `maximumDepth`, no object contains itself, the payloads of
/// strings and data fit in the file together (no two overlap), and shared
/// references do not expand to more values than the file could plainly hold (a few objects that
/// each refer to the next twice describe 2^64 values, which any walk of the result would visit).
/// A bad file ends in ``PropertyListError/malformed(reason:)``, with the reasons
/// ``BinaryPropertyListReader`` has always given.
///
/// Object numbers are the ones the document hands out (``topObject``, ``elements(of:)``,
/// ``members(of:)``, ``value(in:forKey:)``); only those were checked. An accessor asked for
/// another kind than the object is returns a neutral value (`false`, `nil`, `.nan`, `""`, empty
/// data, the reference date, UID 0, no elements): ask ``kind(of:)`` first.
///
/// Memory: a private copy of the bytes (a ``ByteStorage``), so that reads stay valid for the
/// document's life (none for a document that only lives while ``reading(_:maximumDepth:options:_:)`` runs,
/// which reads the caller's bytes), the text of each string of more than 15 code units and the
/// bytes of each data object of more than 15 bytes that the file refers to more than once
/// (together at most the size of the file: the check refuses objects whose payloads overlap),
/// and nothing per object once `init` returns. While checking, 4 bytes per object of the offset table (at most one per byte
/// of it), 16 per reachable container and 64 per level of nesting; each reachable object is
/// checked once, however many references it has.
///
/// ```swift
/// let document = try BinaryPropertyListDocument(data: bytes, maximumDepth: 512)
/// if let rating = document.value(in: document.topObject, forKey: BinaryPropertyListKey("rating")) {
///     document.integer(Int.self, at: rating)  // 4
/// }
/// ```
@usableFromInline
final class BinaryPropertyListDocument: @unchecked Sendable {
    // Immutable after init; @unchecked only because the shared strings are set in init after the
    // check that finds them.
    //
    // The bytes are the document's own copy, or borrowed from the `Data` that
    // `reading(_:maximumDepth:options:_:)` is given, for as long as that runs.

    /// What an object is. Null, fill, sets and unknown markers are not kinds: the document
    /// refuses them, as the module's reader always has; UIDs only with `.allowsUIDs`.
    enum Kind: Sendable, Equatable {
        case bool, integer, real, date, data, string, uid, array, dictionary
    }

    /// The number of the object at the root of the file.
    let topObject: Int
    /// How many objects the offset table holds, whether the top object reaches them or not.
    let objectCount: Int
    /// The file's bytes, read where they are: every offset the document reads was checked by
    /// `init`, and every field read ends before the offset table, which the 32-byte trailer
    /// follows, so that a read of eight bytes from any field's start is in the file.
    let bytes: ByteReader
    /// The document's own copy of the file, which `bytes` reads; `nil` when the bytes are borrowed.
    private let storage: ByteStorage?
    /// How wide an entry of the offset table and an object reference are: 1 to 8 bytes.
    let offsetWidth: Int
    let referenceWidth: Int
    /// Where the offset table starts, which is also where objects end.
    let offsetTable: Int
    /// The strings of more than 15 code units that the file refers to more than once, by object
    /// number, made once by `init` (set there only): a text a writer stored once for a thousand
    /// values is then read as a thousand copies of one `String`, not a thousand allocations and
    /// copies of its text, as CFBinaryPList caches shared objects.
    private var sharedStrings: [Int: String] = [:]
    /// The data objects of more than 15 bytes that the file refers to more than once, by object
    /// number, made once by `init` (set there only), for the same reason.
    private var sharedData: [Int: Data] = [:]

    /// Reads and checks `data`, keeping a copy of it.
    ///
    /// - Throws: ``PropertyListError/malformed(reason:)`` for anything but a binary property
    ///   list whose every reachable object is sound.
    convenience init(data: Data, maximumDepth: Int, options: BinaryPropertyListReader.Options = []) throws(PropertyListError) {
        // The trailer first, so that a file that is no property list is not copied.
        let trailer = try ByteReader.withBytes(of: data) { (bytes) throws(PropertyListError) in try Trailer(bytes) }
        let storage = ByteStorage.copying(data)
        try self.init(trailer: trailer, bytes: storage.reader, storage: storage, maximumDepth: maximumDepth, options: options)
    }

    /// Reads and checks `data` without copying it, and gives the document to `body`, which
    /// must not keep it: its bytes are `data`'s, valid only while this runs. For a caller that
    /// builds what it needs from the document at once (Foundation's objects, which copy every
    /// text and data they hold), so that the file is not held twice while they are built.
    ///
    /// - Throws: ``PropertyListError/malformed(reason:)`` as ``init(data:maximumDepth:options:)``.
    static func reading<Value>(
        _ data: Data, maximumDepth: Int, options: BinaryPropertyListReader.Options = [],
        _ body: (BinaryPropertyListDocument) -> Value
    ) throws(PropertyListError) -> Value {
        try ByteReader.withBytes(of: data) { (bytes) throws(PropertyListError) -> Value in
            var document = try BinaryPropertyListDocument(
                trailer: try Trailer(bytes), bytes: bytes, storage: nil, maximumDepth: maximumDepth, options: options)
            let value = body(document)
            precondition(isKnownUniquelyReferenced(&document), "a document reading borrowed bytes outlived them")
            return value
        }
    }

    /// The document of the checked file `bytes`, whose trailer is `trailer`; `storage` is the
    /// document's own copy, if `bytes` reads one.
    private init(
        trailer: Trailer, bytes: ByteReader, storage: ByteStorage?, maximumDepth: Int, options: BinaryPropertyListReader.Options
    ) throws(PropertyListError) {
        topObject = trailer.topObject
        objectCount = trailer.objectCount
        offsetWidth = trailer.offsetWidth
        referenceWidth = trailer.referenceWidth
        offsetTable = trailer.offsetTable
        self.bytes = bytes
        self.storage = storage
        let shared = try validate(maximumDepth: maximumDepth, options: options)
        var texts = [Int: String](minimumCapacity: shared.strings.count)
        for object in shared.strings { texts[object] = string(at: object) }
        sharedStrings = texts
        var data = [Int: Data](minimumCapacity: shared.data.count)
        for object in shared.data { data[object] = self.data(at: object) }
        sharedData = data
    }

    /// The fields of the 32-byte trailer, once they are known to describe an offset table that
    /// lies between the header and the trailer.
    private struct Trailer {
        let offsetWidth: Int
        let referenceWidth: Int
        let objectCount: Int
        let topObject: Int
        let offsetTable: Int

        init(_ buffer: ByteReader) throws(PropertyListError) {
            let header = BinaryPropertyList.header
            guard buffer.count >= header.count else { throw .malformed(reason: buffer.count == 0 ? "is empty" : "too short for a header") }
            guard buffer.starts(with: header) else { throw .malformed(reason: "not a binary property list") }
            guard buffer.count >= header.count + 1 + BinaryPropertyList.trailerSize else { throw .malformed(reason: "too short for a trailer") }
            let trailer = buffer.count - BinaryPropertyList.trailerSize
            func field(at offset: Int) -> UInt64 {
                buffer.bigEndian(at: offset, width: 8)
            }
            offsetWidth = Int(buffer[trailer + 6])
            referenceWidth = Int(buffer[trailer + 7])
            // Any width from 1 to 8, as CFBinaryPList.c reads: swift-foundation's writer uses 3
            // bytes for offsets past 64 KiB.
            guard (1 ... 8).contains(offsetWidth) else { throw .malformed(reason: "offset width \(offsetWidth) in trailer") }
            guard (1 ... 8).contains(referenceWidth) else { throw .malformed(reason: "reference width \(referenceWidth) in trailer") }
            let objectCount = field(at: trailer + 8)
            let topObject = field(at: trailer + 16)
            let offsetTable = field(at: trailer + 24)
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
        }
    }

    // MARK: Bytes

    /// The big-endian unsigned integer of `width` (1 to 8) bytes at `offset`: every field the
    /// document reads ends before the offset table, and the 32-byte trailer follows it, so the
    /// eight bytes ``ByteReader/bigEndian(at:width:)`` reads from any field's start are in the file.
    @inline(__always)
    func load(_ offset: Int, width: Int) -> UInt64 {
        bytes.bigEndian(at: offset, width: width)
    }

    /// Where `object` starts: the offset its entry in the offset table gives.
    @inline(__always)
    func offset(of object: Int) -> Int {
        assert(object >= 0 && object < objectCount, "object \(object) of \(objectCount)")
        return Int(truncatingIfNeeded: load(offsetTable + object * offsetWidth, width: offsetWidth))
    }

    /// The count in the marker at `offset` (or in the integer that follows it) and where the
    /// contents start, for a checked data, string, array or dictionary object.
    @inline(__always)
    func contents(at offset: Int) -> (count: Int, start: Int) {
        let low = Int(bytes[offset] & 0x0F)
        guard low == Int(BinaryPropertyList.Marker.countFollows) else { return (low, offset + 1) }
        let width = 1 << Int(bytes[offset + 1] & 0x0F)
        return (Int(truncatingIfNeeded: load(offset + 2, width: width)), offset + 2 + width)
    }

    // MARK: Objects

    @inline(__always)
    func kind(of object: Int) -> Kind {
        switch bytes[offset(of: object)] >> 4 {
        case 0x0: .bool
        case 0x1: .integer
        case 0x2: .real
        case 0x3: .date
        case 0x4: .data
        case 0x5, 0x6: .string
        case 0x8: .uid
        case 0xA: .array
        // The only other marker a checked object has.
        default: .dictionary
        }
    }

    /// Whether a Boolean is `true`.
    @inline(__always)
    func bool(at object: Int) -> Bool {
        bytes[offset(of: object)] == BinaryPropertyList.Marker.true
    }

    /// An integer's value, or a real's, as `Integer` when it is exactly one (as `NSNumber`'s
    /// `as? Int` gives it); `nil` otherwise. Integers are stored in 1, 2 or 4 bytes unsigned,
    /// 8 bytes signed, or 16 bytes for values above `Int64.max`.
    @inline(__always)
    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, at object: Int) -> Integer? {
        let offset = offset(of: object)
        switch bytes[offset] >> 4 {
        case 0x1:
            let (value, isSigned) = storedInteger(at: offset)
            return isSigned ? Integer(exactly: Int64(bitPattern: value)) : Integer(exactly: value)
        case 0x2:
            return Integer(exactly: real(at: offset))
        default:
            return nil
        }
    }

    /// A real's value, or an integer's nearest `Double`; `.nan` for other kinds.
    @inline(__always)
    func double(at object: Int) -> Double {
        let offset = offset(of: object)
        switch bytes[offset] >> 4 {
        case 0x1:
            let (value, isSigned) = storedInteger(at: offset)
            return isSigned ? Double(Int64(bitPattern: value)) : Double(value)
        case 0x2:
            return real(at: offset)
        default:
            return .nan
        }
    }

    /// The 64 bits of a checked integer object at `offset`, and whether they are signed (8-byte
    /// integers, and 16-byte ones that are sign-extended negatives).
    @inline(__always)
    func storedInteger(at offset: Int) -> (bits: UInt64, isSigned: Bool) {
        switch bytes[offset] & 0x0F {
        case 0, 1, 2: (load(offset + 1, width: 1 << Int(bytes[offset] & 0x0F)), false)
        case 3: (load(offset + 1, width: 8), true)
        // 16 bytes, whose high half is all zeros or (for a negative) all ones.
        default: (load(offset + 9, width: 8), bytes[offset + 1] != 0)
        }
    }

    /// A checked real object's value at `offset`: 4 or 8 bytes.
    @inline(__always)
    func real(at offset: Int) -> Double {
        bytes[offset] & 0x0F == 2
            ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: load(offset + 1, width: 4))))
            : Double(bitPattern: load(offset + 1, width: 8))
    }

    /// A string's text (ASCII or UTF-16 in the file); `""` for other kinds.
    func string(at object: Int) -> String {
        stringIfString(at: object) ?? ""
    }

    /// A string's text; `nil` for other kinds: what a `String` property reads, with the marker
    /// and the offset table read once rather than once to ask the kind and again to read.
    @inline(__always)
    func stringIfString(at object: Int) -> String? {
        let offset = offset(of: object)
        switch bytes[offset] >> 4 {
        case 0x5:
            let (count, start) = contents(at: offset)
            if count > 15, !sharedStrings.isEmpty, let text = sharedStrings[object] { return text }
            return bytes.string(at: start, count: count)
        case 0x6:
            let (count, start) = contents(at: offset)
            if count > 15, !sharedStrings.isEmpty, let text = sharedStrings[object] { return text }
            return utf16String(at: start, count: count)
        default:
            return nil
        }
    }

    /// The text of `count` checked UTF-16 code units at `start`, transcoded to UTF-8 here: the
    /// standard library's generic transcoding from `UInt16`s is several times slower.
    private func utf16String(at start: Int, count: Int) -> String {
        // A code unit is at most 3 bytes of UTF-8, a surrogate pair 4.
        ByteWriter.string(capacity: count * 3) { utf8 in
            var index = 0
            while index < count {
                var scalar = UInt32(unit(at: start + 2 * index))
                index += 1
                switch scalar {
                case ..<0x80:
                    utf8.append(UInt8(scalar))
                case ..<0x800:
                    utf8.append(UInt8(0xC0 | scalar >> 6))
                    utf8.append(UInt8(0x80 | scalar & 0x3F))
                case 0xD800 ..< 0xDC00:
                    // Checked: a low surrogate follows.
                    scalar = 0x10000 + (scalar - 0xD800) << 10 + (UInt32(unit(at: start + 2 * index)) &- 0xDC00)
                    index += 1
                    utf8.append(UInt8(0xF0 | scalar >> 18))
                    utf8.append(UInt8(0x80 | scalar >> 12 & 0x3F))
                    utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                    utf8.append(UInt8(0x80 | scalar & 0x3F))
                default:
                    utf8.append(UInt8(0xE0 | scalar >> 12))
                    utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                    utf8.append(UInt8(0x80 | scalar & 0x3F))
                }
            }
        }
    }

    /// The big-endian UTF-16 code unit at `offset`.
    @inline(__always)
    func unit(at offset: Int) -> UInt16 {
        bytes.bigEndianUInt16(at: offset)
    }

    /// Whether a string's text is `key`, compared without building a `String` unless one of
    /// them is not ASCII and their code units differ (see ``BinaryPropertyListKey``).
    @inline(__always)
    func string(at object: Int, equals key: BinaryPropertyListKey) -> Bool {
        let offset = offset(of: object)
        let (count, start) = contents(at: offset)
        switch bytes[offset] >> 4 {
        case 0x5:
            if count == key.utf8.count, ByteReader.withBytes(of: key.utf8, { bytes.contains($0, at: start) }) {
                return true
            }
            return !key.isASCII && string(at: object) == key.string
        case 0x6:
            if count == key.utf16.count, (0 ..< count).allSatisfy({ key.utf16[$0] == unit(at: start + 2 * $0) }) {
                return true
            }
            return string(at: object) == key.string
        default:
            return false
        }
    }

    /// A date's value; the reference date for other kinds.
    func date(at object: Int) -> Date {
        let offset = offset(of: object)
        guard bytes[offset] == BinaryPropertyList.Marker.date else { return Date(timeIntervalSinceReferenceDate: 0) }
        return Date(timeIntervalSinceReferenceDate: Double(bitPattern: load(offset + 1, width: 8)))
    }

    /// A data object's bytes, copied (once for a data object the file shares); empty for other kinds.
    func data(at object: Int) -> Data {
        let offset = offset(of: object)
        guard bytes[offset] >> 4 == 0x4 else { return Data() }
        let (count, start) = contents(at: offset)
        if count > 15, !sharedData.isEmpty, let data = sharedData[object] { return data }
        return bytes.data(at: start, count: count)
    }

    /// A keyed-archive UID's value (1 to 16 bytes that fit in 64 bits); 0 for other kinds.
    func uid(at object: Int) -> UInt64 {
        let offset = offset(of: object)
        guard bytes[offset] >> 4 == 0x8 else { return 0 }
        let width = Int(bytes[offset] & 0x0F) + 1
        return width > 8 ? load(offset + 1 + width - 8, width: 8) : load(offset + 1, width: width)
    }

    /// An array's element count, a dictionary's member count (duplicate keys included), a data
    /// object's bytes or a string's code units; 0 for other kinds.
    @inline(__always)
    func count(of object: Int) -> Int {
        let offset = offset(of: object)
        switch bytes[offset] >> 4 {
        case 0x4, 0x5, 0x6, 0xA, 0xD: return contents(at: offset).count
        default: return 0
        }
    }

    // MARK: Containers

    /// An array's elements, as object numbers; none for other kinds.
    @inline(__always)
    func elements(of array: Int) -> References {
        let offset = offset(of: array)
        guard bytes[offset] >> 4 == 0xA else { return References(document: self, start: offset, count: 0) }
        let (count, start) = contents(at: offset)
        return References(document: self, start: start, count: count)
    }

    /// A dictionary's members, as the object numbers of each key and value, in the file's
    /// order; none for other kinds.
    @inline(__always)
    func members(of dictionary: Int) -> Members {
        let offset = offset(of: dictionary)
        guard bytes[offset] >> 4 == 0xD else {
            let none = References(document: self, start: offset, count: 0)
            return Members(keys: none, values: none)
        }
        let (count, start) = contents(at: offset)
        return Members(
            keys: References(document: self, start: start, count: count),
            values: References(document: self, start: start + count * referenceWidth, count: count)
        )
    }

    /// The value of `dictionary`'s member whose key is `key`; of the last one if several are
    /// (a later duplicate wins, as in the dictionary ``foundationObject(at:)`` builds).
    func value(in dictionary: Int, forKey key: BinaryPropertyListKey) -> Int? {
        let members = members(of: dictionary)
        var index = members.count
        while index > 0 {
            index -= 1
            if string(at: members.keys[index], equals: key) { return members.values[index] }
        }
        return nil
    }

    /// The object number in the reference at `offset`, one of a checked container's.
    @inline(__always)
    func reference(at offset: Int) -> Int {
        Int(truncatingIfNeeded: load(offset, width: referenceWidth))
    }

    /// The byte count and start of an ASCII string's text; `nil` for other kinds (UTF-16 strings
    /// included), so that a key map's pass over a dictionary's keys reads each key's marker once.
    @inline(__always)
    func asciiText(of object: Int) -> (count: Int, start: Int)? {
        let offset = offset(of: object)
        guard bytes[offset] >> 4 == 0x5 else { return nil }
        return contents(at: offset)
    }

    /// The object numbers that a container's references hold, read from the bytes as they are
    /// asked for. It keeps the document, so its bytes, alive.
    struct References: RandomAccessCollection {
        let document: BinaryPropertyListDocument
        /// Where the first reference is.
        let start: Int
        let count: Int

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        @inline(__always)
        subscript(position: Int) -> Int {
            precondition(position >= 0 && position < count, "reference \(position) of \(count)")
            return Int(truncatingIfNeeded: document.load(start + position * document.referenceWidth, width: document.referenceWidth))
        }
    }

    /// The key and value object numbers of a dictionary's members.
    struct Members: RandomAccessCollection {
        let keys: References
        let values: References

        var startIndex: Int { 0 }
        var endIndex: Int { keys.count }

        @inline(__always)
        subscript(position: Int) -> (key: Int, value: Int) {
            (keys[position], values[position])
        }
    }
}
