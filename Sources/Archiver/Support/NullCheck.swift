import Foundation

/// Whether `value` is `NSNull`, the null of a response object.
///
/// `value is NSNull` bridges a Swift array or dictionary to its Foundation class first, all of
/// it and recursively (seen on Linux): at every level of a nested value that costs time in
/// proportion to everything below it, and on a value a few hundred levels deep it overflows the
/// stack. Comparing the dynamic type bridges nothing.
///
/// ```swift
/// isNull(NSNull())        // true
/// isNull(["a": NSNull()]) // false, and nothing converted
/// ```
@inlinable
func isNull(_ value: Any) -> Bool {
    type(of: value) is NSNull.Type
}
