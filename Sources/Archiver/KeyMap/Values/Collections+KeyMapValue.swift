/// Arrays read from arrays, element by element.
///
/// An array of ``KeyMapped`` values, or of hand-written ``Serializable`` or
/// ``ArchiveRepresentable`` ones, drops its invalid elements, as Archiver 0.6's
/// `serializedCollection` does, so that a key-mapped `User` keeps its valid reviews exactly as the
/// tutorial's hand-written one does. ``KeyMapped/decode(responseObject:droppedElements:)`` lists
/// why each was dropped; a strict entry (`.property(\.reviews, strict: true)`) fails the whole
/// value instead, with the element's key path (`User.reviews[1].restaurant.id`). In arrays of other
/// types (`[Int]`, `[Date]`) one invalid element fails the value.
///
/// A property list cannot hold `nil`, so `nil` elements of an array of optionals are left out
/// of the archive.
extension Array: KeyMapValue where Element: KeyMapValue {
    @inlinable
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        guard let elements = value as? [Any] else { throw .typeMismatch(Self.self, found: value) }
        self.init()
        reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                append(try decodeKeyMapValue(Element.self, from: element, source: source))
            } catch {
                try KeyMapDecodingContext.dropOrThrow(error.nested(in: Self.self, at: [.index(index)]), elementType: Element.self)
            }
        }
    }

    @inlinable
    public var keyMapArchiveValue: Any? {
        compactMap { $0.keyMapArchiveValue }
    }

    public static var keyMapPlaceholder: [Element]? { [] }

    public static var keyMapTypeDescription: String { "[\(Element.keyMapTypeDescription)]" }
}

/// Sets read from arrays, dropping invalid elements as arrays do, and are archived as arrays in
/// no particular order.
extension Set: KeyMapValue where Element: KeyMapValue {
    @inlinable
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        self.init(try [Element](keyMapValue: value, from: source))
    }

    @inlinable
    public var keyMapArchiveValue: Any? {
        compactMap { $0.keyMapArchiveValue }
    }

    public static var keyMapPlaceholder: Set<Element>? { [] }

    public static var keyMapTypeDescription: String { "Set<\(Element.keyMapTypeDescription)>" }
}

/// Dictionaries with `String` keys read from dictionaries, value by value; the key is part of the
/// key path of an error. One invalid value fails the dictionary: Archiver 0.6 had no lenient form
/// for dictionaries to keep.
extension Dictionary: KeyMapValue where Key == String, Value: KeyMapValue {
    @inlinable
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        guard let dictionary = value as? [String: Any] else { throw .typeMismatch(Self.self, found: value) }
        self.init(minimumCapacity: dictionary.count)
        for (key, element) in dictionary {
            do {
                self[key] = try decodeKeyMapValue(Value.self, from: element, source: source)
            } catch {
                throw error.nested(in: Self.self, at: [.key(key)])
            }
        }
    }

    @inlinable
    public var keyMapArchiveValue: Any? {
        compactMapValues { $0.keyMapArchiveValue }
    }

    public static var keyMapPlaceholder: [String: Value]? { [:] }

    public static var keyMapTypeDescription: String { "[String: \(Value.keyMapTypeDescription)]" }
}
