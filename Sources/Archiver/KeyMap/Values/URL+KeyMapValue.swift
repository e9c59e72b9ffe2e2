import Foundation

/// URLs read from strings and are archived as their absolute string.
///
/// They also read from `{relative: "…", base: {…}}`, the form `PropertyListEncoder` gives a URL,
/// so that files Codable storage wrote with it still load.
extension URL: KeyMapValue {
    /// Reads a `URL` by the rule above.
    ///
    /// ```swift
    /// try URL(keyMapValue: "https://a.b", from: .responseObject)  // https://a.b
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        if let url = value as? URL {
            self = url
        } else if let string = value as? String {
            guard !string.isEmpty, let url = URL(string: string) else { throw .invalidValue(URL.self, found: value) }
            self = url
        } else if let dictionary = ArchiveValueDecoder.dictionary(value), let relative = dictionary["relative"] as? String {
            var base: URL?
            if let baseValue = dictionary["base"] {
                base = try URL(keyMapValue: baseValue, from: source)
            }
            guard dictionary.count <= 2, !relative.isEmpty, let url = URL(string: relative, relativeTo: base) else {
                throw .invalidValue(URL.self, found: value)
            }
            self = url.absoluteURL
        } else {
            throw .typeMismatch(URL.self, found: value)
        }
    }

    /// The absolute string, `"https://a.b"`.
    ///
    /// ```swift
    /// try URL(keyMapValue: "https://a.b", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { absoluteString }

    /// `about:blank`: any `URL` will do.
    ///
    /// ```swift
    /// URL.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: URL? { URL(string: "about:blank") }
}
