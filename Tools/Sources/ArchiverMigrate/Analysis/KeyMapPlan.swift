/// What the tool writes for one type: its key map's entries, the initializer it passes, and what
/// the user should know about behaviour that changes.
struct KeyMapPlan: Sendable {
    struct Entry: Equatable, Sendable {
        let property: String
        var serverKey: String?
        var archiveKey: String?
        var defaultValue: String?
        /// `archiveDefault:`, where archives give a missing key another value than responses.
        var archiveDefaultValue: String?
        /// `ifInvalid: .useDefault`, where the hand-written code gave a value of another type the
        /// default (`as? String ?? ""`) rather than refusing it.
        var usesDefaultIfInvalid = false

        var isEmpty: Bool { serverKey == nil && archiveKey == nil && defaultValue == nil && archiveDefaultValue == nil && !usesDefaultIfInvalid }
    }

    /// A rule the hand-written initializers applied after reading, which the tool writes as the
    /// type's `KeyMapChecked` conformance.
    struct Check: Equatable, Sendable {
        enum Kind: Equatable, Sendable {
            /// `guard !id.isEmpty else { return nil }`, `if id.isEmpty { return nil }`.
            case empty
            /// An optional property the initializer required: `guard let label = … else { return nil }`.
            case missing
        }

        let property: String
        let kind: Kind
        /// Whether the property is optional, which changes how the condition is spelt.
        let isOptional: Bool
        /// Where the rule applies; both when the two initializers apply it alike.
        var sources: Set<Source>
    }

    /// A door of the key map, as `KeyMapSource` spells it.
    enum Source: String, Sendable {
        case responseObject, archive
    }

    let typeName: String
    let accessModifier: String
    /// `User.init`, or `Session.init(startTime:endTime:events:)` where the struct has other
    /// initializers.
    let initializerReference: String
    /// Properties of an initializer the tool adds because the struct has none that takes every
    /// stored property.
    let addedInitializer: [StoredProperty]?
    let entries: [Entry]
    /// Whether most server keys are the snake-cased property names, so that the map says
    /// `serverKeys: .snakeCase` instead of listing them.
    let serverKeysAreSnakeCase: Bool
    let archiveKeysAreSnakeCase: Bool
    let keptProtocols: [String]
    /// Types held in this one, which must be key-mapped or `KeyMapValue` themselves.
    let nestedTypes: Set<String>
    let notes: [(line: Int, message: String)]
    /// What the hand-written initializers refused after reading; empty when they refused nothing.
    let checks: [Check]
    /// Every property: its server key, archive key and how it reads, for tests `--goldens` writes.
    let fields: [Field]
    let hasServerSide: Bool
    let hasArchiveDecoder: Bool
    /// The members of a conversion found by its shape, kept as forwarders to the key map.
    var forwarders: [String] = []
    var shapeCalls: ShapeCalls?
    var notedInputs: [NotedInputs] = []
    /// Whether the key map reads some input otherwise than the hand-written code, as a note says.
    var readsDifferently = false
    /// Raw-value enums the map reads that must declare `KeyMapValue`, with the case the map may
    /// use as a placeholder where the enum is not `CaseIterable` (nil when it is).
    var enumsToDeclare: [(name: String, placeholder: String?)] = []

    struct Field: Sendable {
        let property: StoredProperty
        let serverKey: String
        let archiveKey: String
        let convertedFrom: String?
        let nested: NestedValue?
        /// The raw value of an enum's first case, as a literal, for a property read by raw value.
        var enumSample: String? = nil
        /// The line of the hand-written read.
        var line = 0
    }

    /// Inputs a note names for one property and door, as Swift literals: the golden tests
    /// record what the hand-written code made of each.
    struct NotedInputs: Sendable {
        let property: String
        let source: Source
        let literals: [String]
    }

    /// How the kept members of a conversion found by its shape are called:
    /// `Route(dictionary: input)`, `value.dictionaryRepresentation`.
    struct ShapeCalls: Sendable {
        /// The initializer's argument label; `_` for none.
        let label: String
        /// `json` or `toDictionary()`; nil when the type only reads dictionaries.
        let encoder: String?
    }
}
