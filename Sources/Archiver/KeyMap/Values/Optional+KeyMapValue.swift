import Foundation

/// Optionals read `nil` from a missing key or `NSNull`, and leave the key out of the archive
/// when they are `nil`.
extension Optional: KeyMapValue where Wrapped: KeyMapValue {
    /// Reads `nil` from `NSNull`, otherwise the wrapped value.
    ///
    /// ```swift
    /// try Int?(keyMapValue: KeyMapInput(NSNull(), from: .responseObject))  // nil
    /// ```
    @inlinable
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        if input.isNull {
            self = nil
        } else {
            self = try Wrapped(keyMapValue: input)
        }
    }

    /// The wrapped value's archive value, or `nil` to leave the key out.
    ///
    /// ```swift
    /// Int?.none.keyMapArchiveValue  // nil
    /// ```
    public var keyMapArchiveValue: Any? {
        var objects = ArchiveObjects()
        return Self.writeArchive(self, into: &objects, depth: 0) { value, objects, depth in
            ArchiveWriting.throughArchiveValue(value, into: &objects, depth: depth)
        }
    }

    /// `nil`: any optional will do.
    ///
    /// ```swift
    /// Int?.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Wrapped?? { .some(nil) }
}

extension Optional: KeyMapTypeDescribing, KeyMapMissingValue where Wrapped: KeyMapValue {
    static var keyMapTypeName: String { Wrapped.keyMapTypeDescription + "?" }

    /// `nil`: a missing key is a `nil` optional.
    static var keyMapMissingValue: Any { Wrapped?.none as Any }
}

extension Optional: PropertyListWritable where Wrapped: KeyMapValue {
    /// Its archive form, for both sinks (ArchiveSink.swift): nothing for `nil`, which leaves the
    /// key or element out, and otherwise the wrapped value as `wrapped` writes it.
    @inline(__always)
    static func writeArchive<Sink: ArchiveSink>(
        _ value: Self, into sink: inout Sink, depth: Int,
        wrapped: (Wrapped, inout Sink, Int) throws(Sink.Failure) -> Sink.Object?
    ) throws(Sink.Failure) -> Sink.Object? {
        guard let value else { return nil }
        return try wrapped(value, &sink, depth)
    }

    static func makePropertyListWriter() -> Any {
        let wrapped = PropertyListValueWriters.writer(for: Wrapped.self).write
        return PropertyListFieldWriter<Wrapped?> { value, writer, depth throws(BinaryPropertyListWriter.Failure) in
            try writeArchive(value, into: &writer, depth: depth, wrapped: wrapped)
        }
    }
}
