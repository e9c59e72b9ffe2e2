import Foundation

/// UUIDs read from their string form (`"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`) and are archived
/// as it.
extension UUID: KeyMapValue {
    /// Reads a `UUID` by the rule above.
    ///
    /// ```swift
    /// try UUID(keyMapValue: KeyMapInput("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", from: .responseObject))  // that UUID
    /// ```
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        if let uuid = input.object(as: UUID.self) {
            self = uuid
        } else if let string = input.stringValue {
            guard let uuid = UUID(uuidString: string) else { throw .invalidValue(UUID.self, found: input) }
            self = uuid
        } else {
            throw .typeMismatch(UUID.self, found: input)
        }
    }

    /// The `uuidString`.
    ///
    /// ```swift
    /// try UUID(keyMapValue: KeyMapInput("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", from: .archive)).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { uuidString }

    /// The all-zero UUID: any `UUID` will do.
    ///
    /// ```swift
    /// UUID.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: UUID? { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
}
