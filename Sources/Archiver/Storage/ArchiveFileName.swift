/// The mapping between a value's id and the name of its file, reversible and confined to one folder.
///
/// Three forms, told apart by their first characters:
/// - **plain**: an id made only of characters every file system keeps as they are (ASCII letters,
///   digits and `-_.,+=@~!#$&'()[]{};^` and space), not starting with `.` or space, is its own
///   name, as in Archiver 0.6: `abcd-1234` → `abcd-1234.plist`.
/// - **escaped**: any other id has every byte of its UTF-8 form outside that set written as
///   `%XX`: `a/b` → `a%2Fb.plist`, `..` → `%2E..plist`, `é` → `%C3%A9.plist`. A plain name never
///   holds `%`, so the two never meet; names are pure ASCII, so no file system normalises them.
/// - **hashed**: an id whose escaped name would pass the 255-byte limit of file names is stored
///   as `%%` and the hex SHA-256 of its UTF-8 form, with its id kept beside it in `%%<hash>.id`
///   so that it can be listed. Percent-escapes are always two hex digits, so `%%` starts no
///   escaped name.
enum ArchiveFileName {
    static let fileExtension = "plist"
    static let identifierExtension = "id"
    /// The longest file name, in UTF-8 bytes, that macOS, iOS and Linux file systems accept.
    static let maximumNameLength = 255

    enum Form: Equatable {
        case plain, escaped, hashed
    }

    /// The file name's stem (without extension) for `id`, or `nil` for the empty id.
    static func stem(for id: String) -> (stem: String, form: Form)? {
        guard !id.isEmpty else { return nil }
        let budget = maximumNameLength - fileExtension.utf8.count - 1
        if isPlain(id), id.utf8.count <= budget {
            return (id, .plain)
        }
        let escaped = escape(id)
        if escaped.utf8.count <= budget {
            return (escaped, .escaped)
        }
        return ("%%" + SHA256.hexDigest(of: Array(id.utf8)), .hashed)
    }

    /// The form of a stored stem, and for plain and escaped stems the id it stands for.
    ///
    /// Returns `nil` for names this mapping does not produce (a stray file in the folder), so a
    /// listing never reports an id that would not load.
    static func identifier(forStem stem: String) -> (id: String?, form: Form)? {
        if stem.hasPrefix("%%") {
            let hex = stem.utf8.dropFirst(2)
            guard hex.count == 64, hex.allSatisfy(isLowercaseHexDigit) else { return nil }
            return (nil, .hashed)
        }
        guard let id = unescape(stem), let (expected, form) = self.stem(for: id), expected == stem else {
            return nil
        }
        return (id, form)
    }

    /// A folder name for `name` under the same rules, so that no name leaves its parent folder.
    static func component(for name: String) -> String? {
        stem(for: name)?.stem
    }

    // MARK: Escaping

    private static func isPlain(_ id: String) -> Bool {
        var first = true
        for byte in id.utf8 {
            if first, byte == UInt8(ascii: ".") || byte == UInt8(ascii: " ") { return false }
            first = false
            if !isPlainByte(byte) { return false }
        }
        return true
    }

    private static func isPlainByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return plainPunctuation.contains(byte)
        }
    }

    private static let plainPunctuation: Set<UInt8> = Set("-_.,+=@~!#$&'()[]{};^ ".utf8)

    private static func escape(_ id: String) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(id.utf8.count * 3)
        var first = true
        for byte in id.utf8 {
            let leadingHazard = first && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: " "))
            first = false
            if isPlainByte(byte), !leadingHazard {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func unescape(_ stem: String) -> String? {
        guard stem.utf8.contains(UInt8(ascii: "%")) else { return stem }
        var bytes: [UInt8] = []
        var iterator = stem.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        let id = String(decoding: bytes, as: UTF8.self)
        return id.utf8.elementsEqual(bytes) ? id : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func isLowercaseHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
