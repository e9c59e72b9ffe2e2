import Foundation

extension Dictionary where Key == String, Value == Any {
    /// Whether this archive holds the same content as `other`: the same keys, and values equal
    /// by content at every level (numbers by value, a Boolean never equal to a number).
    ///
    /// ```swift
    /// let stored = try Archiver.default.archive(for: User.self, resourceID: user.id)
    /// stored?.hasSameContent(as: user.archiveValue)  // true
    /// ```
    public func hasSameContent(as other: Archive) -> Bool {
        PropertyListDiff.isEqual(self, other)
    }
}
