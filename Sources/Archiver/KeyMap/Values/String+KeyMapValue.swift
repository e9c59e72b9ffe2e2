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
    public var keyMapArchiveValue: Any? {
        var objects = ArchiveObjects()
        return Self.writeArchive(self, into: &objects)
    }

    /// The empty string: any `String` will do.
    ///
    /// ```swift
    /// String.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: String? { "" }
}

extension String: PropertyListWritable {
    /// Its archive form, for both sinks (ArchiveSink.swift).
    static func writeArchive<Sink: ArchiveSink>(_ value: String, into sink: inout Sink) -> Sink.Object {
        sink.addString(value)
    }

    static func makePropertyListWriter() -> Any {
        PropertyListFieldWriter<String> { value, writer, _ in writeArchive(value, into: &writer) }
    }
}
