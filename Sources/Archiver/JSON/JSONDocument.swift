import Foundation

/// A parsed JSON text: its bytes and their tokens. Strings stay as byte ranges and numbers as
/// text until a decoder asks for them as a particular type, so that nothing is converted twice
/// and nothing that is never read is converted at all.
///
/// Memory is the text plus 16 bytes per value: at most about nine times the text for a dense
/// array of one-digit numbers, about one to two times for typical responses.
@usableFromInline
final class JSONDocument: @unchecked Sendable {
    // Unchecked because its storage, a `ManagedBuffer`, is not Sendable: it is filled in init
    // and only read after.
    /// The text, and the ``JSONReader/padding`` zero bytes after it, which the reader scans into
    /// and a key map's key patterns load (``BinaryPropertyListKey/Pattern``).
    let text: ByteReader
    let tokens: [JSONToken]
    /// The memory `text` reads: a private copy, so that reads stay valid for the document's life.
    private let storage: ByteStorage

    /// Parses `data`, which must hold exactly one JSON value.
    @usableFromInline
    init(data: Data) throws(JSONSyntaxError) {
        let storage = JSONScratch.storage(capacity: data.count + JSONReader.padding)
        let text = storage.fill(with: data, padding: JSONReader.padding)
        do {
            tokens = try JSONReader.tokens(of: text, into: JSONScratch.tokenArray(forText: data.count))
        } catch {
            JSONScratch.keep(storage)
            throw error
        }
        self.storage = storage
        self.text = text
    }

    deinit {
        JSONScratch.keep(storage)
        JSONScratch.keep(tokens)
    }

    /// The bytes of a string's or a number's token.
    func bytes(of token: JSONToken) -> ByteReader {
        text.bytes(at: Int(token.start), count: Int(token.length))
    }

    // MARK: Strings

    /// The text of a string token.
    func string(at index: Int) -> String {
        let token = tokens[index]
        if !token.flags.contains(.escaped) {
            return text.string(checkedUTF8At: Int(token.start), count: Int(token.length), isASCII: !token.flags.contains(.nonASCII))
        }
        var unescaped: [UInt8] = []
        Self.unescape(bytes(of: token), into: &unescaped)
        return String(decoding: unescaped, as: UTF8.self)
    }

    /// The text of the token at `index` when it is a string; `nil` for any other value.
    @usableFromInline
    func stringIfString(at index: Int) -> String? {
        tokens[index].kind == .string ? string(at: index) : nil
    }

    /// ``plainInteger(_:at:)`` for `Int`, callable from code compiled for a model.
    @usableFromInline
    func plainInt(at index: Int) -> Int? { plainInteger(Int.self, at: index) }

    /// ``plainInteger(_:at:)`` for `Int64`, callable from code compiled for a model.
    @usableFromInline
    func plainInt64(at index: Int) -> Int64? { plainInteger(Int64.self, at: index) }

    /// The Boolean at `index`, as ``KeyMapInput/bool(at:of:)`` reads it; `nil` for any other value.
    @usableFromInline
    func boolIfBool(at index: Int) -> Bool? { KeyMapInput.bool(at: index, of: self) }

    /// The number at `index` as ``KeyMapInput/double(at:of:)`` reads it, when it is exact; `nil` otherwise.
    @usableFromInline
    func exactDouble(at index: Int) -> Double? {
        if case .value(let double) = KeyMapInput.double(at: index, of: self) { return double }
        return nil
    }

    /// The exact value of the integer at `index`, when the value is an integer that fits or a
    /// string holding one as JSON writes it (`"4"`, `"-12"`: no sign but a leading minus, no
    /// leading zeros), read from its digits without making the string; `nil` for anything else
    /// (a fraction, an exponent, another form, a value that does not fit), which
    /// `FixedWidthInteger`'s conversion then reads by its own rule.
    func plainInteger<Integer: FixedWidthInteger>(_ type: Integer.Type, at index: Int) -> Integer? {
        let token = tokens[index]
        switch token.kind {
        case .number:
            return token.flags.contains(.integer) ? integer(Integer.self, at: index) : nil
        case .string:
            guard !token.flags.contains(.escaped), token.length > 0 else { return nil }
            let text = bytes(of: token)
            let isNegative = text[0] == UInt8(ascii: "-")
            let digits = isNegative ? text.bytes(at: 1, count: text.count - 1) : text
            guard let first = digits.first, first &- UInt8(ascii: "0") < 10, first != UInt8(ascii: "0") || digits.count == 1,
                  !isNegative || Integer.isSigned else { return nil }
            return Self.integer(Integer.self, digits: digits, isNegative: isNegative)
        default:
            return nil
        }
    }

