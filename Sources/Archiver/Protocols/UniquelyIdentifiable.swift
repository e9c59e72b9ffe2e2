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
/// `uuidString`); an id of another type names no file, and storing it throws
/// ``ArchiverError/emptyIdentifier(type:)``. A type that is `Identifiable` with such an id conforms with no extra code: the
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
}

extension UniquelyIdentifiable {
    /// Equality by id, as Archiver 0.6 defines it; for a ``KeyMapped`` type, equality of every
    /// stored property, its id included.
    ///
    /// The key map knows a key-mapped type's properties, so `loaded == original` in a test
    /// compares the fields, not only the ids. Hand-written conformances keep 0.6's equality by id.
    ///
    /// ```swift
    /// Restaurant(id: "a", name: "Old") == Restaurant(id: "a", name: "New")  // true: by id
    ///
    /// extension Customer: KeyMapped, Cachable { static let keyMap = KeyMap(Customer.init) }
    /// Customer(id: 1, name: "Old") == Customer(id: 1, name: "New")  // false: by field
    /// ```
    ///
    /// A key-mapped type's properties of `Equatable` types compare with their own `==`; others
    /// compare their archive values, as ``ArchiveComparison`` compares content.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.id == rhs.id else { return false }
        return !(Self.self is any KeyMapped.Type) || FieldEquality.haveEqualFields(lhs, rhs)
    }
}

/// Compares two values of one type property by property, as ``Reflection`` reports them.
enum FieldEquality {
    static func haveEqualFields(_ first: Any, _ second: Any) -> Bool {
        let firstChildren = Reflection.propertyValues(of: first)
        let secondChildren = Reflection.propertyValues(of: second)
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

extension UniquelyIdentifiable {
    /// The text of `id` that names its file, before escaping: a UUID's `uuidString`, any other
    /// `LosslessStringConvertible` id's `description` (`"1296269"` for the `Int` 1296269, a
    /// `String` as it is). An id of another type has no text: the empty string, which no file is
    /// named by, so that storing or loading it is ``ArchiverError/emptyIdentifier(type:)``.
    static func text(forResourceID id: ID) -> String {
        ResourceIDText.text(for: id)
    }

    /// The id whose text is `text`, or `nil` when `text` is no id of this type: the inverse of
    /// ``text(forResourceID:)``, used to list stored ids.
    static func resourceID(fromText text: String) -> ID? {
        ResourceIDText.id(ID.self, from: text)
    }
}

/// How an id becomes the text of its file name and back, decided by the id's type alone (no
/// conformance is asked, so the background forms and observers may use it from any thread).
enum ResourceIDText {
    static func text<ID>(for id: ID) -> String {
        if let id = id as? String { return id }
        if let id = id as? Int { return String(id) }
        if let id = id as? UUID { return id.uuidString }
        if let id = id as? any LosslessStringConvertible { return id.description }
        return ""
    }

    static func id<ID>(_ type: ID.Type, from text: String) -> ID? {
        // The common types are parsed by name: compiled for the id's type, their casts vanish,
        // where the way through `any LosslessStringConvertible` cost two dynamic casts an id
        // (an eighth of listing a folder).
        if ID.self == String.self { return text as? ID }
        if ID.self == Int.self { return Int(text) as? ID }
        if ID.self == UUID.self { return UUID(uuidString: text) as? ID }
        guard let convertible = ID.self as? any LosslessStringConvertible.Type else { return nil }
        return parse(convertible, text) as? ID
    }

    private static func parse<Convertible: LosslessStringConvertible>(_ type: Convertible.Type, _ text: String) -> Convertible? {
        Convertible(text)
    }
}
