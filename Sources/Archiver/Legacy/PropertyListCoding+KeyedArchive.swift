import Foundation

/// Archiver 0.6's files: `NSKeyedArchiver` archives of the archive dictionary. The readers of the
/// current format call these only when bytes are not an archive of the current format.
extension PropertyListCoding {
    /// The root object of a keyed archive, with its object references resolved.
    static func rootObject(
        ofKeyedArchive keyedArchive: [String: Any],
        maximumDepth: Int,
        options: KeyedArchiveOptions
    ) throws(ReadError) -> Any {
        do {
            return try KeyedArchiveInterpreter.rootObject(ofKeyedArchive: keyedArchive, options: options, maximumDepth: maximumDepth)
        } catch {
            throw .refusedKeyedArchive(error)
        }
    }

    /// The outer property list of the keyed archive `data` holds, with its object references as
    /// ``PropertyListUID``; `nil` if `data` is not a keyed archive.
    ///
    /// Foundation's reader on Linux returns object references as a private class with no public
    /// accessor, so the module's own reader reads them.
    static func keyedArchive(in data: Data, maximumDepth: Int) -> [String: Any]? {
        guard data.starts(with: BinaryPropertyList.header),
              let root = try? BinaryPropertyListReader.propertyList(from: data, maximumDepth: maximumDepth, options: .allowsUIDs) as? [String: Any],
              KeyedArchiveInterpreter.isKeyedArchive(root)
        else { return nil }
        return root
    }
}
