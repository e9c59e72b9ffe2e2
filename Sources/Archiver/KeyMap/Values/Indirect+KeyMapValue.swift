/// A boxed value reads and archives as the value itself.
extension Indirect: KeyMapValue where Wrapped: KeyMapValue {
    /// Reads the boxed value from what the server or the archive holds for it.
    ///
    /// ```swift
    /// try Indirect<Int>(keyMapValue: KeyMapInput("4", from: .responseObject)).value  // 4
    /// ```
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        self.init(try Wrapped(keyMapValue: input))
    }

    /// The boxed value's archive value.
    ///
    /// ```swift
    /// Indirect(4).keyMapArchiveValue  // 4
    /// ```
    public var keyMapArchiveValue: Any? {
        var objects = ArchiveObjects()
        return Self.writeArchive(self, into: &objects, depth: 0) { value, objects, depth in
            ArchiveWriting.throughArchiveValue(value, into: &objects, depth: depth)
        }
    }

    /// The boxed type's placeholder, boxed. A model holds itself as an optional
    /// (`Indirect<Status>?`), whose placeholder is `nil`, so building one never recurses.
    ///
    /// ```swift
    /// Indirect<Int>.keyMapPlaceholder?.value  // 0
    /// ```
    public static var keyMapPlaceholder: Self? {
        guard let placeholder = Wrapped.keyMapPlaceholder else { return nil }
        return Self(placeholder)
    }

    /// The boxed type's value for unknown values, boxed.
    public static var keyMapUnknownValue: Self? {
        guard let unknown = Wrapped.keyMapUnknownValue else { return nil }
        return Self(unknown)
    }
}

extension Indirect: KeyMapTypeDescribing where Wrapped: KeyMapValue {
    /// Errors name the boxed type: a box is not what the server sent.
    static var keyMapTypeName: String { Wrapped.keyMapTypeDescription }
}

extension Indirect: PropertyListWritable where Wrapped: KeyMapValue {
    /// Its archive form, for both sinks (ArchiveSink.swift): the boxed value's, as `wrapped`
    /// writes it.
    @inline(__always)
    static func writeArchive<Sink: ArchiveSink>(
        _ boxed: Self, into sink: inout Sink, depth: Int,
        wrapped: (Wrapped, inout Sink, Int) throws(Sink.Failure) -> Sink.Object?
    ) throws(Sink.Failure) -> Sink.Object? {
        try wrapped(boxed.value, &sink, depth)
    }

    static func makePropertyListWriter() -> Any {
        let wrapped = PropertyListValueWriters.writer(for: Wrapped.self).write
        return PropertyListFieldWriter<Self> { boxed, writer, depth throws(BinaryPropertyListWriter.Failure) in
            try writeArchive(boxed, into: &writer, depth: depth, wrapped: wrapped)
        }
    }
}
