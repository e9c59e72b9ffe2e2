import Foundation

/// Turns archives into binary property-list bytes and back: the one place bytes are made and read.
///
/// Files are plain binary property lists of the archive dictionary, readable by `plutil`,
/// `PropertyListSerialization` and Python's `plistlib`. The module writes and reads them itself
/// (``BinaryPropertyListWriter``, ``BinaryPropertyListReader``): Foundation's on Linux is several
/// times slower, and its reader was not written for hostile input.
enum PropertyListCoding {
    /// The deepest nesting of arrays and dictionaries that is written or read.
    static let defaultMaximumDepth = 512

    /// Binary property-list bytes for `archive`.
    ///
    /// - Throws: ``PropertyListError/unsupportedValue(keyPath:found:)`` naming the first value a
    ///   property list cannot hold; nothing is produced then.
    static func data(for archive: Archive, maximumDepth: Int = defaultMaximumDepth) throws(PropertyListError) -> Data {
        try BinaryPropertyListWriter.data(for: archive, maximumDepth: maximumDepth)
    }

    /// The archive that `data` holds.
    ///
    /// - Throws: ``PropertyListError/malformed(reason:)`` for anything but a binary property list
    ///   whose root is a dictionary with string keys.
    static func archive(from data: Data, maximumDepth: Int = defaultMaximumDepth) throws(PropertyListError) -> Archive {
        try BinaryPropertyListReader.archive(from: data, maximumDepth: maximumDepth)
    }
}
