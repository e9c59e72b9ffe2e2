/// How keyed archives — files `NSKeyedArchiver` wrote — are read.
///
/// By default only the property-list classes are accepted (`NSDictionary`, `NSArray`,
/// `NSString`, `NSNumber`, `NSDate`, `NSData`, their mutable forms, and `$null`). Archives that
/// an `NSCoding` wrapper class wrote name that class; list it here and each of its objects is
/// read as a dictionary of the keys its `encode(with:)` wrote. The class is never instantiated.
///
/// ```swift
/// // Written by `NSKeyedArchiver.archiveRootObject(MovieClass(movie: movie), toFile: path)`:
/// let options = KeyedArchiveOptions(classesReadAsDictionaries: ["MovieClass"])
/// let movie = try Movie(archivedData: Data(contentsOf: url), keyedArchiveOptions: options)
/// // MovieClass's "name", "director" and "releaseYear" become Movie's archive
/// ```
public struct KeyedArchiveOptions: Sendable, Equatable {
    /// Class names, as the archive records them in `$classname`, whose objects are read as
    /// dictionaries of their encoded keys.
    ///
    /// Swift classes without an `@objc(Name)` are recorded under their mangled name, such as
    /// `_TtCV5MyApp5Event6Coding`; the error that refuses an archive names it.
    var classesReadAsDictionaries: Set<String>

    /// Creates options that read objects of `classesReadAsDictionaries` as dictionaries;
    /// `KeyedArchiveOptions()`, the default, accepts only the property-list classes.
    ///
    /// ```swift
    /// KeyedArchiveOptions(classesReadAsDictionaries: ["_TtCV5MyApp5Event6Coding"])
    /// ```
    public init(classesReadAsDictionaries: Set<String> = []) {
        self.classesReadAsDictionaries = classesReadAsDictionaries
    }

    /// Only the property-list classes.
    static let propertyListClassesOnly = KeyedArchiveOptions()
}
