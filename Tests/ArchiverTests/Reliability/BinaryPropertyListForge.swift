import Foundation

/// Builds binary property lists byte by byte, including ones no writer would make: counts,
/// lengths and offsets that lie, references that loop, nesting ten thousand deep, and trailers
/// with impossible widths. Each object is given as its encoded bytes; references are indexes.
struct BinaryPropertyListForge {
    var objects: [[UInt8]] = []
    var top: UInt64 = 0
    var referenceWidth = 2
    var offsetWidth = 4
    /// Replacements for the trailer's fields, to make them lie.
    var claimedObjectCount: UInt64?
    var claimedOffsetTable: UInt64?
    /// Replacements for entries of the offset table, by object index.
    var claimedOffsets: [Int: UInt64] = [:]

    @discardableResult
    mutating func add(_ object: [UInt8]) -> Int {
        objects.append(object)
        return objects.count - 1
    }

    var data: Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt64] = []
        for object in objects {
            offsets.append(UInt64(bytes.count))
            bytes += object
        }
        let offsetTable = UInt64(bytes.count)
        for (index, offset) in offsets.enumerated() {
            bytes += Self.bigEndian(claimedOffsets[index] ?? offset, width: offsetWidth)
        }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(truncatingIfNeeded: offsetWidth), UInt8(truncatingIfNeeded: referenceWidth)]
        bytes += Self.bigEndian(claimedObjectCount ?? UInt64(objects.count), width: 8)
        bytes += Self.bigEndian(top, width: 8)
        bytes += Self.bigEndian(claimedOffsetTable ?? offsetTable, width: 8)
        return Data(bytes)
    }

    // MARK: Objects

    static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).reversed().map { $0 >= 8 ? 0 : UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A marker with its length, given inline or as a following 8-byte integer.
    static func header(_ marker: UInt8, count: UInt64) -> [UInt8] {
        count < 15 ? [marker | UInt8(count)] : [marker | 0x0F, 0x13] + bigEndian(count, width: 8)
    }

    static func integer(_ value: Int64) -> [UInt8] { [0x13] + bigEndian(UInt64(bitPattern: value), width: 8) }
    static func ascii(_ text: String) -> [UInt8] { header(0x50, count: UInt64(text.utf8.count)) + Array(text.utf8) }
    static func data(_ bytes: [UInt8], claimedCount: UInt64? = nil) -> [UInt8] {
        header(0x40, count: claimedCount ?? UInt64(bytes.count)) + bytes
    }

    func references(_ indexes: [Int]) -> [UInt8] {
        indexes.flatMap { Self.bigEndian(UInt64($0), width: referenceWidth) }
    }

    func array(_ elements: [Int], claimedCount: UInt64? = nil) -> [UInt8] {
        Self.header(0xA0, count: claimedCount ?? UInt64(elements.count)) + references(elements)
    }

    func dictionary(keys: [Int], values: [Int], claimedCount: UInt64? = nil) -> [UInt8] {
        Self.header(0xD0, count: claimedCount ?? UInt64(keys.count)) + references(keys) + references(values)
    }

    /// A root dictionary `{"k": <object>}` whose value is built by `body`, given the index it gets.
    static func rooted(referenceWidth: Int = 2, _ body: (inout BinaryPropertyListForge, _ key: Int) -> Void) -> BinaryPropertyListForge {
        var forge = BinaryPropertyListForge(referenceWidth: referenceWidth)
        forge.add([])  // the root, filled in below
        let key = forge.add(ascii("k"))
        body(&forge, key)
        forge.objects[0] = forge.dictionary(keys: [key], values: [2])
        return forge
    }

    // MARK: Hostile files

    /// Named files that attack a binary property-list reader where it is weakest.
    static func hostileFiles() -> [(name: String, data: Data)] {
        var files: [(String, Data)] = []
        func add(_ name: String, _ forge: BinaryPropertyListForge) { files.append((name, forge.data)) }

        add("array count 2^62", rooted { forge, _ in forge.add(forge.array([], claimedCount: 1 << 62)) })
        add("array count UInt64.max", rooted { forge, _ in forge.add(forge.array([], claimedCount: .max)) })
        add("dictionary count 2^40", rooted { forge, key in forge.add(forge.dictionary(keys: [key], values: [key], claimedCount: 1 << 40)) })
        add("string length 2^60", rooted { forge, _ in forge.add(header(0x50, count: 1 << 60) + Array("abc".utf8)) })
        add("UTF-16 length 2^61", rooted { forge, _ in forge.add(header(0x60, count: 1 << 61) + [0, 0x41]) })
        add("data length Int64.max", rooted { forge, _ in forge.add(data([1, 2, 3], claimedCount: UInt64(Int64.max))) })
        add("data length negative", rooted { forge, _ in forge.add([0x4F, 0x13] + bigEndian(UInt64(bitPattern: -5), width: 8)) })
        add("count as a 16-byte integer", rooted { forge, _ in forge.add([0xAF, 0x14] + [UInt8](repeating: 0xFF, count: 16)) })
        add("count as a string", rooted { forge, _ in forge.add([0xAF, 0x51, 0x41]) })
        add("integer of 2^7 bytes", rooted { forge, _ in forge.add([0x17] + [UInt8](repeating: 1, count: 8)) })
        add("real of 2^5 bytes", rooted { forge, _ in forge.add([0x25, 1, 2, 3]) })
        add("date cut short", rooted { forge, _ in forge.add([0x33, 1, 2]) })
        add("unpaired surrogate", rooted { forge, _ in forge.add([0x61, 0xD8, 0x00]) })
        add("odd UTF-16 byte", rooted { forge, _ in forge.add([0x61, 0x00]) })
        add("invalid UTF-8 in ASCII string", rooted { forge, _ in forge.add([0x52, 0xC3, 0x28]) })
        add("unknown marker", rooted { forge, _ in forge.add([0x70]) })
        add("UID outside a keyed archive", rooted { forge, _ in forge.add([0x80, 0x01]) })
        add("reference past the objects", rooted { forge, _ in forge.add(forge.array([9_999])) })
        add("array holds itself", rooted { forge, _ in forge.add(forge.array([2])) })
        add("dictionary holds itself", rooted { forge, key in forge.add(forge.dictionary(keys: [key], values: [2])) })
        add("two arrays hold each other", rooted { forge, _ in
            forge.add(forge.array([3]))
            forge.add(forge.array([2]))
        })
        add("root holds itself", {
            var forge = BinaryPropertyListForge()
            let key = 1
            forge.add(forge.dictionary(keys: [key], values: [0]))
            forge.add(ascii("k"))
            return forge
        }())
        add("key that is an array", {
            var forge = BinaryPropertyListForge()
            forge.add(forge.dictionary(keys: [1], values: [1]))
            forge.add(forge.array([]))
            return forge
        }())
        add("key that is a number", {
            var forge = BinaryPropertyListForge()
            forge.add(forge.dictionary(keys: [1], values: [1]))
            forge.add(integer(42))
            return forge
        }())
        for depth in [600, 10_000] {
            add("arrays nested \(depth) deep", rooted { forge, _ in
                for level in 0..<depth { forge.add(forge.array(level == depth - 1 ? [] : [3 + level])) }
            })
            add("dictionaries nested \(depth) deep", rooted { forge, key in
                for level in 0..<depth { forge.add(level == depth - 1 ? forge.array([]) : forge.dictionary(keys: [key], values: [3 + level])) }
            })
        }
        // Lies in the trailer.
        var trailer = rooted { forge, _ in forge.add(ascii("v")) }
        for (name, change) in [
            ("object count UInt64.max", { (forge: inout BinaryPropertyListForge) in forge.claimedObjectCount = .max }),
            ("object count 2^40", { $0.claimedObjectCount = 1 << 40 }),
            ("object count 0", { $0.claimedObjectCount = 0 }),
            ("offset table at UInt64.max", { $0.claimedOffsetTable = .max }),
            ("offset table at 0", { $0.claimedOffsetTable = 0 }),
            ("offset table in the trailer", { $0.claimedOffsetTable = UInt64($0.data.count - 10) }),
            ("top object 2^63", { $0.top = 1 << 63 }),
            ("top object past the end", { $0.top = 3 }),
            ("offset width 0", { $0.offsetWidth = 0 }),
            ("offset width 9", { $0.offsetWidth = 9 }),
            ("offset width 16", { $0.offsetWidth = 16 }),
            ("reference width 0", { $0.referenceWidth = 0 }),
            ("reference width 9", { $0.referenceWidth = 9 }),
            ("offset past the end", { $0.claimedOffsets[2] = 1 << 50 }),
            ("offset into the trailer", { $0.claimedOffsets[2] = UInt64($0.data.count - 4) }),
            ("offset into the header", { $0.claimedOffsets[0] = 2 }),
            ("offset into the offset table", { $0.claimedOffsets[0] = UInt64($0.data.count - 40) }),
        ] as [(String, (inout BinaryPropertyListForge) -> Void)] {
            var forge = trailer
            change(&forge)
            add(name, forge)
        }
        trailer.referenceWidth = 1
        add("reference width 1", trailer)
        return files
    }

    /// Files whose objects are few but whose tree, with shared references expanded, is astronomically large.
    static func expandingFiles() -> [(name: String, data: Data)] {
        var files: [(String, Data)] = []
        func add(_ name: String, _ forge: BinaryPropertyListForge) { files.append((name, forge.data)) }
        // Each level refers to the next twice: 2^64 paths through 66 objects.
        add("shared containers, 2^64 paths", rooted { forge, _ in
            for level in 0..<64 { forge.add(level == 63 ? ascii("leaf") : forge.array([3 + level, 3 + level])) }
        })
        add("shared dictionaries, 2^64 paths", rooted { forge, key in
            // Levels are objects 2…65; a second key, "j", is object 66.
            for level in 0..<64 {
                let next = 3 + level
                forge.add(level == 63 ? ascii("leaf") : forge.dictionary(keys: [key, 66], values: [next, next]))
            }
            forge.add(ascii("j"))
        })

        return files
    }
}
