/// Booleans read from `true`/`false`, the numbers 0 and 1, and the strings `"true"` and `"false"`.
extension Bool: KeyMapValue {
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

    public var keyMapArchiveValue: Any? { self }

    public static var keyMapPlaceholder: Bool? { false }
}
