/// Why a JSON text could not be read, and where: the byte offset, line and column of the first
/// byte that is not valid JSON.
///
/// ```swift
/// do {
///     _ = try User.decode(json: Data(#"{"id": "a",}"#.utf8))
/// } catch {
///     print(error)  // User: invalid JSON at line 1, column 12 (byte 11): expected a string key, found '}'
/// }
/// ```
///
/// Lines and columns count from 1; a column counts characters (Unicode scalars). The description
/// also gives the byte offset, counted from 0.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offset of the offending byte from the start of the text, which the description gives.
    var byteOffset: Int
    /// The line of the offending byte, counting from 1.
    public var line: Int
    /// The column of the offending byte in its line, in Unicode scalars, counting from 1.
    public var column: Int
    /// What was wrong, in words, such as `expected ':' after a key, found '"'`.
    public var message: String
    /// The keys and indices of the containers around the offending byte, which the decoding
    /// error that carries this one names (`User.user_reviews[0].restaurant.id: invalid JSON …`).
    var path: [ArchiveDecodingError.PathComponent] = []

    /// A syntax error at a known place.
    ///
    /// ```swift
    /// JSONSyntaxError(byteOffset: 0, line: 1, column: 1, message: "the text is empty")
    /// ```
    init(byteOffset: Int, line: Int, column: Int, message: String) {
        self.byteOffset = byteOffset
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error at `offset` of `bytes`, with its line and column counted. Errors are rare, so
    /// the reader counts lines only once it has one.
    init<Bytes: Collection<UInt8>>(_ message: String, at offset: Int, in bytes: Bytes) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(byteOffset: offset, line: line, column: column, message: message)
    }

    /// The error in words, such as `invalid JSON at line 1, column 12 (byte 11): expected a string key, found '}'`.
    ///
    /// ```swift
    /// print(error)  // invalid JSON at line 2, column 5 (byte 14): expected ',' or ']'
    /// ```
    public var description: String {
        "invalid JSON at line \(line), column \(column) (byte \(byteOffset)): \(message)"
    }
}
