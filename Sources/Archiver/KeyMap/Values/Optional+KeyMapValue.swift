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
    @inlinable
    public var keyMapArchiveValue: Any? {
        switch self {
        case .some(let wrapped): wrapped.keyMapArchiveValue
        case .none: nil
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

// How a store writes it: straight into the binary property list (KeyMap+PropertyList.swift).
extension Optional: PropertyListWritable where Wrapped: KeyMapValue {
    static func makePropertyListWriter() -> Any {
        let wrapped = PropertyListValueWriters.writer(for: Wrapped.self)
        return PropertyListFieldWriter<Wrapped?> { value, writer, depth throws(BinaryPropertyListWriter.Failure) in
            guard let value else { return nil }
            return try wrapped.write(value, &writer, depth)
        }
    }
}
