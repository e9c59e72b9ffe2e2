/// Booleans read from `true`/`false`, the numbers 0 and 1, and the strings `"true"` and `"false"`.
extension Bool: KeyMapValue {
    /// Reads a `Bool` by the rule above.
    ///
    /// ```swift
    /// try Bool(keyMapValue: KeyMapInput("true", from: .responseObject))  // true
    /// ```
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        if let bool = input.boolValue {
            self = bool
            return
        }
        switch input.double {
        case .value(0): self = false
        case .value(1): self = true
        case .value, .notExact: throw .invalidValue(Bool.self, found: input)
        case .notANumber:
            switch input.stringValue {
            case "true": self = true
            case "false": self = false
            case .some: throw .invalidValue(Bool.self, found: input)
            case nil: throw .typeMismatch(Bool.self, found: input)
            }
        }
    }

    /// The `Bool` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try Bool(keyMapValue: KeyMapInput("true", from: .archive)).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? {
        var objects = ArchiveObjects()
        return Self.writeArchive(self, into: &objects)
    }

    /// `false`: any `Bool` will do.
    ///
    /// ```swift
    /// Bool.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Bool? { false }
}

extension Bool: PropertyListWritable {
    /// Its archive form, for both sinks (ArchiveSink.swift).
    static func writeArchive<Sink: ArchiveSink>(_ value: Bool, into sink: inout Sink) -> Sink.Object {
        sink.addBool(value)
    }

    static func makePropertyListWriter() -> Any {
        PropertyListFieldWriter<Bool> { value, writer, _ in writeArchive(value, into: &writer) }
    }
}
