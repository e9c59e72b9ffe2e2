import Foundation

extension BinaryPropertyListDocument {
    /// The value of `object` as Foundation's reader returns it on Linux, so that hand-written
    /// casts behave the same: integers and reals as `NSNumber` (`as? Int`, `as? Double` work),
    /// `true`/`false` as `Bool`, and `String`, `Data`, `Date`, `[Any]` — but dictionaries as
    /// `[String: Any]` at every level — and keyed-archive UIDs as ``PropertyListUID``.
    ///
    /// Each object is built once and shared by every reference to it (a million references to
    /// one number make one `NSNumber`), and arrays of one element type are typed Swift arrays
    /// (``CompactArray``: 8 bytes a number, not 32). Built without recursion, as the document
    /// was checked: each value goes straight into the innermost open container, which joins its
    /// own when its last member has arrived.
    func foundationObject(at object: Int) -> Any {
        var builder = FoundationObjectBuilder(document: self)
        return builder.value(of: object)
    }
}

/// The state of ``BinaryPropertyListDocument/foundationObject(at:)``.
private struct FoundationObjectBuilder {
    private let document: BinaryPropertyListDocument
    /// By object number: 0 not built yet, otherwise one more than the index of its value in
    /// `built`. Only objects the value reaches cost more than their slot.
    private var slots: [Int32]
    private var built: [Any] = []

    /// A container whose members have not all arrived: the members so far, where its references
    /// are, and the number of the member that arrives next (with its key, for a dictionary).
    private enum OpenContainer {
        case array(object: Int, elements: CompactArray, start: Int, count: Int, next: Int)
        case dictionary(object: Int, members: [String: Any], start: Int, count: Int, next: Int, key: String)
    }

    init(document: BinaryPropertyListDocument) {
        self.document = document
        slots = Array(repeating: 0, count: document.objectCount)
    }

    mutating func value(of root: Int) -> Any {
        let width = document.referenceWidth
        var open: [OpenContainer] = []
        var object = root
        descend: while true {
            var value: Any
            let slot = Int(slots[object])
            if slot > 0 {
                value = built[slot - 1]
            } else {
                let offset = document.offset(of: object)
                switch document.bytes[offset] >> 4 {
                case 0xA:
                    let (count, start) = document.contents(at: offset)
                    guard count == 0 else {
                        open.append(.array(object: object, elements: CompactArray(capacity: count), start: start, count: count, next: 1))
                        object = reference(at: start, width)
                        continue descend
                    }
                    value = remember(object, CompactArray(capacity: 0).array)
                case 0xD:
                    let (count, start) = document.contents(at: offset)
                    guard count == 0 else {
                        let key = self.key(reference(at: start, width))
                        open.append(.dictionary(object: object, members: Dictionary(minimumCapacity: count), start: start, count: count, next: 1, key: key))
                        object = reference(at: start + count * width, width)
                        continue descend
                    }
                    value = remember(object, [String: Any]())
                default:
                    value = remember(object, leaf(object, at: offset))
                }
            }
            // Into the innermost open container; each one that this completes joins its own.
            while let container = open.popLast() {
                // Consumed, so that the members below are the only reference and grow in place.
                switch consume container {
                case .array(let array, var elements, let start, let count, let next):
                    elements.append(value)
                    guard next == count else {
                        open.append(.array(object: array, elements: elements, start: start, count: count, next: next + 1))
                        object = reference(at: start + next * width, width)
                        continue descend
                    }
                    value = remember(array, elements.array)
                case .dictionary(let dictionary, var members, let start, let count, let next, let key):
                    // Later duplicates overwrite earlier ones, as Foundation's reader does.
                    members[key] = value
                    guard next == count else {
                        let key = self.key(reference(at: start + next * width, width))
                        open.append(.dictionary(object: dictionary, members: members, start: start, count: count, next: next + 1, key: key))
                        object = reference(at: start + (count + next) * width, width)
                        continue descend
                    }
                    value = remember(dictionary, members)
                }
            }
            return value
        }
    }

    /// Keeps `value` for later references to `object`.
    private mutating func remember(_ object: Int, _ value: Any) -> Any {
        built.append(value)
        slots[object] = Int32(built.count)
        return value
    }

    /// A key's text, built once for every dictionary that shares the key object.
    private mutating func key(_ object: Int) -> String {
        if slots[object] > 0, let key = built[Int(slots[object]) - 1] as? String { return key }
        let key = document.string(at: object)
        _ = remember(object, key)
        return key
    }

    private func reference(at offset: Int, _ width: Int) -> Int {
        Int(truncatingIfNeeded: document.load(offset, width: width))
    }

    /// The value of the checked leaf `object`, which starts at `offset`.
    private func leaf(_ object: Int, at offset: Int) -> Any {
        let marker = document.bytes[offset]
        switch marker >> 4 {
        case 0x0:
            return marker == BinaryPropertyList.Marker.true
        case 0x1:
            let (bits, isSigned) = document.storedInteger(at: offset)
            return isSigned || bits <= UInt64(Int64.max) ? NSNumber(value: Int64(bitPattern: bits)) : NSNumber(value: bits)
        case 0x2:
            // A 4-byte real stays a Float, as Foundation's reader gives it.
            guard marker & 0x0F == 3 else { return NSNumber(value: Float(bitPattern: UInt32(truncatingIfNeeded: document.load(offset + 1, width: 4)))) }
            return NSNumber(value: document.real(at: offset))
        case 0x3: return document.date(at: object)
        case 0x4: return document.data(at: object)
        case 0x5, 0x6: return document.string(at: object)
        // 0x8, the only other leaf a checked document has.
        default: return PropertyListUID(value: document.uid(at: object))
        }
    }
}
