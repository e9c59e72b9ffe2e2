import Foundation

/// Data reads from `Data` values and from base-64 strings, the form JSON carries bytes in.
extension Data: KeyMapValue {
    /// Reads a `Data` by the rule above.
    ///
    /// ```swift
    /// try Data(keyMapValue: KeyMapInput("AAE=", from: .responseObject))  // Data([0, 1])
    /// ```
    public init(keyMapValue input: KeyMapInput) throws(ArchiveDecodingError) {
        switch input.kind {
        case .data:
            self = input.data
        case .string:
            guard let data = Data(base64Encoded: input.string) else { throw .invalidValue(Data.self, found: input) }
            self = data
        default:
            throw .typeMismatch(Data.self, found: input)
        }
    }

    /// The `Data` itself: a property list holds data as it is.
    ///
    /// ```swift
    /// try Data(keyMapValue: KeyMapInput("AAE=", from: .archive)).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { self }

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
