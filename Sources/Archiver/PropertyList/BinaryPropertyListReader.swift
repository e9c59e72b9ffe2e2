import Foundation

/// Reads a binary property list that may have been damaged or crafted, into Foundation's objects.
///
/// The bytes are read by a ``BinaryPropertyListDocument``, the module's one reader of binary
/// property lists, which checks everything the root reaches before anything is built: a bad file
/// ends in ``PropertyListError/malformed(reason:)``, never a trap, and work and memory stay in
/// proportion to the file. The document reads the caller's bytes, not a copy: what is built
/// holds nothing of them.
///
/// Values come back as Foundation's reader returns them on Linux, so hand-written casts behave
/// the same: integers and reals as `NSNumber` (`as? Int`, `as? Double` work), `true`/`false` as
/// `Bool`, and `String`, `Data`, `Date`, `[Any]` — but dictionaries as `[String: Any]` at every level.
///
/// ```swift
/// let archive = try BinaryPropertyListReader.archive(from: bytes, maximumDepth: 512)
/// archive["rating"] as? Int  // 4
/// ```
enum BinaryPropertyListReader {
    struct Options: OptionSet, Sendable {
        let rawValue: Int

        /// Read keyed-archive object references (marker `0x8_`) as ``PropertyListUID``.
        static let allowsUIDs = Options(rawValue: 1 << 0)
    }

    /// The dictionary at the root of `data`.
    static func archive(from data: Data, maximumDepth: Int, options: Options = []) throws(PropertyListError) -> Archive {
        let archive = try BinaryPropertyListDocument.reading(data, maximumDepth: maximumDepth, options: options) { document in
            document.kind(of: document.topObject) == .dictionary ? document.foundationObject(at: document.topObject) as? Archive : nil
        }
        guard let archive else { throw .malformed(reason: "root is not a dictionary") }
        return archive
    }

    /// The value at the root of `data`, whatever its type.
    static func propertyList(from data: Data, maximumDepth: Int, options: Options = []) throws(PropertyListError) -> Any {
        try BinaryPropertyListDocument.reading(data, maximumDepth: maximumDepth, options: options) { document in
            document.foundationObject(at: document.topObject)
        }
    }
}
