/// The value a key-path entry gives a property whose key is missing or null: a value of the
/// property's own type, which the compiler checked when the entry was written.
struct KeyMapDefault: @unchecked Sendable {
    // Unchecked: the default has the property's own type, which need not be `Sendable` (a
    // main-actor model's, say). The map keeps it immutable, as it keeps the initializer it calls.
    let value: Any

    init(typed value: Any) {
        self.value = value
    }

    /// The default as a value of `Property`, or why it is not one.
    func converted<Property: KeyMapValue>(to type: Property.Type) throws(ArchiveDecodingError) -> Property {
        if let typed = value as? Property { return typed }
        return try Property(keyMapValue: KeyMapInput(value, from: .archive))
    }

    /// The default as text, for messages.
    var displayDescription: String {
        String(describing: value)
    }
}
