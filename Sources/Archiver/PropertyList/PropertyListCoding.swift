import Foundation

/// Turns archives into binary property-list bytes and back: the one place bytes are made and read.
///
/// Files are plain binary property lists of the archive dictionary, readable by `plutil`,
/// `PropertyListSerialization` and Python's `plistlib`.
enum PropertyListCoding {
    /// The deepest nesting of arrays and dictionaries that is written or read.
    static let defaultMaximumDepth = 512

    /// Binary property-list bytes for `archive`.
    ///
    /// - Throws: ``PropertyListError/unsupportedValue(keyPath:found:)`` naming the first value a
    ///   property list cannot hold; nothing is produced then.
    static func data(for archive: Archive, maximumDepth: Int = defaultMaximumDepth) throws(PropertyListError) -> Data {
        try validate(archive, path: "", depth: 0, maximumDepth: maximumDepth)
        do {
            return try PropertyListSerialization.data(fromPropertyList: archive, format: .binary, options: 0)
        } catch {
            throw .unsupportedValue(keyPath: "", found: "\(error)")
        }
    }

    /// The archive that `data` holds.
    ///
    /// - Throws: ``PropertyListError/malformed(reason:)`` for anything but a property list whose
    ///   root is a dictionary with string keys.
    static func archive(from data: Data, maximumDepth: Int = defaultMaximumDepth) throws(PropertyListError) -> Archive {
        guard !data.isEmpty else { throw .malformed(reason: "is empty") }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .malformed(reason: "is not a property list")
        }
        guard let archive = normalized(root, depth: 0, maximumDepth: maximumDepth) as? Archive else {
            throw .malformed(reason: "does not hold a dictionary with string keys")
        }
        return archive
    }

    // MARK: Validation

    private static func validate(_ value: Any, path: String, depth: Int, maximumDepth: Int) throws(PropertyListError) {
        switch value {
        case is String, is Date, is Data, is NSNumber:
            return
        case let dictionary as [String: Any]:
            guard depth < maximumDepth else { throw .unsupportedValue(keyPath: path, found: "nesting deeper than \(maximumDepth)") }
            for (key, element) in dictionary {
                try validate(element, path: path.isEmpty ? key : path + "." + key, depth: depth + 1, maximumDepth: maximumDepth)
            }
        case let array as [Any]:
            guard depth < maximumDepth else { throw .unsupportedValue(keyPath: path, found: "nesting deeper than \(maximumDepth)") }
            for (index, element) in array.enumerated() {
                try validate(element, path: path + "[\(index)]", depth: depth + 1, maximumDepth: maximumDepth)
            }
        default:
            throw .unsupportedValue(keyPath: path, found: ArchiveDecodingError.describe(value))
        }
    }

    /// Foundation on Linux reads nested dictionaries as `[AnyHashable: Any]`; archives use string keys.
    private static func normalized(_ value: Any, depth: Int, maximumDepth: Int) -> Any? {
        guard depth <= maximumDepth else { return nil }
        switch value {
        case let dictionary as [String: Any]:
            var result = Archive(minimumCapacity: dictionary.count)
            for (key, element) in dictionary {
                guard let element = normalized(element, depth: depth + 1, maximumDepth: maximumDepth) else { return nil }
                result[key] = element
            }
            return result
        case let dictionary as [AnyHashable: Any]:
            var result = Archive(minimumCapacity: dictionary.count)
            for (key, element) in dictionary {
                guard let key = key.base as? String,
                      let element = normalized(element, depth: depth + 1, maximumDepth: maximumDepth)
                else { return nil }
                result[key] = element
            }
            return result
        case let array as [Any]:
            var result: [Any] = []
            result.reserveCapacity(array.count)
            for element in array {
                guard let element = normalized(element, depth: depth + 1, maximumDepth: maximumDepth) else { return nil }
                result.append(element)
            }
            return result
        default:
            return value
        }
    }
}
