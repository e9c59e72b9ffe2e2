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
/// Ids that Swift's `==` calls equal name one file: an id is mapped in its precomposed Unicode
/// form (NFC), so `"caf\u{E9}"` and `"cafe\u{301}"` are both `caf%C3%A9.plist`, as
/// ``UniquelyIdentifiable`` compares them. Listing reports the precomposed form.
///
/// Names earlier versions wrote are still found (``legacyStems(for:)``): Archiver 0.6 wrote every
/// id as its own file name, and the first release of this mapping escaped the id's bytes as
/// given, without composing them.
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
        exactStem(for: canonical(id))
    }

    /// `id` in the form file names are made from: its canonical composition, which `==` ignores.
    static func canonical(_ id: String) -> String {
        guard !id.utf8.allSatisfy({ $0 < 0x80 }) else { return id }
        return id.precomposedStringWithCanonicalMapping
    }

    /// The stem of `id`'s exact bytes, as the first release of this mapping wrote it.
    private static func exactStem(for id: String) -> (stem: String, form: Form)? {
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
        if let found = escapedIdentifier(forStem: stem) { return found }
        if isLegacyComponent(stem) { return (stem, .plain) }
        return nil
    }

    /// The form of `stem` and its id when this mapping makes it (composed or not), else `nil`.
    private static func escapedIdentifier(forStem stem: String) -> (id: String?, form: Form)? {
        if stem.hasPrefix("%%") {
            let hex = stem.utf8.dropFirst(2)
            if hex.count == 64, hex.allSatisfy(isLowercaseHexDigit) { return (nil, .hashed) }
        }
        if let id = unescape(stem), let (expected, form) = exactStem(for: id), expected == stem {
            return (id, form)
        }
        return nil
    }

    /// Whether `stem` is a name this mapping or an earlier one gives `id`, so that a file found
    /// under it belongs to `id`.
    static func isStem(_ stem: String, of id: String) -> Bool {
        stem == self.stem(for: id)?.stem || legacyStems(for: id).contains(stem)
    }

    /// The other names `id`'s file may have, written by earlier versions, most recent first:
    /// the stem of its uncomposed bytes, and Archiver 0.6's raw id where that is a single safe
    /// file name that today's mapping gives no id (`%2F` is the file of `/`, so 0.6's file of
    /// the id `%2F` cannot be told from it and is not looked for). Empty for the ids whose name
    /// never changed (plain ASCII ones).
    static func legacyStems(for id: String) -> [String] {
        guard let current = stem(for: id)?.stem else { return [] }
        var stems: [String] = []
        if let exact = exactStem(for: id)?.stem, exact != current { stems.append(exact) }
        if id != current, !stems.contains(id), isLegacyComponent(id), escapedIdentifier(forStem: id) == nil {
            stems.append(id)
        }
        return stems
    }

    /// The name Archiver 0.6 gave a folder called `name`, if it differs from today's and is safe to use.
    static func legacyComponent(for name: String) -> String? {
        guard name != component(for: name), isLegacyComponent(name) else { return nil }
        return name
    }

    /// Whether 0.6 could have written `name` raw and it is still one file in its folder: no
    /// separator, not `.` or `..`, no NUL, and short enough to be a name with its extension.
    private static func isLegacyComponent(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/"))
            && !name.utf8.contains(0) && name.utf8.count + 1 + fileExtension.utf8.count <= maximumNameLength
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
