/// Booleans read from `true`/`false`, the numbers 0 and 1, and the strings `"true"` and `"false"`.
extension Bool: KeyMapValue {
    /// Reads a `Bool` by the rule above.
    ///
    /// ```swift
    /// try Bool(keyMapValue: "true", from: .responseObject)  // true
    /// ```
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        if isBoolean(value), let bool = value as? Bool {
            self = bool
        } else if let number = NumberClassification.number(value) {
            switch number.doubleValue {
            case 0: self = false
            case 1: self = true
            default: throw .invalidValue(Bool.self, found: value)
            }
        } else if let string = value as? String {
            switch string {
            case "true": self = true
            case "false": self = false
            default: throw .invalidValue(Bool.self, found: value)
            }
        } else {
            throw .typeMismatch(Bool.self, found: value)
        }
    }

    /// The `Bool` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try Bool(keyMapValue: "true", from: .archive).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { self }

    /// `false`: any `Bool` will do.
    ///
    /// ```swift
    /// Bool.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Bool? { false }
}
