import Foundation

/// Data reads from `Data` values and from base-64 strings, the form JSON carries bytes in.
extension Data: KeyMapValue {
    /// Reads a `Data` by the rule above.
    ///
    /// ```swift
    /// try Data(keyMapValue: KeyMapInput("AAE=", from: .responseObject))  // Data([0, 1])
    /// ```
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        if let data = input.dataValue {
            self = data
        } else if let string = input.stringValue {
            guard let data = Data(base64Encoded: string) else { throw .invalidValue(Data.self, found: input) }
            self = data
        } else {
            throw .typeMismatch(Data.self, found: input)
        }
    }

    /// The `Data` itself: a property list holds data as it is.
    ///
    /// ```swift
    /// try Data(keyMapValue: KeyMapInput("AAE=", from: .archive)).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? {
        var objects = ArchiveObjects()
        return Self.writeArchive(self, into: &objects)
    }

    /// Empty data: any `Data` will do.
    ///
    /// ```swift
    /// Data.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Data? { Data() }
}

extension Data: KeyMapTypeDescribing {
    static var keyMapTypeName: String { "Data (base 64)" }
}

extension Data: PropertyListWritable {
    /// Its archive form, for both sinks (ArchiveSink.swift).
    static func writeArchive<Sink: ArchiveSink>(_ value: Data, into sink: inout Sink) -> Sink.Object {
        sink.addData(value)
    }

    static func makePropertyListWriter() -> Any {
        PropertyListFieldWriter<Data> { value, writer, _ in writeArchive(value, into: &writer) }
    }
}
