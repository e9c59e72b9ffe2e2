/// The layout of a binary property list ("bplist00"), as Apple's CFBinaryPList.c defines it.
///
/// A file is the 8-byte header, the objects, a table of each object's offset, and a 32-byte
/// trailer. Objects start with a marker byte whose high nibble is the type and whose low nibble is
/// a size or count (`0xF` means the count follows as an integer object).
enum BinaryPropertyList {
    static let header: [UInt8] = Array("bplist00".utf8)
    static let trailerSize = 32

    enum Marker {
        static let `false`: UInt8 = 0x08
        static let `true`: UInt8 = 0x09
        static let integer: UInt8 = 0x10
        static let real: UInt8 = 0x20
        static let date: UInt8 = 0x33
        static let data: UInt8 = 0x40
        static let asciiString: UInt8 = 0x50
        static let utf16String: UInt8 = 0x60
        static let uid: UInt8 = 0x80
        static let array: UInt8 = 0xA0
        static let dictionary: UInt8 = 0xD0
        /// In a marker's low nibble: the count is too big for it and follows as an integer object.
        static let countFollows: UInt8 = 0x0F
    }

    /// The fewest bytes that big-endian unsigned `value` needs in an offset table or object
    /// reference, 1 to 8, as swift-foundation's writer (`PropertyListEncoder`) uses them; CFBinaryPList.c
    /// and Python's `plistlib` read any width from 1 to 8.
    static func byteWidth(for value: Int) -> Int {
        var width = 1
        while width < 8, UInt64(value) >> (width * 8) != 0 { width += 1 }
        return width
    }
}

/// A keyed archive's object reference (marker `0x8_`), read only when the reader is asked to.
///
/// Plain property lists cannot hold one; NSKeyedArchiver files use them to point into `$objects`.
struct PropertyListUID: Hashable, Sendable {
    let value: UInt64
}
