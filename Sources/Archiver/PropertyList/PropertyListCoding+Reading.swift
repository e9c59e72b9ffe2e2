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

/// Reading what Archiver 0.6 wrote — `NSKeyedArchiver` archives of the archive dictionary —
/// wherever the current format is read, without a separate API.
///
/// The current format is tried first, so reading it costs nothing more. Only when those bytes are
/// not an archive of the current format are they read again as a keyed archive; if they are not
/// one either, the first error stands.
extension PropertyListCoding {
    /// Why bytes could not be read as an archive of either format.
    enum ReadError: Error, Equatable {
        /// Not an archive of the current format, nor a keyed archive.
        case propertyList(PropertyListError)
        /// A keyed archive, refused.
        case refusedKeyedArchive(KeyedArchiveError)
    }

    /// The key under which an array of archives is stored: `{"archives": [...]}`.
    static let arrayKey = "archives"

    /// The archive `data` holds, in the current format or as a keyed archive.
    ///
    /// - Throws: ``ReadError/propertyList(_:)`` for bytes that are neither, or a keyed archive of
    ///   anything but a dictionary; ``ReadError/refusedKeyedArchive(_:)``.
    static func archive(
        from data: Data,
        maximumDepth: Int,
        keyedArchiveOptions: KeyedArchiveOptions
    ) throws(ReadError) -> Archive {
        let keyedArchive: [String: Any]
        do {
            // The module's reader refuses object references unless asked, and every keyed archive
            // has one (`$top`), so a keyed archive never reads as an archive of the current format
            // and the current format pays nothing for the fallback.
            return try self.archive(from: data, maximumDepth: maximumDepth)
        } catch {
            guard let found = self.keyedArchive(in: data, maximumDepth: maximumDepth) else { throw .propertyList(error) }
            keyedArchive = found
        }
        let root = try rootObject(ofKeyedArchive: keyedArchive, maximumDepth: maximumDepth, options: keyedArchiveOptions)
        guard let archive = root as? Archive else {
            throw .propertyList(.malformed(reason: "is a keyed archive of \(ArchiveDecodingError.describe(root)), not of a dictionary"))
        }
        return archive
    }

    /// The archives of an array `data` holds: `{"archives": [...]}` in the current format, or a
    /// keyed archive whose root is an array.
    static func archives(
        from data: Data,
        maximumDepth: Int,
        keyedArchiveOptions: KeyedArchiveOptions
    ) throws(ReadError) -> [Any] {
        let root: Any
        do {
            root = try self.archive(from: data, maximumDepth: maximumDepth)
        } catch {
            guard let keyedArchive = self.keyedArchive(in: data, maximumDepth: maximumDepth) else { throw .propertyList(error) }
            root = try rootObject(ofKeyedArchive: keyedArchive, maximumDepth: maximumDepth, options: keyedArchiveOptions)
        }
        if let elements = root as? [Any] { return elements }
        guard let wrapper = root as? Archive, wrapper.count == 1, let elements = wrapper[arrayKey] as? [Any] else {
            throw .propertyList(.malformed(reason: "does not hold an array of archives"))
        }
        return elements
    }

    /// Binary property-list bytes for an array of archives, as `{"archives": [...]}`.
    ///
    /// - Throws: ``PropertyListError/unsupportedValue(keyPath:found:)`` naming the element's key
    ///   path from the array (`[1].photo`).
    static func data(forArchives archives: [Any], maximumDepth: Int) throws(PropertyListError) -> Data {
        do {
            return try data(for: [arrayKey: archives], maximumDepth: maximumDepth)
        } catch {
            guard case .unsupportedValue(let keyPath, let found) = error else { throw error }
            throw .unsupportedValue(keyPath: String(keyPath.dropFirst(keyPath.hasPrefix(arrayKey) ? arrayKey.count : 0)), found: found)
        }
    }
}
