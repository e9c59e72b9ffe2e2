/// Strings read only from strings: a number is not silently turned into text.
extension String: KeyMapValue {
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        guard let string = value as? String else { throw .typeMismatch(String.self, found: value) }
        self = string
    }

    public var keyMapArchiveValue: Any? { self }

    public static var keyMapPlaceholder: String? { "" }
}
