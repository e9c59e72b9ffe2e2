import Foundation

extension BinaryPropertyListDocument {
    /// Checks everything the top object reaches, once, so that no accessor needs to.
    ///
    /// One pass over the reachable objects, each checked once however often it is referred to,
    /// without recursion (the deepest file takes no more stack than the flattest: threads may
    /// have 512 KiB). Memory is four bytes per object of the offset table and sixteen per
    /// reachable container, freed on return, and a frame per level of nesting.
    ///
    /// Returns the strings of more than 15 code units and the data objects of more than 15 bytes
    /// that the file refers to more than once, which the document makes once. Their payloads, as
    /// every reachable string's and data object's, together fit in the file: objects whose
    /// payloads overlap are refused.
    func validate(maximumDepth: Int, options: BinaryPropertyListReader.Options) throws(PropertyListError) -> (strings: [Int], data: [Int]) {
        // A buffer rather than an array: the walk reads and writes slots on every member of every
        // container, where an array checks uniqueness and bounds on each write.
        try SlotBuffer.with(count: objectCount, repeating: BinaryPropertyListValidation.unreached) { (slots) throws(PropertyListError) in
            var validation = BinaryPropertyListValidation(document: self, slots: slots, maximumDepth: maximumDepth, options: options)
            try validation.run()
            return (validation.sharedStrings, validation.sharedData)
        }
    }
}

/// The walk of ``BinaryPropertyListDocument/validate(maximumDepth:options:)``: containers are
/// opened as they are reached and closed when their last member has been checked.
private struct BinaryPropertyListValidation {
    private let document: BinaryPropertyListDocument
    // The document's fields, kept here so that the walk reads them without going through it.
    private let bytes: ByteReader
    private let offsetTable: Int
    private let offsetWidth: Int
    private let referenceWidth: Int
    private let objectCount: Int
    private let maximumDepth: Int
    private let options: BinaryPropertyListReader.Options
    /// The most values the whole file may stand for: a tree without shared containers needs a
    /// reference byte per value, so its count is below the file's size; the slack is for writers
    /// that share equal containers.
    private let maximumValues: Int
    /// By object number: ``unreached``, ``open`` (a container whose members are being checked:
    /// an ancestor of the current object), ``leaf``, ``dataLeaf`` or ``stringLeaf`` (checked, and
    /// ``sharedData`` or ``sharedString`` once met again), or one more than
    /// the index of a checked container's summary in `containers`. Every object number the walk
    /// indexes it with is below `objectCount`, its size: `reference` checks each.
    private let slots: SlotBuffer
    private var containers: [Summary] = []
    /// Strings too long for a small string met again as a value, in the order met.
    private(set) var sharedStrings: [Int] = []
    /// Data objects too long to be held inline by `Data` met again as a value, in the order met.
    private(set) var sharedData: [Int] = []
    /// The bytes of string and data payloads not yet accounted for: the objects' part of the
    /// file. A writer writes each object once, so the payloads of distinct objects fit in it;
    /// objects that overlap (an offset table pointing into another string, or twice at one) would
    /// otherwise let each be built, or made once as a shared string, from the same bytes, and a
    /// file of N bytes could describe strings of N² bytes.
    private var payloadBytesLeft: Int
    /// The open containers but the innermost, outermost first.
    private var stack: [Frame] = []

    static let unreached: Int32 = 0
    private static let open: Int32 = -1
    private static let leaf: Int32 = -2
    /// A checked data object, and one noted in `sharedData` (or too short to be worth noting),
    /// so that it is looked at once.
    private static let dataLeaf: Int32 = -3
    private static let sharedData: Int32 = -4
    /// A checked string: a dictionary's keys are the same few objects over and over, and this
    /// says one of them is sound without reading its marker again. Below every other leaf's
    /// slot, so that `<= stringLeaf` asks whether an object is a checked string.
    private static let stringLeaf: Int32 = -5
    /// A checked string noted in `sharedStrings` (or one that is not worth noting: short enough
    /// to be a small string), so that it is looked at once.
    private static let sharedString: Int32 = -6
    /// Where objects start: after the header, "bplist00".
    private static let firstObject: UInt64 = 8

    /// What a checked object means to the containers that hold it.
    private struct Summary {
        /// 0 for a leaf, 1 for a container of leaves: a shared container met again deeper down
        /// must still fit under the limit.
        var height: Int
        /// How many values it stands for once shared references are expanded: what a caller
        /// walking the result visits.
        var size: Int

        static let leaf = Summary(height: 0, size: 1)
    }

    /// An open container: where its references are and how far its check has got.
    private struct Frame {
        let object: Int
        let start: Int
        let count: Int
        let isDictionary: Bool
        let depth: Int
        var next = 0
        /// Of its members so far: the greatest height, and its own size.
        var height = 0
        var size = 1
    }

