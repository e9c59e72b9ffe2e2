/// Arrays read from arrays, element by element.
///
/// An array of ``KeyMapped`` values, or of hand-written ``Serializable`` or
/// ``ArchiveRepresentable`` ones, drops its invalid elements, as Archiver 0.6's
/// `serializedCollection` does, so that a key-mapped `User` keeps its valid reviews exactly as the
/// tutorial's hand-written one does. ``ArchiveDecodingError/collectingDroppedElements(_:)`` lists
/// why each was dropped; a strict entry (`.property(\.reviews, strict: true)`) fails the whole
/// value instead, with the element's key path (`User.reviews[1].restaurant.id`). In arrays of other
/// types (`[Int]`, `[Date]`) one invalid element fails the value.
///
/// A property list cannot hold `nil`, so `nil` elements of an array of optionals are left out
/// of the archive.
extension Array: KeyMapValue where Element: KeyMapValue {
    /// Reads an array element by element.
    ///
    /// ```swift
    /// try [Int](keyMapValue: KeyMapInput([1, "2"], from: .responseObject))  // [1, 2]
    /// ```
    @inlinable
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        var elements = try input.elements(for: Self.self, expected: Self.keyMapTypeDescription)
        self.init()
        reserveCapacity(elements.count)
        let log = KeyMapDecodingContext.log
        var element = copy input
        var index = 0
        while elements.next(into: &element) {
            do {
                let start = log?.errors.count ?? 0
                append(try decodeKeyMapValue(Element.self, from: element))
                // What the element dropped inside it gets the element's index in its path.
                log?.nest(from: start, in: Self.self, at: .index(index))
            } catch {
                try KeyMapDecodingContext.dropOrThrow(error.nested(in: Self.self, at: [.index(index)]), elementType: Element.self)
            }
            index += 1
        }
    }

    /// The elements' archive values, without the `nil` ones.
    ///
    /// ```swift
    /// [1, nil, 3].keyMapArchiveValue  // [1, 3]
    /// ```
    public var keyMapArchiveValue: Any? {
        var objects = ArchiveObjects()
        return Self.writeArchive(self, into: &objects, depth: 0) { value, objects, depth in
            ArchiveWriting.throughArchiveValue(value, into: &objects, depth: depth)
        }
    }

    /// An empty collection: any will do.
    ///
    /// ```swift
    /// [Int].keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: [Element]? { [] }
}

/// Sets read from arrays, dropping invalid elements as arrays do, and are archived as arrays in
/// no particular order.
extension Set: KeyMapValue where Element: KeyMapValue {
    /// Reads a set from an array.
    ///
    /// ```swift
    /// try Set<Int>(keyMapValue: KeyMapInput([1, 1, 2], from: .archive))  // [1, 2]
    /// ```
    @inlinable
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        self.init(try [Element](keyMapValue: input))
    }

    /// The elements' archive values, without the `nil` ones.
    ///
    /// ```swift
    /// Set([1]).keyMapArchiveValue  // [1]
    /// ```
    @inlinable
    public var keyMapArchiveValue: Any? {
        compactMap { $0.keyMapArchiveValue }
    }

    /// An empty collection: any will do.
    ///
    /// ```swift
    /// Set<Int>.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Set<Element>? { [] }
}

/// Dictionaries with `String` keys read from dictionaries, value by value; the key is part of the
/// key path of an error. One invalid value fails the dictionary: Archiver 0.6 had no lenient form
/// for dictionaries to keep.
extension Dictionary: KeyMapValue where Key == String, Value: KeyMapValue {
    /// Reads a dictionary value by value.
    ///
    /// ```swift
    /// try [String: Int](keyMapValue: KeyMapInput(["a": "1"], from: .responseObject))  // ["a": 1]
    /// ```
    @inlinable
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        let members = try input.members(for: Self.self, expected: Self.keyMapTypeDescription)
        self.init(minimumCapacity: members.count)
        let log = KeyMapDecodingContext.log
        // Members are visited in the document's order (a JSON text's, a file's, a dictionary's
        // hash order), so the failure reported is the one of the first key in sorted order, and
        // of a key's last value when a JSON text repeats it (the last wins, as JSONSerialization
        // has it): the same error whichever door the dictionary came through.
        var failures: [String: ArchiveDecodingError] = [:]
        for (key, element) in members {
            do {
                let start = log?.errors.count ?? 0
                self[key] = try decodeKeyMapValue(Value.self, from: element)
                log?.nest(from: start, in: Self.self, at: .key(key))
                if !failures.isEmpty { failures[key] = nil }
            } catch {
                failures[key] = error
            }
        }
        if let key = failures.keys.min() { throw failures[key]!.nested(in: Self.self, at: [.key(key)]) }
    }

    /// The values' archive values, without the `nil` ones.
    ///
    /// ```swift
    /// ["a": 1].keyMapArchiveValue  // ["a": 1]
    /// ```
    @inlinable
    public var keyMapArchiveValue: Any? {
        compactMapValues { $0.keyMapArchiveValue }
    }

    /// An empty collection: any will do.
    ///
    /// ```swift
    /// [String: Int].keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: [String: Value]? { [:] }
}

extension Array: KeyMapTypeDescribing where Element: KeyMapValue {
    static var keyMapTypeName: String { "[\(Element.keyMapTypeDescription)]" }
}

extension Set: KeyMapTypeDescribing where Element: KeyMapValue {
    static var keyMapTypeName: String { "Set<\(Element.keyMapTypeDescription)>" }
}

extension Dictionary: KeyMapTypeDescribing where Key == String, Value: KeyMapValue {
    static var keyMapTypeName: String { "[String: \(Value.keyMapTypeDescription)]" }
}

extension Array: PropertyListWritable where Element: KeyMapValue {
    /// Its archive form, for both sinks (ArchiveSink.swift): an array of the elements as
    /// `element` writes them, without those it leaves out; a failure names the element's index
    /// in the array written.
    @inline(__always)
    static func writeArchive<Sink: ArchiveSink>(
        _ array: [Element], into sink: inout Sink, depth: Int,
        element: (Element, inout Sink, Int) throws(Sink.Failure) -> Sink.Object?
    ) throws(Sink.Failure) -> Sink.Object {
        var container = try sink.beginArray(capacity: array.count, depth: depth)
        var written = 0
        for index in array.indices {
            do throws(Sink.Failure) {
                if let object = try element(array[index], &sink, depth + 1) {
                    sink.append(object, to: &container)
                    written += 1
                }
            } catch {
                throw Sink.failure(error, inside: .index(written))
            }
        }
        return sink.endArray(container)
    }

    static func makePropertyListWriter() -> Any {
        let element = PropertyListValueWriters.writer(for: Element.self).write
        return PropertyListFieldWriter<[Element]> { array, writer, depth throws(BinaryPropertyListWriter.Failure) in
            // The elements are written one level deeper, on a stack with room for them.
            try DeepRecursion.descend(unavailable: { BinaryPropertyListWriter.Failure(found: $0.description) }) {
                () throws(BinaryPropertyListWriter.Failure) -> Int in
                try writeArchive(array, into: &writer, depth: depth, element: element)
            }
        }
    }
}
