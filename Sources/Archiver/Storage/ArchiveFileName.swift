import Foundation

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
///
/// Ids that Swift's `==` calls equal name one file: an id is mapped in the composed Unicode form
/// (NFC) that `==` itself compares, the standard library's, so `"caf\u{E9}"` and
/// `"cafe\u{301}"` are both `caf%C3%A9.plist`. Foundation's composition is not used: on Linux
/// it leaves some sequences (Tibetan vowel signs before U+0301) uncomposed that `==` equates.
/// Listing reports the composed form.
///
/// **Volumes that fold case** (macOS's default APFS, FAT) would make `aB3.plist` and
/// `Ab3.plist` one file. There every ASCII upper-case letter is escaped as well (`aB3` →
/// `a%423.plist`), so that names hold no upper-case letter outside an escape's hex digits, and
/// two names that differ only in case are never both produced: ids that differ in any way keep
/// two files. The archiver finds out per archive directory, at run time, whether it folds case.
///
/// Names Archiver 0.6 wrote (the raw id) are not produced here; the archiver finds them as
/// legacy names (see `Archiver+Storage.swift`).
enum ArchiveFileName {
    static let fileExtension = "plist"
    static let identifierExtension = "id"
    /// The end of every archive file's name, `.plist`, made once rather than per name listed.
    static let fileSuffix = "." + fileExtension
    /// The longest file name, in UTF-8 bytes, that macOS, iOS and Linux file systems accept.
    static let maximumNameLength = 255

    enum Form: Equatable {
        case plain, escaped, hashed
    }

    /// The file name's stem (without extension) for `id`, or `nil` for the empty id; on a volume
    /// that folds case (`foldingCase`), upper-case letters are escaped.
    static func stem(for id: String, foldingCase: Bool = false) -> (stem: String, form: Form)? {
        exactStem(for: canonical(id), foldingCase: foldingCase)
    }

    /// `id` in the form file names are made from: its canonical composition as `==` sees it.
    static func canonical(_ id: String) -> String {
        guard !isASCII(id) else { return id }
        return String(decoding: id._nfcCodeUnits, as: UTF8.self)
    }

    /// Whether `text` is all ASCII, read from its contiguous bytes a word at a time rather than
    /// through the UTF-8 view's iterator: listing a folder makes every id canonical.
    static func isASCII(_ text: String) -> Bool {
        var text = text
        return ByteReader.withUTF8(of: &text) { $0.isASCII }
    }

    private static func exactStem(for id: String, foldingCase: Bool) -> (stem: String, form: Form)? {
        guard !id.isEmpty else { return nil }
        let budget = maximumNameLength - fileExtension.utf8.count - 1
        if isPlain(id, foldingCase: foldingCase), id.utf8.count <= budget {
            return (id, .plain)
        }
        let escaped = escape(id, foldingCase: foldingCase)
        if escaped.utf8.count <= budget {
            return (escaped, .escaped)
        }
        return ("%%" + SHA256.hexDigest(of: Array(id.utf8)), .hashed)
    }

    /// Whether `stem` is a hashed name (`%%` and 64 lower-case hex digits), whose id is kept beside it.
    static func isHashed(_ stem: String) -> Bool {
        // Bytes, not characters: a hashed name is all ASCII, so `%%` and 64 hex digits in bytes
        // are the same name `hasPrefix("%%")` and the digits accepted, and most names are told
        // by their length alone (a character comparison normalizes, for every name listed).
        let bytes = stem.utf8
        guard bytes.count == 66, bytes.starts(with: "%%".utf8) else { return false }
        return bytes.dropFirst(2).allSatisfy(isLowercaseHexDigit)
    }

    /// The id whose name today is exactly `stem` (plain or escaped), else `nil`: a stray file,
    /// a hashed name, or a name only Archiver 0.6 wrote.
    static func identifier(forStem stem: String, foldingCase: Bool = false) -> String? {
        // Most names are plain: their own id, read without unescaping and naming the id again.
        if !stem.isEmpty, stem.utf8.count <= maximumNameLength - fileExtension.utf8.count - 1, isPlain(stem, foldingCase: foldingCase) {
            return stem
        }
        guard !isHashed(stem), let id = unescape(stem),
              let (expected, _) = Self.stem(for: id, foldingCase: foldingCase), expected == stem
        else { return nil }
        return id
    }

    /// The form of today's name of `id`.
    static func form(of id: String) -> Form? {
        stem(for: id)?.form
    }

    /// The name Archiver 0.6 gave a folder called `name`, if it differs from today's and is safe to use.
    static func legacyComponent(for name: String) -> String? {
        guard name != component(for: name), isLegacyComponent(name) else { return nil }
        return name
    }

    /// Whether 0.6 could have written `name` raw and it is still one file in its folder: no
    /// separator, not `.` or `..`, no NUL, and short enough to be a name with its extension.
    static func isLegacyComponent(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/"))
            && !name.utf8.contains(0) && name.utf8.count + 1 + fileExtension.utf8.count <= maximumNameLength
    }

    /// A folder name for `name` under the same rules, so that no name leaves its parent folder.
    static func component(for name: String) -> String? {
        stem(for: name)?.stem
    }

    // MARK: Escaping

    private static func isPlain(_ id: String, foldingCase: Bool) -> Bool {
        // The contiguous bytes rather than the UTF-8 view's iterator, which cost more than the
        // test of each byte.
        var id = id
        return id.withUTF8 { bytes in
            guard let first = bytes.first else { return true }
            if first == UInt8(ascii: ".") || first == UInt8(ascii: " ") { return false }
            let plain = foldingCase ? plainBytesFoldingCase : plainBytes
            for byte in bytes where !plain.contains(byte) { return false }
            return true
        }
    }

    /// The bytes ``isPlainByte(_:foldingCase:)`` accepts, as bits: one test a byte of every name
    /// listed, where a switch takes several comparisons.
    private struct PlainBytes {
        /// Bit `n` of `words.0` is byte `n`, of `words.1` byte `64 + n`; no plain byte is above 127.
        let words: (UInt64, UInt64)

        init(foldingCase: Bool) {
            var words: (UInt64, UInt64) = (0, 0)
            for byte in UInt8(0) ..< 128 where isPlainByte(byte, foldingCase: foldingCase) {
                if byte < 64 { words.0 |= 1 << byte } else { words.1 |= 1 << (byte - 64) }
            }
            self.words = words
        }

        func contains(_ byte: UInt8) -> Bool {
            let word = byte < 64 ? words.0 : byte < 128 ? words.1 : 0
            return word >> (byte & 63) & 1 != 0
        }
    }

    private static let plainBytes = PlainBytes(foldingCase: false)
    private static let plainBytesFoldingCase = PlainBytes(foldingCase: true)

    private static func isPlainByte(_ byte: UInt8, foldingCase: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return !foldingCase
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        // `-_.,+=@~!#$&'()[]{};^` and space; a switch, where a set would hash each byte.
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "+"), UInt8(ascii: "="),
             UInt8(ascii: "@"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
             UInt8(ascii: "}"), UInt8(ascii: ";"), UInt8(ascii: "^"), UInt8(ascii: " "):
            return true
        default:
            return false
        }
    }

    private static func escape(_ id: String, foldingCase: Bool) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(id.utf8.count * 3)
        var first = true
        for byte in id.utf8 {
            let leadingHazard = first && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: " "))
            first = false
            if isPlainByte(byte, foldingCase: foldingCase), !leadingHazard {
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