    /// Whether a string token's text is `key`, compared without building a `String`.
    func string(at index: Int, equals key: JSONKey) -> Bool {
        let token = tokens[index]
        if token.flags.contains(.escaped) {
            var unescaped: [UInt8] = []
            Self.unescape(bytes(of: token), into: &unescaped)
            return unescaped.elementsEqual(key.utf8)
        }
        guard Int(token.length) == key.utf8.count else { return false }
        return ByteReader.withBytes(of: key.utf8) { text.contains($0, at: Int(token.start)) }
    }

    /// The bytes of an escaped string's text. The reader has checked every escape already.
    static func unescape(_ source: ByteReader, into text: inout [UInt8]) {
        text.reserveCapacity(source.count)
        var index = 0
        func hexQuad(at offset: Int) -> UInt32 {
            (0..<4).reduce(0) { value, digit in value << 4 | UInt32(JSONReader.hexValue(source[offset + digit]) ?? 0) }
        }
        while index < source.count {
            let byte = source[index]
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                index += 1
                continue
            }
            let escaped = source[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexQuad(at: index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hexQuad(at: index + 2) - 0xDC00)
                    index += 6
                }
                text.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
            default: text.append(escaped)
            }
        }
    }

    // MARK: Foundation objects

    /// The value at `index` as `JSONSerialization` would give it: `String`, `NSNumber`,
    /// `NSNull`, `[Any]` and `[String: Any]`.
    ///
    /// Integers become `NSNumber`s of `Int64` or `UInt64`, larger ones `NSDecimalNumber`s,
    /// others `NSNumber`s of `Double`; a number beyond `Double`'s range is an error.
    ///
    /// Built without recursion, so that the deepest text takes no more stack than the flattest:
    /// the tokens are visited first to last, each value going straight into the innermost open
    /// container, which joins its own container when its last member has arrived. Each value is
    /// held once on the way (not on a stack and then again in its container), arrays of one
    /// element type are typed Swift arrays (``CompactArray``: 8 bytes a number, not 32), and
    /// small integers, `true`, `false` and `null` are shared objects: a dense `[0,0,…]` costs
    /// about 8 bytes an element beyond the text and its tokens.
    func foundationObject(at index: Int) throws(ArchiveDecodingError) -> Any {
        var open: [OpenContainer] = []
        var position = index
        while true {
            let token = tokens[position]
            position += 1
            var value: Any
            switch token.kind {
            case .null: value = Self.null
            case .true: value = Self.true
            case .false: value = Self.false
            case .number: value = try number(at: position - 1)
            case .string:
                let string = string(at: position - 1)
                if case .object(let members, let remaining, nil)? = open.last {
                    // A member's key: its value comes next.
                    open[open.count - 1] = .object([:], remaining: 0, key: nil)
                    open[open.count - 1] = .object(members, remaining: remaining, key: string)
                    continue
                }
                value = string
            case .array:
                guard token.length == 0 else {
                    open.append(.array(CompactArray(capacity: Int(token.length)), remaining: Int(token.length)))
                    continue
                }
                value = [Any]()
            case .object:
                guard token.length == 0 else {
                    open.append(.object(Dictionary(minimumCapacity: Int(token.length)), remaining: Int(token.length), key: nil))
                    continue
                }
                value = [String: Any]()
            }
            // Into the innermost open container; each one that this completes joins its own.
            while let container = open.popLast() {
                // Consumed, so that the elements below are the only reference and grow in place.
                switch consume container {
                case .array(var elements, let remaining):
                    elements.append(value)
                    guard remaining == 1 else {
                        open.append(.array(elements, remaining: remaining - 1))
                        break
                    }
                    value = elements.array
                    continue
                case .object(var members, let remaining, let key):
                    // Later duplicates overwrite earlier ones, as with JSONSerialization.
                    members[key!] = value
                    guard remaining == 1 else {
                        open.append(.object(members, remaining: remaining - 1, key: nil))
                        break
                    }
                    value = members
                    continue
                }
                break
            }
            if open.isEmpty { return value }
        }
    }

    /// A container of ``foundationObject(at:)`` whose members have not all arrived: the elements
    /// so far and how many are to come, or the members so far, how many are to come, and the key
    /// of the one whose value is next.
    private enum OpenContainer {
        case array(CompactArray, remaining: Int)
        case object([String: Any], remaining: Int, key: String?)
    }

    /// The shared values of `null`, `true` and `false`, as `JSONSerialization` gives them.
    private static let null = NSNull()
    private static let `true` = NSNumber(value: true)
    private static let `false` = NSNumber(value: false)
    /// The integers 0 through 255, shared: the most common numbers in responses.
    private static let smallIntegers: [NSNumber] = (0 ..< 256).map { NSNumber(value: Int64($0)) }

    private func number(at index: Int) throws(ArchiveDecodingError) -> NSNumber {
        let token = tokens[index]
        if token.flags.contains(.integer) {
            if let integer = integer(Int64.self, at: index) {
                return (0 ..< 256).contains(integer) ? Self.smallIntegers[Int(integer)] : NSNumber(value: integer)
            }
            if let integer = integer(UInt64.self, at: index) { return NSNumber(value: integer) }
            if let decimal = Decimal(string: numberText(at: index), locale: Locale(identifier: "en_US_POSIX")) {
                return NSDecimalNumber(decimal: decimal)
            }
        } else if let double = double(at: index) {
            return NSNumber(value: double)
        }
        throw ArchiveDecodingError(typeName: "JSON", reason: .invalidValue(expected: "a number in Double's range", found: "number \(ValueDescription.excerpt(numberText(at: index)))"))
    }

    // MARK: Numbers

    func numberText(at index: Int) -> String {
        let token = tokens[index]
        return text.string(at: Int(token.start), count: Int(token.length))
    }

    /// An integer token's exact value as `Integer`, or `nil` if it does not fit.
    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, at index: Int) -> Integer? {
        let token = tokens[index]
        let digits = bytes(of: token)
        let isNegative = token.flags.contains(.negative)
        if isNegative, !Integer.isSigned {
            return digits.count == 2 && digits[1] == UInt8(ascii: "0") ? 0 : nil
        }
        return Self.integer(Integer.self, digits: isNegative ? digits.bytes(at: 1, count: digits.count - 1) : digits, isNegative: isNegative)
    }

    /// The value of `digits` (ASCII digits only), negated when `isNegative`, or `nil` if it does
    /// not fit in `Integer`.
    private static func integer<Integer: FixedWidthInteger>(
        _ type: Integer.Type, digits: ByteReader, isNegative: Bool
    ) -> Integer? {
        var value: Integer = 0
        for byte in digits {
            guard byte &- UInt8(ascii: "0") < 10 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let digit = Integer(truncatingIfNeeded: byte &- UInt8(ascii: "0"))
            // Negatives accumulate downwards, so that Int64.min is reachable.
            let (next, overflow2) = isNegative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        return value
    }

    /// A number token's nearest `Double`, or `nil` beyond `Double`'s range.
    func double(at index: Int) -> Double? {
        let token = tokens[index]
        // Up to 15 digits an integer is exact in a Double; the common case needs no text.
        if token.flags.contains(.integer), token.length <= 15, let integer = integer(Int64.self, at: index) {
            return Double(integer)
        }
        guard let double = Double(numberText(at: index)), double.isFinite else { return nil }
        return double
    }

    /// How many different keys the object at `index` has: a key repeated counts once, as in the
    /// dictionary JSONSerialization makes of it.
    private func distinctKeyCount(ofObjectAt index: Int) -> Int {
        var keys = Set<String>()
        var member = index + 1
        while member < Int(tokens[index].next) {
            keys.insert(string(at: member))
            member = Int(tokens[member + 1].next)
        }
        return keys.count
    }

    /// What the value at `index` is, in error messages' words, as ``ArchiveDecodingError/describe(_:)`` says it.
    func describe(at index: Int) -> String {
        let token = tokens[index]
        switch token.kind {
        case .null: return "null"
        case .true: return "Bool true"
        case .false: return "Bool false"
        case .number:
            // As the number JSONSerialization makes of it is described, so that a value reads the
            // same in errors through every door (`1e2` is the number 100.0 in an archive too);
            // a number too long or too large for that is quoted from the text.
            if token.length <= 1_000, let number = try? number(at: index) { return ArchiveDecodingError.describe(number) }
            return "number \(ValueDescription.excerpt(numberText(at: index)))"
        case .string: return ArchiveDecodingError.describe(string(at: index))
        case .array: return "array of \(token.length)"
        case .object: return "dictionary of \(distinctKeyCount(ofObjectAt: index))"
        }
    }
}

