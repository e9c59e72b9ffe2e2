import Foundation

extension ArchiveComparison {
    /// Whether two archives hold the same content: the same keys, and values equal by content at
    /// every level (numbers by value, `4 == 4.0`; a Boolean never equal to a number).
    ///
    /// `[String: Any]` has no `==`, and `NSDictionary` equality is not reliable for numbers read
    /// back from a file on Linux; this is the comparison the library itself uses.
    ///
    /// ```swift
    /// let stored = try Archive(archivedData: Data(contentsOf: Archiver.default.fileURL(for: User.self, resourceID: user.id)))
    /// ArchiveComparison.haveSameContent(stored, user.archiveValue)  // true
    /// ```
    public static func haveSameContent(_ archive: Archive, _ other: Archive) -> Bool {
        PropertyListDiff.isEqual(archive, other)
    }
}

extension Dictionary where Key == String, Value == Any {
    /// ``ArchiveComparison/haveSameContent(_:_:)`` as a method, for the library's tests.
    func sameContent(as other: Archive) -> Bool {
        PropertyListDiff.isEqual(self, other)
    }
}
