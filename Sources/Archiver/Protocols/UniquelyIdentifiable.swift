import Foundation

/// A type whose values carry a unique identifier; two values are equal when their ids are.
///
/// ```swift
/// struct Repository: UniquelyIdentifiable { let id: Int; let name: String }
/// struct Restaurant: UniquelyIdentifiable { let id: String; let name: String }
///
/// Restaurant(id: "a", name: "Old") == Restaurant(id: "a", name: "New")  // true
/// ```
///
/// The id names the value's archive file, so ``Archivable`` requires it. It may be a `String`
/// (as in Archiver 0.6), any integer type, a `UUID`, or any other `LosslessStringConvertible &
/// Hashable & Sendable` type; the file name is the id's text (`1296269.plist`, a UUID's
/// `uuidString`). A type that is `Identifiable` with such an id conforms with no extra code: the
/// two protocols share `ID`.
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
    /// The type of the identifier; `String` unless `id` says otherwise.
    associatedtype ID: Hashable & Sendable = String

    /// The identifier that names this value's archive.
    var id: ID { get }

    /// The text of `id` that names its file, before escaping; the id's `description`, or a
    /// UUID's `uuidString`.
    ///
    /// ```swift
    /// Repository.text(forResourceID: 1296269)  // "1296269"
    /// ```
    static func text(forResourceID id: ID) -> String

    /// The id whose text is `text`, or `nil` when `text` is no id of this type: the inverse of
    /// ``text(forResourceID:)``, used to list stored ids.
    ///
    /// ```swift
    /// Repository.resourceID(fromText: "1296269")  // 1296269
    /// Repository.resourceID(fromText: "notes")    // nil
    /// ```
    static func resourceID(fromText text: String) -> ID?
}

extension UniquelyIdentifiable {
    /// Equality by id, as Archiver 0.6 defines it.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id
    }
}

extension UniquelyIdentifiable where ID: LosslessStringConvertible {
    /// The id's `description`: `"1296269"` for the `Int` 1296269, a `String` id as it is.
    ///
    /// ```swift
    /// Repository.text(forResourceID: 1296269)  // "1296269"
    /// ```
    public static func text(forResourceID id: ID) -> String { id.description }

    /// The id that `ID(text)` reads, or `nil`.
    ///
    /// ```swift
    /// Repository.resourceID(fromText: "12a")  // nil
    /// ```
    public static func resourceID(fromText text: String) -> ID? { ID(text) }
}

extension UniquelyIdentifiable where ID == UUID {
    /// The UUID's `uuidString`, as `UUID` is not `LosslessStringConvertible`.
    ///
    /// ```swift
    /// Draft.text(forResourceID: draft.id)  // "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    /// ```
    public static func text(forResourceID id: UUID) -> String { id.uuidString }

    /// The UUID whose `uuidString` is `text`, or `nil`.
    ///
    /// ```swift
    /// Draft.resourceID(fromText: "notes")  // nil
    /// ```
    public static func resourceID(fromText text: String) -> UUID? { UUID(uuidString: text) }
}
