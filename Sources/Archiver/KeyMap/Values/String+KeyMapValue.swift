/// Strings read only from strings: a number is not silently turned into text.
extension String: KeyMapValue {
    /// Reads a `String` by the rule above.
    ///
    /// ```swift
    /// try String(keyMapValue: KeyMapInput("Soup", from: .responseObject))  // "Soup"
    /// ```
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        guard let string = input.stringValue else { throw .typeMismatch(String.self, found: input) }
        self = string
    }

    /// The `String` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try String(keyMapValue: KeyMapInput("Soup", from: .archive)).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { self }

    /// The empty string: any `String` will do.
    ///
    /// ```swift
    /// String.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: String? { "" }
}

// How a store writes it: straight into the binary property list (KeyMap+PropertyList.swift).
extension String: PropertyListWritable {
    static func makePropertyListWriter() -> Any {
        PropertyListFieldWriter<String> { value, writer, _ in writer.addString(value) }
    }
}