    init(document: BinaryPropertyListDocument, slots: SlotBuffer, maximumDepth: Int, options: BinaryPropertyListReader.Options) {
        self.document = document
        bytes = document.bytes
        offsetTable = document.offsetTable
        offsetWidth = document.offsetWidth
        referenceWidth = document.referenceWidth
        objectCount = document.objectCount
        self.maximumDepth = maximumDepth
        self.options = options
        maximumValues = max(1 << 20, document.bytes.count * 16)
        payloadBytesLeft = document.offsetTable - Int(Self.firstObject)
        self.slots = slots
    }

    mutating func run() throws(PropertyListError) {
        // The innermost open container is kept out of `stack`, which holds its ancestors.
        guard case .opened(var frame) = try reach(document.topObject, depth: 0) else { return }
        let width = referenceWidth
        while true {
            guard frame.next < frame.count else {
                let summary = Summary(height: frame.height + 1, size: frame.size)
                containers.append(summary)
                slots[frame.object] = Int32(containers.count)
                guard var parent = stack.popLast() else { return }
                try add(summary, to: &parent)
                frame = parent
                continue
            }
            let index = frame.next
            frame.next += 1
            // Wrapping arithmetic: `count` checked that every reference lies before the offset
            // table, so no position here overflows, and the checks would be per member.
            let member: Int
            if frame.isDictionary {
                try checkKey(try reference(frame.object, at: frame.start &+ index &* width), of: frame.object)
                member = try reference(frame.object, at: frame.start &+ (frame.count &+ index) &* width)
            } else {
                member = try reference(frame.object, at: frame.start &+ index &* width)
            }
            // A leaf checked before (a shared key's value, a number or a string written once and
            // referred to again) only counts: the common case, without a call.
            if slots[member] <= Self.leaf {
                if slots[member] == Self.stringLeaf || slots[member] == Self.dataLeaf { noteShared(member) }
                try add(.leaf, to: &frame)
                continue
            }
            // A leaf met for the first time is checked here, without going through `reach` and
            // the frame it returns: most objects of a file are leaves seen once.
            if slots[member] == Self.unreached {
                let offset = try offset(of: member)
                let type = bytes[offset] >> 4
                if type != 0xA, type != 0xD {
                    try checkLeaf(member, at: offset)
                    slots[member] = Self.slot(ofLeafOfType: type)
                    try add(.leaf, to: &frame)
                    continue
                }
            }
            switch try reach(member, depth: frame.depth + 1) {
            case .checked(let summary):
                try add(summary, to: &frame)
            case .opened(let container):
                stack.append(frame)
                frame = container
            }
        }
    }

    /// Counts a checked member into its container.
    @inline(__always)
    private func add(_ member: Summary, to frame: inout Frame) throws(PropertyListError) {
        frame.height = max(frame.height, member.height)
        // A dictionary's member is its key and its value.
        frame.size += member.size + (frame.isDictionary ? 1 : 0)
        guard frame.size <= maximumValues else {
            throw .malformed(reason: "shared references expand to more than \(maximumValues) values")
        }
    }

    /// What reaching an object found.
    private enum Reached {
        /// A leaf, or a container checked before.
        case checked(Summary)
        /// A container met for the first time, now open.
        case opened(Frame)
    }

    /// Checks `object`, found `depth` containers below the root: a leaf or a container checked
    /// before is summarized at once; a new container is opened, and summarized when it closes.
    private mutating func reach(_ object: Int, depth: Int) throws(PropertyListError) -> Reached {
        switch slots[object] {
        case Self.unreached:
            break
        case Self.leaf, Self.dataLeaf, Self.sharedData, Self.stringLeaf, Self.sharedString:
            return .checked(.leaf)
        case Self.open:
            throw .malformed(reason: "object \(object) contains itself")
        case let slot:
            // A container's nesting continues below it; a shared one must still fit here.
            let summary = containers[Int(slot) - 1]
            guard depth + summary.height <= maximumDepth else { throw .malformed(reason: "nesting deeper than \(maximumDepth)") }
            return .checked(summary)
        }
        let offset = try offset(of: object)
        let type = bytes[offset] >> 4
        guard type == 0xA || type == 0xD else {
            try checkLeaf(object, at: offset)
            slots[object] = Self.slot(ofLeafOfType: type)
            return .checked(.leaf)
        }
        guard depth < maximumDepth else { throw .malformed(reason: "nesting deeper than \(maximumDepth)") }
        let isDictionary = type == 0xD
        let (count, start) = try count(object, at: offset, elementWidth: referenceWidth * (isDictionary ? 2 : 1))
        slots[object] = Self.open
        return .opened(Frame(object: object, start: start, count: count, isDictionary: isDictionary, depth: depth))
    }

