/// A strict RFC 8259 reader: one pass over the bytes into a flat array of ``JSONToken``s.
///
/// It is iterative, so any depth is safe on any stack; nesting deeper than ``maximumDepth`` is
/// an error all the same, because the decoders that read the tokens recurse once per level.
/// What it accepts and rejects, where RFC 8259 leaves a choice:
/// - the text is UTF-8 without a byte-order mark; any other bytes are an error;
/// - a string holding invalid UTF-8, or an escaped surrogate without its pair (`"\uD800"`), is
///   an error, so that every string read is exactly the text that was sent;
/// - numbers are checked for syntax only; their range is the reading type's business, so that
///   `18446744073709551615` reads as a `UInt64` and `1e400` is an error only for a `Double`;
/// - nesting deeper than ``maximumDepth`` (100) is an error;
/// - a key that appears twice in an object is accepted, and the last one counts, as with
///   `JSONSerialization`;
/// - texts of 4 GiB or more are an error (offsets are 32-bit, to keep tokens at 16 bytes).
struct JSONReader {
    /// The deepest nesting of arrays and objects accepted: deeper than any response a server
    /// means to send (serde_json stops at 128, `JSONDecoder` at 512). The stack is not the
    /// reason: this reader is iterative, and decoding a recursive type from it moves to a
    /// bigger stack when the thread's runs low (`ValueNesting`).
    static let maximumDepth = 100

    /// The text and the ``padding`` zero bytes after it, so that strings are scanned a word at
    /// a time to their end without counting what is left.
    private let text: ByteReader
    /// How many bytes the text has, without the padding.
    private let length: Int
    private var position = 0
    /// The tokens read, but for the last few: those are in `recent`, memory of the reader's own,
    /// so that appending one is a store rather than an array's uniqueness and capacity checks.
    /// They join `tokens` a batch at a time.
    private var tokens: [JSONToken] = []
    private let recent: ScratchBuffer<JSONToken>
    private var recentCount = 0
    /// The token index and member count of each container not yet closed, innermost last: at
    /// most ``maximumDepth``, so a fixed stack. A container's token gets its count when it closes.
    /// An object's count has ``objectFlag`` set, so that the end of each value learns what it
    /// is in without reading the container's token.
    private let open: ScratchBuffer<OpenContainer>
    private var depth = 0
    /// The bit of an open container's count that marks an object: counts stay below it, as a
    /// text of under 4 GiB has fewer than 2^31 values.
    private static let objectFlag: UInt32 = 1 << 31

    /// A container not yet closed: its token's index, and its member count so far.
    private struct OpenContainer {
        var index: UInt32
        var count: UInt32
    }

    /// How many readable zero bytes must follow the text handed to ``tokens(of:)``: eight for
    /// the reader's word scan; sixteen so that a key map compares any key of the text by loading
    /// 16 bytes from its start (``BinaryPropertyListKey/Pattern``), since at least four bytes
    /// (`":0}`) follow a key.
    static let padding = 16
    /// How many tokens `recent` holds: 1 KiB, and the open containers' stack 800 bytes, the
    /// most a ``ScratchBuffer`` puts on the stack; larger, both were allocated on
    /// the heap for every text (256 tokens and `Int` indices were two `malloc`s a decode). A
    /// text of up to 64 values has its tokens copied once, into an array of exactly their
    /// number; a longer one's array is sized from the first batch's density.
    private static let batch = 64

    private init(text: ByteReader, recent: ScratchBuffer<JSONToken>, open: ScratchBuffer<OpenContainer>) {
        self.text = text
        length = text.count - Self.padding
        self.recent = recent
        self.open = open
    }

    /// Whether a text of `count` bytes can be read: token offsets are `UInt32`. Compared as
    /// `UInt64`, as `Int(UInt32.max)` traps where `Int` has 32 bits (watchOS devices).
    static func indexesFit<Count: BinaryInteger>(count: Count) -> Bool {
        UInt64(count) < UInt64(UInt32.max)
    }

