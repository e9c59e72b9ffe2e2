/// Arrays read from arrays, element by element. One invalid element fails the whole value, with
/// its index in the key path (`User.reviews[1].restaurant.id`), so that the failable API returns
/// `nil` where the throwing one explains; ``Serializable/decodeCollection(responseObjects:)`` is the
/// element-by-element alternative that drops and reports.
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
                throw error.nested(in: Self.self, at: [.index(index)])
            }
        }
    }

    @inlinable
    public var keyMapArchiveValue: Any? {
        // Reserved up front, as `map` would: `compactMap` grows the array from empty.
        var values: [Any] = []
        values.reserveCapacity(count)
        for element in self {
            if let value = element.keyMapArchiveValue { values.append(value) }
        }
        return values
    }

    public static var keyMapPlaceholder: [Element]? { [] }

    public static var keyMapTypeDescription: String { "[\(Element.keyMapTypeDescription)]" }
}

/// Sets read from arrays, and are archived as arrays in no particular order.
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
/// key path of an error.
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
