/// What the validators look at: the initializer's parameters, what `Mirror` saw of a
/// placeholder instance, the entries as written, and the fields the map derived from them.
struct KeyMapDescription {
    var typeName: String
    var parameters: [KeyMapParameter]
    /// `nil` when no placeholder instance could be built.
    var reflected: Reflection.Reflected?
    var entries: [(name: String, entry: KeyMapEntry)]
    /// Empty when the initializer does not match the stored properties.
    var fields: [KeyMapField]

    /// One validator per rule, run in this order; their problems are combined into one message.
    static let validators: [any KeyMapValidator] = [
        InitializerValidator(),
        DuplicateKeyValidator(),
    ]

    /// The stored properties' names, for messages.
    var propertyList: String {
        (reflected?.properties ?? []).compactMap(\.name).joined(separator: ", ")
    }
}

/// One rule a key map must follow.
protocol KeyMapValidator: Sendable {
    /// Everything in `map` that breaks this rule; empty when nothing does.
    func problems(in map: KeyMapDescription) -> [KeyMapProblem]
}