    /// Checks that `key`, a key of `dictionary`, is a sound string.
    @inline(__always)
    private mutating func checkKey(_ key: Int, of dictionary: Int) throws(PropertyListError) {
        // The common case: a key that an earlier dictionary has too.
        if slots[key] <= Self.stringLeaf { return }
        try checkNewKey(key, of: dictionary)
    }

    private mutating func checkNewKey(_ key: Int, of dictionary: Int) throws(PropertyListError) {
        switch slots[key] {
        case Self.unreached:
            let offset = try offset(of: key)
            let type = bytes[offset] >> 4
            guard type != 0xA, type != 0xD else { break }
            try checkLeaf(key, at: offset)
            slots[key] = Self.slot(ofLeafOfType: type)
        case Self.open:
            throw .malformed(reason: "object \(key) contains itself")
        default:
            break
        }
        guard slots[key] <= Self.stringLeaf else {
            throw .malformed(reason: "object \(dictionary) has a key that is not a string")
        }
    }

    /// The slot of a checked leaf whose marker's type is `type`.
    @inline(__always)
    private static func slot(ofLeafOfType type: UInt8) -> Int32 {
        switch type {
        case 0x5, 0x6: stringLeaf
        case 0x4: dataLeaf
        default: leaf
        }
    }

    /// Notes a checked string or data object met again as a value: a string of more than 15
    /// code units is stored out of line, as is data of more than 15 bytes, so each value read
    /// from it would allocate and copy its payload. Every such object is noted, however long (a
    /// long text read once per reference is the reference count times its length), and however
    /// many: their payloads fit in the file.
    private mutating func noteShared(_ object: Int) {
        let isString = slots[object] == Self.stringLeaf
        slots[object] = isString ? Self.sharedString : Self.sharedData
        // Checked: the offset is inside the objects and the marker is a string's or data's.
        let offset = Int(truncatingIfNeeded: load(offsetTable + object * offsetWidth, width: offsetWidth))
        var count = Int(bytes[offset] & 0x0F)
        if count == Int(BinaryPropertyList.Marker.countFollows) {
            count = Int(truncatingIfNeeded: load(offset + 2, width: 1 << Int(bytes[offset + 1] & 0x0F)))
        }
        guard count > 15 else { return }
        if isString { sharedStrings.append(object) } else { sharedData.append(object) }
    }

    /// Accounts for a new leaf's payload of `bytes`, refusing the file once the payloads of its
    /// objects add up to more than the objects' part of the file.
    @inline(__always)
    private mutating func claimPayload(_ object: Int, _ bytes: Int) throws(PropertyListError) {
        guard bytes <= payloadBytesLeft else { throw .malformed(reason: "object \(object) overlaps another object") }
        payloadBytesLeft &-= bytes
    }

