import Foundation

/// Optionals read `nil` from a missing key or `NSNull`, and leave the key out of the archive
/// when they are `nil`.
extension Optional: KeyMapValue where Wrapped: KeyMapValue {
    @inlinable
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        if value is NSNull {
            self = nil
        } else {
            self = try Wrapped(keyMapValue: value, from: source)
        }
    }

    @inlinable
    public var keyMapArchiveValue: Any? {
        switch self {
        case .some(let wrapped): wrapped.keyMapArchiveValue
        case .none: nil
        }
    }

    public static var keyMapPlaceholder: Wrapped?? { .some(nil) }

    public static var keyMapValueWhenMissing: Wrapped?? { .some(nil) }

    public static var keyMapTypeDescription: String { Wrapped.keyMapTypeDescription + "?" }
}