/// A key as the JSON decoders look it up: its UTF-8 bytes, worked out once per key map.
struct JSONKey: Sendable {
    let utf8: [UInt8]
    init(_ key: String) { utf8 = Array(key.utf8) }
}

/// The text buffer and token array of the last large document freed, kept for the next one.
///
/// A text of some hundreds of kilobytes needs a copy of itself and a token array of about twice
/// its size. Allocations that large glibc's malloc maps afresh from the kernel and returns to it
/// when they are freed, so each decode would touch megabytes of new pages the kernel must zero
/// first. One buffer of each, between
/// ``minimum`` and ``maximum`` bytes, is kept for the whole process: a decode takes it or, when
/// another decode holds it or it is too small, allocates its own.
enum JSONScratch {
    /// Smaller buffers come from malloc's free lists, with nothing to gain. Buffers from here up
    /// are kept even below malloc's mapping threshold: freed at the top of the heap, a text and
    /// its tokens of a hundred kilobytes or more let malloc give the heap's top back to the
    /// kernel, and the next decode faulted in fresh pages for them and for its strings (some 60
    /// page faults a decode of the 172 KB user, a sixth of its time, where NewCodable had none).
    static let minimum = 64 << 10
    /// At most this much of each stays allocated after the decodes are done.
    static let maximum = 4 << 20

