import Foundation

/// Deep equality of property-list values by content, the same on every platform.
///
/// `NSDictionary.isEqual(to:)` is not usable for this on Linux: a number read back from a
/// property list does not compare equal to the Swift number that was written. Here numbers are
/// equal when they have the same value (`4 == 4.0`), and a Boolean never equals a number.
enum PropertyListEquality {
    static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        switch (lhs, rhs) {
        case let (left as String, right as String):
            return left == right
        case let (left as Date, right as Date):
            return left == right
        case let (left as Data, right as Data):
            return left == right
        case let (left as [String: Any], right as [String: Any]):
            guard left.count == right.count else { return false }
            return left.allSatisfy { key, value in right[key].map { isEqual(value, $0) } ?? false }
        case let (left as [Any], right as [Any]):
            return left.count == right.count && zip(left, right).allSatisfy(isEqual)
        case let (left as NSNumber, right as NSNumber):
            let leftIsBoolean = isBoolean(left), rightIsBoolean = isBoolean(right)
            guard leftIsBoolean == rightIsBoolean else { return false }
            return left.compare(right) == .orderedSame
        default:
            return false
        }
    }
}

extension Dictionary where Key == String, Value == Any {
    /// Whether this archive holds the same content as `other`: the same keys, and values equal
    /// by content at every level (numbers by value, a Boolean never equal to a number).
    ///
    /// ```swift
    /// let stored = try Archiver.default.archive(for: User.self, resourceID: user.id)
    /// stored?.hasSameContent(as: user.archiveValue)  // true
    /// ```
    public func hasSameContent(as other: Archive) -> Bool {
        PropertyListEquality.isEqual(self, other)
    }
}
