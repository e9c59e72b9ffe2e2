/// Booleans read from `true`/`false`, the numbers 0 and 1, and the strings `"true"` and `"false"`.
extension Bool: KeyMapValue {
    /// Reads a `Bool` by the rule above.
    ///
    /// ```swift
    /// try Bool(keyMapValue: KeyMapInput("true", from: .responseObject))  // true
    /// ```
    public init(keyMapValue input: KeyMapInput) throws(ArchiveDecodingError) {
        switch input.kind {
        case .bool:
            self = input.bool
        case .integer, .real:
            switch input.double {
            case 0: self = false
            case 1: self = true
            default: throw .invalidValue(Bool.self, found: input)
            }
        case .string:
            switch input.string {
            case "true": self = true
            case "false": self = false
            default: throw .invalidValue(Bool.self, found: input)
            }
        default:
            throw .typeMismatch(Bool.self, found: input)
        }
    }

    /// The `Bool` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try Bool(keyMapValue: KeyMapInput("true", from: .archive)).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { self }

    /// `false`: any `Bool` will do.
    ///
    /// ```swift
    /// Bool.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Bool? { false }
}
