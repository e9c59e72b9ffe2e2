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
/// otherwise synthesize for an `Equatable` struct, for hand-written conformances. A
/// ``KeyMapped`` type compares every stored property instead (its id included), so that a test's
/// `loaded == original` checks the fields. A type that wants another equality declares its own
/// `static func ==`, which takes precedence:
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

extension UniquelyIdentifiable where Self: KeyMapped {
    /// Equality of every stored property, for a key-mapped type: the key map knows them all, so
    /// `loaded == original` in a test compares the fields, not only the ids. Hand-written
    /// conformances keep Archiver 0.6's equality by id.
    ///
    /// ```swift
    /// extension Customer: KeyMapped, Cachable { static let keyMap = KeyMap(Customer.init) }
    /// Customer(id: 1, name: "Old") == Customer(id: 1, name: "New")  // false
    /// ```
    ///
    /// Properties of `Equatable` types compare with their own `==`; others compare their archive
    /// values, as ``ArchiveComparison`` compares content.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.id == rhs.id else { return false }
        return FieldEquality.haveEqualFields(lhs, rhs)
    }
}

/// Compares two values of one type property by property, through `Mirror`.
enum FieldEquality {
    static func haveEqualFields(_ first: Any, _ second: Any) -> Bool {
        let firstChildren = Mirror(reflecting: first).children.map(\.value)
        let secondChildren = Mirror(reflecting: second).children.map(\.value)
        guard firstChildren.count == secondChildren.count else { return false }
        return zip(firstChildren, secondChildren).allSatisfy(areEqual)
    }

    static func areEqual(_ first: Any, _ second: Any) -> Bool {
        if let first = first as? any Equatable { return first.isEqual(toAny: second) }
        if let first = first as? any KeyMapValue, let second = second as? any KeyMapValue {
            switch (first.keyMapArchiveValue, second.keyMapArchiveValue) {
            case (nil, nil): return true
            case (let first?, let second?): return PropertyListDiff.isEqual(first, second)
            default: return false
            }
        }
        return String(reflecting: first) == String(reflecting: second)
    }
}

extension Equatable {
    fileprivate func isEqual(toAny other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
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
