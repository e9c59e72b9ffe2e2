/// A type whose values carry a unique string identifier; two values are equal when their ids are.
///
/// ```swift
/// struct Restaurant: UniquelyIdentifiable { let id: String; let name: String }
///
/// Restaurant(id: "a", name: "Old") == Restaurant(id: "a", name: "New")  // true
/// ```
///
/// The id names the value's archive file, so ``Archivable`` requires it.
///
/// Equality by id is what Archiver 0.6 defined, and it replaces the `==` that Swift would
/// otherwise synthesize for an `Equatable` struct. A type that wants field-by-field equality
/// declares its own `static func ==`, which takes precedence:
///
/// ```swift
/// extension Restaurant {
///     static func == (lhs: Restaurant, rhs: Restaurant) -> Bool {
///         lhs.id == rhs.id && lhs.name == rhs.name
///     }
/// }
/// ```
public protocol UniquelyIdentifiable: Equatable {
    /// The identifier that names this value's archive.
    var id: String { get }
}

extension UniquelyIdentifiable {
    /// Equality by id, as Archiver 0.6 defines it.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id
    }
}
