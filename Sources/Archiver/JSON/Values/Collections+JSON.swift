extension Optional where Wrapped: KeyMapValue {
    /// Reads `nil` from JSON null, or the wrapped value.
    ///
    /// ```swift
    /// try Int?(parsedJSON: parsed)  // nil for `null`, 4 for `4`
    /// ```
    @inlinable
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        if value.isNull {
            self = nil
        } else {
            self = try Wrapped(parsedJSON: value)
        }
    }
}

extension Array where Element: KeyMapValue {
    /// Reads an array element by element; invalid models are dropped, as from a response object.
    ///
    /// ```swift
    /// try [Int](parsedJSON: parsed)  // [1, 2] for `[1, "2"]`
    /// ```
    @inlinable
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        let elements = try value.elements(for: Self.self, expected: Self.keyMapTypeDescription)
        self.init()
        reserveCapacity(elements.count)
        let log = KeyMapDecodingContext.log
        for (index, element) in elements.enumerated() {
            do {
                let start = log?.errors.count ?? 0
                append(try decodeKeyMapValue(Element.self, from: element))
                // What the element dropped inside it gets the element's index in its path.
                log?.nest(from: start, in: Self.self, at: .index(index))
            } catch {
                // Invalid models are dropped, as from a response object (Archiver 0.6's rule).
                try KeyMapDecodingContext.dropOrThrow(error.nested(in: Self.self, at: [.index(index)]), elementType: Element.self)
            }
        }
    }
}

extension Set where Element: KeyMapValue {
    /// Reads a set from a JSON array.
    ///
    /// ```swift
    /// try Set<Int>(parsedJSON: parsed)  // [1, 2] for `[1, 1, 2]`
    /// ```
    @inlinable
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        self.init(try [Element](parsedJSON: value))
    }
}

extension Dictionary where Key == String, Value: KeyMapValue {
    /// Reads a dictionary from a JSON object, value by value.
    ///
    /// ```swift
    /// try [String: Double](parsedJSON: parsed)  // ["x": 1.25] for `{"x": 1.25}`
    /// ```
    @inlinable
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        let members = try value.members(for: Self.self, expected: Self.keyMapTypeDescription)
        self.init(minimumCapacity: members.count)
        let log = KeyMapDecodingContext.log
        for (key, element) in members {
            let name = key.string
            do {
                let start = log?.errors.count ?? 0
                self[name] = try decodeKeyMapValue(Value.self, from: element)
                log?.nest(from: start, in: Self.self, at: .key(name))
            } catch {
                throw error.nested(in: Self.self, at: [.key(name)])
            }
        }
    }
}

extension KeyMapped {
    @inlinable
    public init(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) {
        self = try Self.keyMap.decode(parsedJSON: value)
    }

    @inlinable
    public static func decode(parsedJSON value: ParsedJSON) throws(ArchiveDecodingError) -> Self {
        try keyMap.decode(parsedJSON: value)
    }
}