    private struct Kept {
        var text: ByteStorage?
        var tokens: [JSONToken] = []
    }

    private static let kept = Locked(Kept())

    /// Storage for at least `capacity` bytes, not yet filled.
    static func storage(capacity: Int) -> ByteStorage {
        if capacity >= minimum, capacity <= maximum,
           let text = kept.withLock({ kept -> ByteStorage? in
               guard let text = kept.text, text.capacity >= capacity else { return nil }
               kept.text = nil
               return text
           }) {
            return text
        }
        return ByteStorage.make(capacity: capacity)
    }

    /// An empty array, with the capacity of the kept one when the text is large.
    static func tokenArray(forText count: Int) -> [JSONToken] {
        // The tokens take about twice the text's bytes: half the minimum already needs an array
        // worth keeping.
        guard count >= minimum / 2 else { return [] }
        var tokens = kept.withLock { kept -> [JSONToken] in
            defer { kept.tokens = [] }
            return kept.tokens
        }
        tokens.removeAll(keepingCapacity: true)
        return tokens
    }

    /// Keeps `text` for the next decode if it is of a size worth keeping and none is kept;
    /// lets it go otherwise.
    static func keep(_ text: ByteStorage) {
        guard text.capacity >= minimum, text.capacity <= maximum else { return }
        kept.withLock { kept in
            if kept.text == nil { kept.text = text }
        }
    }

    /// Keeps the capacity of `tokens` for the next decode, the same way.
    static func keep(_ tokens: [JSONToken]) {
        let bytes = tokens.capacity * MemoryLayout<JSONToken>.stride
        guard bytes >= minimum, bytes <= maximum else { return }
        kept.withLock { kept in
            if kept.tokens.capacity < tokens.capacity { kept.tokens = tokens }
        }
    }
}
