/// A dictionary key as ``BinaryPropertyListDocument/string(at:equals:)`` compares it with a key
/// object, worked out once (per key map, not per lookup) so that a comparison builds no `String`:
/// an ASCII key object is compared with the UTF-8 bytes, a UTF-16 one with the UTF-16 units.
///
/// Equal bytes or units mean equal keys. Different ones mean different keys only when both are
/// ASCII: otherwise Swift's `==`, which compares by canonical equivalence ("é" is "e\u{301}"),
/// decides, as a lookup in the `[String: Any]` a load used to build did.
///
/// ```swift
/// let key = BinaryPropertyListKey("rating")
/// document.value(in: document.topObject, forKey: key)  // the object the "rating" member holds
/// ```
@usableFromInline
struct BinaryPropertyListKey: Sendable, Hashable {
    let string: String
    let utf8: [UInt8]
    let utf16: [UInt16]
    let isASCII: Bool

    init(_ string: String) {
        self.string = string
        utf8 = Array(string.utf8)
        utf16 = Array(string.utf16)
        isASCII = utf8.allSatisfy { $0 < 0x80 }
    }

    /// An ASCII key of at most 16 bytes as two 8-byte words and their masks, so that comparing it
    /// with an ASCII key object's text is two loads and two compares, with nothing to retain: the
    /// library's own keys are such keys, and a load compares one per member of every dictionary.
    ///
    /// Other keys (longer, or not ASCII) give no answer here, and are compared by
    /// ``BinaryPropertyListDocument/string(at:equals:)``.
    @usableFromInline
    struct Pattern: Sendable {
        /// The key's bytes as ``ByteReader/word(at:)`` reads them, zero past its end.
        let words: (UInt64, UInt64)
        /// All ones over the key's bytes, zero past its end.
        let masks: (UInt64, UInt64)
        /// The key's length in bytes; -1 when the pattern gives no answer, -2 when it never matches.
        let count: Int

        /// A pattern that gives no answer: the key is compared in full.
        static let undecided = Pattern(words: (0, 0), masks: (0, 0), count: -1)
        /// A pattern that matches no key: a field that is not read from its archive key alone.
        static let never = Pattern(words: (0, 0), masks: (0, 0), count: -2)

        private init(words: (UInt64, UInt64), masks: (UInt64, UInt64), count: Int) {
            self.words = words
            self.masks = masks
            self.count = count
        }

        init(_ key: BinaryPropertyListKey) {
            guard key.isASCII, key.utf8.count <= 16 else {
                self = .undecided
                return
            }
            var bytes = [UInt8](repeating: 0, count: 16), ones = [UInt8](repeating: 0, count: 16)
            bytes.replaceSubrange(0 ..< key.utf8.count, with: key.utf8)
            ones.replaceSubrange(0 ..< key.utf8.count, with: repeatElement(0xFF, count: key.utf8.count))
            func word(_ bytes: [UInt8], _ at: Int) -> UInt64 {
                ByteReader.withBytes(of: bytes) { $0.word(at: at) }
            }
            words = (word(bytes, 0), word(bytes, 8))
            masks = (word(ones, 0), word(ones, 8))
            count = key.utf8.count
        }

        /// Whether the ASCII text of `count` bytes at `offset` in `bytes` is this key; `nil` when
        /// the pattern cannot tell. Reads 16 bytes from `offset`, which a checked string's text,
        /// lying before the offset table that the 32-byte trailer follows, always has.
        @inline(__always)
        func matches(_ bytes: ByteReader, at offset: Int, count: Int) -> Bool? {
            guard self.count >= 0 else { return self.count == -1 ? nil : false }
            guard count == self.count else { return false }
            return bytes.word(at: offset) & masks.0 == words.0 && bytes.word(at: offset &+ 8) & masks.1 == words.1
        }

        /// Each field's pattern, in the fields' order: what a key map keeps for its loads.
        @usableFromInline
        static func patterns(of fields: [KeyMapField]) -> [Pattern] {
            fields.map { $0.matchesArchiveKey ? Pattern($0.archivePropertyListKey) : .never }
        }
    }
}
