import Foundation

/// URLs read from strings and are archived as their absolute string.
extension URL: KeyMapValue {
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        if let url = value as? URL {
            self = url
        } else if let string = value as? String {
            guard !string.isEmpty, let url = URL(string: string) else { throw .invalidValue(URL.self, found: value) }
            self = url
        } else {
            throw .typeMismatch(URL.self, found: value)
        }
    }

    public var keyMapArchiveValue: Any? { absoluteString }

    public static var keyMapPlaceholder: URL? { URL(string: "about:blank") }
}
