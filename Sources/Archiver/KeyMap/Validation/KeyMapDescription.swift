/// What the validators look at: the initializer's parameters, what `Mirror` saw of a
/// placeholder instance, the entries as written, and the fields the map derived from them.
struct KeyMapDescription {
    var typeName: String
    var parameters: [KeyMapParameter]
    /// `nil` when no placeholder instance could be built.
    var reflected: (isStruct: Bool, properties: [Reflection.StoredProperty])?
    var entries: [(name: String, entry: KeyMapEntry)]
    /// Empty when the initializer does not match the stored properties.
    var fields: [KeyMapField]
    /// What the readers returned for a probe instance, for maps given readers.
    var readerCheck: KeyMapReaderCheck?

    /// One validator per rule, run in this order; their problems are combined into one message.
    static let validators: [any KeyMapValidator] = [
        InitializerValidator(),
        ReaderValidator(),
        UnknownEntryValidator(),
        DuplicateKeyValidator(),
        EntryTypeValidator(),
    ]

    /// The stored properties' names, one per parameter, or `nil` when they cannot be matched:
    /// the instance is not a struct, or its stored properties differ in number or type from the
    /// initializer's parameters.
    static func propertyNames(
        parameters: [KeyMapParameter], reflected: (isStruct: Bool, properties: [Reflection.StoredProperty])?
    ) -> [String]? {
        guard let reflected, reflected.isStruct, reflected.properties.count == parameters.count else { return nil }
        var names: [String] = []
        for (parameter, property) in zip(parameters, reflected.properties) {
            guard parameter.typeIdentifier == property.typeIdentifier, let name = property.name else { return nil }
            names.append(name)
        }
        return names
    }

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

/// One parameter of the initializer: its type, and what the validators ask of that type.
@usableFromInline
struct KeyMapParameter {
    @usableFromInline
    struct NoPlaceholder: Error {
        @usableFromInline init() {}
    }

    let typeIdentifier: ObjectIdentifier
    let typeName: String
    let hasPlaceholder: Bool
    /// Why `default` is not a value of this type, or `nil` when it is.
    let defaultProblem: (KeyMapDefault) -> ArchiveDecodingError.Reason?

    @usableFromInline
    init<Value: KeyMapValue>(_ type: Value.Type) {
        typeIdentifier = ObjectIdentifier(Value.self)
        typeName = String(describing: Value.self)
        hasPlaceholder = Value.keyMapPlaceholder != nil
        defaultProblem = { defaultValue in
            do throws(ArchiveDecodingError) {
                _ = try defaultValue.converted(to: Value.self)
                return nil
            } catch {
                return error.reason
            }
        }
    }
}
