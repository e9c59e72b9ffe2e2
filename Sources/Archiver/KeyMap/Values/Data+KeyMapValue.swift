import Foundation

/// Data reads from `Data` values and from base-64 strings, the form JSON carries bytes in.
extension Data: KeyMapValue {
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        if let data = value as? Data {
            self = data
        } else if let string = value as? String {
            guard let data = Data(base64Encoded: string) else { throw .invalidValue(Data.self, found: value) }
            self = data
        } else {
            throw .typeMismatch(Data.self, found: value)
        }
    }

    public var keyMapArchiveValue: Any? { self }

    public static var keyMapPlaceholder: Data? { Data() }

    public static var keyMapTypeDescription: String { "Data (base 64)" }
}
