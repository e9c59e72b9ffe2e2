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
}
