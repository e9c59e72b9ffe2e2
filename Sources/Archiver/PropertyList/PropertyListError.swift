/// Why an archive could not be turned into property-list bytes, or bytes into an archive.
enum PropertyListError: Error, Equatable {
    /// A value that a property list cannot hold, at `keyPath` (`reviews[0].photo`).
    case unsupportedValue(keyPath: String, found: String)
    /// The bytes are not a property list whose root is a dictionary with string keys.
    case malformed(reason: String)
}