    /// The tokens of `paddedText`: a text that must hold exactly one JSON value, with optional
    /// whitespace, followed by ``padding`` zero bytes. A large text's go into `reused`, an empty
    /// array whose capacity a document freed (``JSONScratch``).
    static func tokens(of paddedText: ByteReader, into reused: [JSONToken] = []) throws(JSONSyntaxError) -> [JSONToken] {
        precondition(paddedText.count >= padding, "the text is not padded")
        guard Self.indexesFit(count: paddedText.count - padding) else {
            throw JSONSyntaxError("the text is 4 GiB or more, beyond what the reader accepts", at: 0, in: paddedText.prefix(0))
        }
        return try ScratchBuffer<JSONToken>.with(capacity: batch) { (recent) throws(JSONSyntaxError) in
            try ScratchBuffer<OpenContainer>.with(capacity: maximumDepth) { (open) throws(JSONSyntaxError) in
                var reader = JSONReader(text: paddedText, recent: recent, open: open)
                reader.tokens = reused
                try reader.readDocument()
                if reader.tokens.isEmpty { return recent.array(first: reader.recentCount) }
                recent.append(first: reader.recentCount, to: &reader.tokens)
                return reader.tokens
            }
        }
    }

    /// The index the next token gets.
    private var tokenCount: Int { tokens.count + recentCount }

    private mutating func append(_ token: JSONToken) {
        if recentCount == Self.batch { flushRecent() }
        recent[recentCount] = token
        recentCount += 1
    }

    @inline(never)
    private mutating func flushRecent() {
        // Texts hold a value every 2 to 20 bytes or more, but one text keeps much the same
        // density throughout (an array of like records): the first batch, and the bytes it took,
        // tell how many tokens the whole text needs, with an eighth to spare. A guess from the
        // length alone grew the array once or twice per text, copying every token so far.
        if tokens.isEmpty {
            // No text holds more than a token per two bytes, plus one.
            let expected = length * Self.batch / max(position, 1)
            tokens.reserveCapacity(min(expected + expected / 8, length / 2 + 2) + Self.batch)
        }
        recent.append(first: recentCount, to: &tokens)
        recentCount = 0
    }

    /// The kind of the token at `index`, wherever it is.
    private func kind(at index: Int) -> JSONToken.Kind {
        token(at: index).kind
    }

    /// The token at `index`, wherever it is.
    private func token(at index: Int) -> JSONToken {
        index >= tokens.count ? recent[index - tokens.count] : tokens[index]
    }

    /// The error at `offset`, naming the key path there: `inValue` when the offending byte is in
    /// a member's or an element's value, `false` when it is between them or in a key, where the
    /// innermost open container is all there is to name.
    @inline(never)
    private func error(_ message: String, at offset: Int, inValue: Bool = true) -> JSONSyntaxError {
        var error = JSONSyntaxError(message, at: offset, in: text.prefix(length))
        error.path = path(inValue: inValue)
        return error
    }

    @inline(never)
    private func unexpected(_ expectation: String, inValue: Bool = true) -> JSONSyntaxError {
        guard position < length else { return error("\(expectation), found the end of the text", at: position, inValue: inValue) }
        let byte = text[position]
        let found = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        return error("\(expectation), found \(found)", at: position, inValue: inValue)
    }

    /// The keys and indices of the containers open now, outermost first, as a decoder's errors
    /// name them (`user_reviews[0].restaurant.id`). Worked out from the tokens only when there is
    /// an error, so that reading costs nothing for it: an array's current element is its count
    /// so far, less one; an object's current member is its last key, found by walking its
    /// members (each closed value's token says where the next key is) up to the open container
    /// inside it or to the last token read.
    private func path(inValue: Bool) -> [ArchiveDecodingError.PathComponent] {
        let levels = inValue ? depth : depth - 1
        guard levels > 0 else { return [] }
        var path: [ArchiveDecodingError.PathComponent] = []
        path.reserveCapacity(levels)
        for level in 0 ..< levels {
            let container = Int(open[level].index)
            guard kind(at: container) == .object else {
                path.append(.index(max(Int(open[level].count & ~Self.objectFlag) - 1, 0)))
                continue
            }
            let inner = level + 1 < depth ? Int(open[level + 1].index) : tokenCount
            var key = container + 1
            while key + 1 < tokenCount, key + 1 != inner {
                let next = Int(token(at: key + 1).next)
                guard next < tokenCount, next < inner else { break }
                key = next
            }
            guard key < tokenCount, kind(at: key) == .string else { break }
            path.append(.key(keyText(at: key)))
        }
        return path
    }

    /// The text of the key token at `index`.
    private func keyText(at index: Int) -> String {
        let key = token(at: index)
        let bytes = text.bytes(at: Int(key.start), count: Int(key.length))
        guard key.flags.contains(.escaped) else { return bytes.string(at: 0, count: bytes.count) }
        var unescaped: [UInt8] = []
        JSONDocument.unescape(bytes, into: &unescaped)
        return String(decoding: unescaped, as: UTF8.self)
    }

