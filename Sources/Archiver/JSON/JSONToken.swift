/// One value of a parsed JSON text, 16 bytes: what it is and where its bytes are. Objects and
/// arrays are followed by their members in order (an object's as key, value, key, value), so a
/// whole text is one flat array that is read without pointers or boxes.
struct JSONToken: Sendable {
    enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    /// Facts the reader learned for free that save the decoder a second look at the bytes.
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        /// A string with a backslash escape: its bytes are not its text.
        static let escaped = Flags(rawValue: 1 << 0)
        /// A number without a fraction or an exponent.
        static let integer = Flags(rawValue: 1 << 1)
        /// A number with a leading minus sign.
        static let negative = Flags(rawValue: 1 << 2)
        /// A string with a byte that is not ASCII: without it, the string is ASCII throughout.
        static let nonASCII = Flags(rawValue: 1 << 3)
    }

    var kind: Kind
    var flags: Flags
    /// The offset of the value's first byte; for a string, of the byte after its opening quote.
    var start: UInt32
    /// For strings and numbers, the length in bytes (without the quotes); for arrays, the number
    /// of elements; for objects, the number of members.
    var length: UInt32
    /// For arrays and objects, the index of the first token after the container's last
    /// member; for others, the index after this token.
    var next: UInt32
}