    /// Checks a leaf: that its marker is one the reader reads and its payload lies inside the
    /// objects, and for strings that their text is valid.
    private mutating func checkLeaf(_ object: Int, at offset: Int) throws(PropertyListError) {
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            guard marker == BinaryPropertyList.Marker.false || marker == BinaryPropertyList.Marker.true else {
                throw .malformed(reason: "object \(object) has unsupported type 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            let width = 1 << low
            switch width {
            case 1, 2, 4, 8:
                try require(object, offset + 1, width)
            case 16:
                // Writers use 16 bytes for values above Int64.max; sign-extended negatives read too.
                try require(object, offset + 1, 16)
                let high = load(offset + 1, width: 8)
                let low = load(offset + 9, width: 8)
                guard high == 0 || (high == UInt64.max && low > UInt64(Int64.max)) else {
                    throw .malformed(reason: "object \(object) is an integer wider than 64 bits")
                }
            default:
                throw .malformed(reason: "object \(object) is an integer of \(width) bytes")
            }
        case 0x2:
            guard low == 2 || low == 3 else { throw .malformed(reason: "object \(object) is a real of \(1 << low) bytes") }
            try require(object, offset + 1, 1 << low)
        case 0x3:
            guard marker == BinaryPropertyList.Marker.date else { throw .malformed(reason: "object \(object) is a date of \(1 << low) bytes") }
            try require(object, offset + 1, 8)
        case 0x4:
            try claimPayload(object, try count(object, at: offset, elementWidth: 1).count)
        case 0x5:
            let (count, start) = try count(object, at: offset, elementWidth: 1)
            try claimPayload(object, count)
            guard isASCII(at: start, count: count) else { throw .malformed(reason: "object \(object) is not ASCII") }
        case 0x6:
            let (count, start) = try count(object, at: offset, elementWidth: 2)
            try claimPayload(object, 2 &* count)
            guard isValidUTF16(at: start, count: count) else { throw .malformed(reason: "object \(object) is not valid UTF-16") }
        case 0x8:
            guard options.contains(.allowsUIDs) else { throw .malformed(reason: "object \(object) is a keyed-archive UID") }
            // 1 to 16 bytes, whose value must fit in 64 bits.
            let width = low + 1
            try require(object, offset + 1, width)
            guard width <= 8 || load(offset + 1, width: width - 8) == 0 else {
                throw .malformed(reason: "object \(object) is wider than 64 bits")
            }
        default:
            throw .malformed(reason: "object \(object) has unsupported type 0x\(String(marker, radix: 16))")
        }
    }

    /// Whether `count` bytes at `start` are ASCII: eight bytes from any position up to the
    /// offset table are in the file (see `BinaryPropertyListDocument.load`), so the last word is
    /// read whole and masked.
    @inline(__always)
    private func isASCII(at start: Int, count: Int) -> Bool {
        bytes.isASCII(at: start, count: count)
    }

    /// Whether `count` big-endian code units at `start` are valid UTF-16: every surrogate paired.
    ///
    /// Four units at a time are let through when none is a surrogate, a test on their high bytes
    /// as one word; a word that may hold one is checked unit by unit.
    private func isValidUTF16(at start: Int, count: Int) -> Bool {
        var index = 0
        while index &+ 4 <= count {
            // In memory order each unit's high byte comes first, the low byte of a 16-bit lane
            // of the little-endian word: it is a surrogate's when its top five bits are 11011.
            let word = bytes.word(at: start &+ 2 &* index)
            let difference = (word & 0x00F8_00F8_00F8_00F8) ^ 0x00D8_00D8_00D8_00D8
            // A lane of `difference` is zero only for a surrogate; subtracting one from each lane
            // then sets its top bit (a borrow into the next lane can only add false alarms).
            guard (difference &- 0x0001_0001_0001_0001) & 0x8000_8000_8000_8000 != 0 else {
                index &+= 4
                continue
            }
            break
        }
        while index < count {
            let first = unit(at: start + 2 * index)
            index += 1
            guard first & 0xF800 == 0xD800 else { continue }
            guard first < 0xDC00, index < count, unit(at: start + 2 * index) & 0xFC00 == 0xDC00 else { return false }
            index += 1
        }
        return true
    }

    // MARK: Fields

    @inline(__always)
    private func load(_ offset: Int, width: Int) -> UInt64 {
        bytes.bigEndian(at: offset, width: width)
    }

    @inline(__always)
    private func unit(at offset: Int) -> UInt16 {
        UInt16(truncatingIfNeeded: load(offset, width: 2))
    }

    /// Where `object` starts, once that is known to lie between the header and the offset table.
    @inline(__always)
    private func offset(of object: Int) throws(PropertyListError) -> Int {
        let field = load(offsetTable + object * offsetWidth, width: offsetWidth)
        guard field >= Self.firstObject, field < UInt64(offsetTable) else {
            throw .malformed(reason: "object \(object) outside the objects")
        }
        return Int(field)
    }

    /// The object number at `offset` in `object`'s references.
    @inline(__always)
    private func reference(_ object: Int, at offset: Int) throws(PropertyListError) -> Int {
        let reference = load(offset, width: referenceWidth)
        guard reference < UInt64(objectCount) else {
            throw .malformed(reason: "object \(object) refers to missing object \(reference)")
        }
        if reference == UInt64(object) { throw .malformed(reason: "object \(object) refers to itself") }
        return Int(reference)
    }

    /// The element count in the marker at `offset` (or the integer after it), and where the
    /// elements start, once the elements are known to fit before the offset table.
    @inline(__always)
    private func count(_ object: Int, at offset: Int, elementWidth: Int) throws(PropertyListError) -> (count: Int, start: Int) {
        var count = Int(bytes[offset] & 0x0F)
        var start = offset + 1
        if count == Int(BinaryPropertyList.Marker.countFollows) {
            try require(object, start, 1)
            let marker = bytes[start]
            guard marker >> 4 == 1, marker & 0x0F <= 3 else { throw .malformed(reason: "object \(object) has a bad count") }
            let width = 1 << Int(marker & 0x0F)
            try require(object, start + 1, width)
            let field = load(start + 1, width: width)
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

    /// Throws unless `width` bytes at `offset` lie before the offset table.
    @inline(__always)
    private func require(_ object: Int, _ offset: Int, _ width: Int) throws(PropertyListError) {
        guard offset <= offsetTable, width <= offsetTable - offset else {
            throw .malformed(reason: "object \(object) runs past the objects")
        }
    }
}