    private mutating func skipWhitespace() {
        // The zero bytes after the text are not whitespace, so the scan stops at them at the
        // latest; its place is a local, stored once.
        var end = position
        while true {
            switch text[end] {
            case 0x20, 0x0A, 0x0D, 0x09: end += 1
            default:
                position = end
                return
            }
        }
    }

    /// Reads the whole text. Containers are kept on an explicit stack of token indices rather
    /// than the call stack.
    private mutating func readDocument() throws(JSONSyntaxError) {
        if length >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF {
            throw error("a byte-order mark is not allowed; JSON text is UTF-8 without one", at: 0)
        }
        skipWhitespace()
        while true {
            // A value is expected at `position`.
            guard position < length else { throw unexpected("expected a value") }
            switch text[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth < Self.maximumDepth else {
                    throw error("arrays and objects nest deeper than \(Self.maximumDepth) levels", at: position)
                }
                let isObject = text[position] == UInt8(ascii: "{")
                open[depth] = OpenContainer(index: UInt32(tokenCount), count: isObject ? Self.objectFlag : 0)
                depth += 1
                append(JSONToken(kind: isObject ? .object : .array, flags: [], start: UInt32(position), length: 0, next: 0))
                position += 1
                skipWhitespace()
                if position < length, text[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    closeContainer()
                } else if isObject {
                    try readKey()
                    open[depth - 1].count += 1
                    continue
                } else {
                    open[depth - 1].count += 1
                    continue
                }
            case UInt8(ascii: "\""):
                try readString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try readNumber()
            case UInt8(ascii: "t"):
                try readLiteral("true", kind: .true)
            case UInt8(ascii: "f"):
                try readLiteral("false", kind: .false)
            case UInt8(ascii: "n"):
                try readLiteral("null", kind: .null)
            default:
                throw unexpected("expected a value")
            }
            // A value ended: close every container that ends here, then find the next value.
            while true {
                skipWhitespace()
                guard depth > 0 else {
                    guard position == length else { throw unexpected("expected the end of the text after the value") }
                    return
                }
                let isObject = open[depth - 1].count & Self.objectFlag != 0
                guard position < length else { throw unexpected(isObject ? "expected ',' or '}'" : "expected ',' or ']'", inValue: false) }
                let byte = text[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if isObject { try readKey() }
                    open[depth - 1].count += 1
                    break
                }
                guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw unexpected(isObject ? "expected ',' or '}'" : "expected ',' or ']'", inValue: false)
                }
                position += 1
                closeContainer()
            }
        }
    }

    @inline(__always)
    private mutating func closeContainer() {
        depth -= 1
        let index = Int(open[depth].index), count = open[depth].count & ~Self.objectFlag
        let next = UInt32(tokenCount)
        if index >= tokens.count {
            recent[index - tokens.count].length = count
            recent[index - tokens.count].next = next
        } else {
            tokens[index].length = count
            tokens[index].next = next
        }
    }

    /// A member's key, the colon after it, and the whitespace before its value. An error here
    /// names the object alone: the key is not yet the member's.
    private mutating func readKey() throws(JSONSyntaxError) {
        guard position < length, text[position] == UInt8(ascii: "\"") else { throw unexpected("expected a string key", inValue: false) }
        do {
            try readString()
        } catch {
            var error = error
            error.path = path(inValue: false)
            throw error
        }
        skipWhitespace()
        guard position < length, text[position] == UInt8(ascii: ":") else { throw unexpected("expected ':' after a key", inValue: false) }
        position += 1
        skipWhitespace()
    }

    private mutating func readLiteral(_ literal: StaticString, kind: JSONToken.Kind) throws(JSONSyntaxError) {
        let start = position
        let count = literal.utf8CodeUnitCount
        guard length - position >= count else { throw error("expected \(literal)", at: start) }
        for index in 0..<count where text[position + index] != literal.utf8Start[index] {
            throw error("expected \(literal)", at: start)
        }
        position += count
        append(JSONToken(kind: kind, flags: [], start: UInt32(start), length: UInt32(count), next: UInt32(tokenCount + 1)))
    }

    private mutating func readNumber() throws(JSONSyntaxError) {
        let start = position
        var flags: JSONToken.Flags = .integer
        if text[position] == UInt8(ascii: "-") {
            flags.insert(.negative)
            position += 1
        }
        guard position < length, isDigit(text[position]) else { throw unexpected("expected a digit") }
        if text[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if position < length, text[position] == UInt8(ascii: ".") {
            flags.remove(.integer)
            position += 1
            guard position < length, isDigit(text[position]) else { throw unexpected("expected a digit after '.'") }
            skipDigits()
        }
        if position < length, text[position] | 0x20 == UInt8(ascii: "e") {
            flags.remove(.integer)
            position += 1
            if position < length, text[position] == UInt8(ascii: "+") || text[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < length, isDigit(text[position]) else { throw unexpected("expected a digit in the exponent") }
            skipDigits()
        }
        append(JSONToken(kind: .number, flags: flags, start: UInt32(start), length: UInt32(position - start), next: UInt32(tokenCount + 1)))
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private mutating func skipDigits() {
        while position < length, isDigit(text[position]) { position += 1 }
    }

    /// A string from its opening quote to past its closing quote, checking escapes and UTF-8.
    private mutating func readString() throws(JSONSyntaxError) {
        let start = position + 1
        // The scan's place is a local, which stays in a register: as `position`, a property of
        // the reader, it was stored to memory on every word.
        var end = start
        var flags: JSONToken.Flags = []
        while true {
            // Plain ASCII is by far the most common: eight bytes at a time, straight to the first
            // that needs a look. The zero bytes after the text need one, so the scan stops there
            // at the latest.
            while true {
                let word = text.word(at: end)
                let mask = Self.bytesNeedingALook(word)
                if mask != 0 {
                    end += mask.trailingZeroBitCount / 8
                    break
                }
                end += 8
            }
            guard end < length else { throw error("the string does not end", at: start - 1) }
            let byte = text[end]
            if byte == UInt8(ascii: "\"") { break }
            position = end
            if byte == UInt8(ascii: "\\") {
                flags.insert(.escaped)
                try readEscape()
            } else if byte < 0x20 {
                throw error("a control character must be escaped in a string", at: position)
            } else {
                flags.insert(.nonASCII)
                try readMultibyteScalar()
            }
            end = position
        }
        append(JSONToken(kind: .string, flags: flags, start: UInt32(start), length: UInt32(end - start), next: UInt32(tokenCount + 1)))
        position = end + 1
    }

    /// The high bit of each of eight string bytes (the first byte lowest) that is a quote, a
    /// backslash, a control character or not ASCII. A borrow between bytes can also flag a byte
    /// above a flagged one, never below, so the lowest flag is always the first byte that needs
    /// a look.
    @inline(__always)
    static func bytesNeedingALook(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & high }
        let control = (word &- ones &* 0x20) & ~word & high
        let quote = zeroBytes(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
        let backslash = zeroBytes(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
        return (word & high) | control | quote | backslash
    }

    // Escapes and non-ASCII scalars are rare, and out of line: inlined, their error messages
    // were set up at the start of every string's scan.
    @inline(never)
    private mutating func readEscape() throws(JSONSyntaxError) {
        let escape = position
        position += 1
        guard position < length else { throw error("the string does not end", at: escape) }
        switch text[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            let unit = try readHexQuad(escape: escape)
            switch unit {
            case 0xD800...0xDBFF:
                guard length - position >= 2, text[position] == UInt8(ascii: "\\"), text[position + 1] == UInt8(ascii: "u") else {
                    throw error("an escaped high surrogate must be followed by an escaped low surrogate", at: escape)
                }
                position += 2
                let low = try readHexQuad(escape: escape)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("an escaped high surrogate must be followed by an escaped low surrogate", at: escape)
                }
            case 0xDC00...0xDFFF:
                throw error("an escaped low surrogate without a high surrogate before it", at: escape)
            default:
                break
            }
        default:
            throw error("invalid escape sequence", at: escape)
        }
    }

    private mutating func readHexQuad(escape: Int) throws(JSONSyntaxError) -> UInt16 {
        guard length - position >= 4 else { throw error("\\u must be followed by four hexadecimal digits", at: escape) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = JSONReader.hexValue(text[position]) else {
                throw error("\\u must be followed by four hexadecimal digits", at: escape)
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// One scalar of two to four bytes, as UTF-8 allows it: no overlong forms, no surrogates,
    /// nothing above U+10FFFF (the Unicode standard's table 3-7).
    @inline(never)
    private mutating func readMultibyteScalar() throws(JSONSyntaxError) {
        let lead = text[position]
        let count: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: count = 3; secondRange = 0x80...0x9F
        case 0xF0: count = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; secondRange = 0x80...0x8F
        default: throw error("invalid UTF-8 in a string", at: position)
        }
        guard length - position >= count, secondRange.contains(text[position + 1]) else {
            throw error("invalid UTF-8 in a string", at: position)
        }
        for index in 2..<count where text[position + index] & 0xC0 != 0x80 {
            throw error("invalid UTF-8 in a string", at: position)
        }
        position += count
    }
}
