import Foundation

/// URLs read from strings and are archived as their absolute string.
///
/// They also read from `{relative: "…", base: {…}}`, the form `PropertyListEncoder` gives a URL,
/// so that files Codable storage wrote with it still load.
extension URL: KeyMapValue {
    /// Reads a `URL` by the rule above.
    ///
    /// ```swift
    /// try URL(keyMapValue: KeyMapInput("https://a.b", from: .responseObject))  // https://a.b
    /// ```
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        if let url = input.object(as: URL.self) {
            self = url
        } else if let string = input.stringValue {
            guard !string.isEmpty, let url = URL(string: string) else { throw .invalidValue(URL.self, found: input) }
            self = url
        } else if let relative = input.member(named: "relative")?.stringValue {
            // URL's own Codable form, read in place: a relative string and an optional base.
            var base: URL?
            if let baseValue = input.member(named: "base") {
                base = try URL(keyMapValue: baseValue)
            }
            guard input.memberCount <= 2, !relative.isEmpty, let url = URL(string: relative, relativeTo: base) else {
                throw .invalidValue(URL.self, found: input)
            }
            self = url.absoluteURL
        } else {
            throw .typeMismatch(URL.self, found: input)
        }
    }

    /// The absolute string, `"https://a.b"`.
    ///
    /// ```swift
    /// try URL(keyMapValue: KeyMapInput("https://a.b", from: .archive)).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { absoluteString }

    /// `about:blank`: any `URL` will do.
    ///
    /// ```swift
    /// URL.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: URL? { URL(string: "about:blank") }
}
