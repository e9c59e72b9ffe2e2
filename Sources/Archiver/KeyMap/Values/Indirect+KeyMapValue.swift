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
    public var keyMapArchiveValue: Any? { value.keyMapArchiveValue }

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

// How a store writes it: as the boxed value, straight into the binary property list.
extension Indirect: PropertyListWritable where Wrapped: KeyMapValue {
    static func makePropertyListWriter() -> Any {
        let wrapped = PropertyListValueWriters.writer(for: Wrapped.self)
        return PropertyListFieldWriter<Self> { boxed, writer, depth throws(BinaryPropertyListWriter.Failure) in
            try wrapped.write(boxed.value, &writer, depth)
        }
    }
}
