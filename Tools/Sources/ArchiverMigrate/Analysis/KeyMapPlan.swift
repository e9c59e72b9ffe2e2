/// What the tool writes for one type: its key map's entries, the initializer it passes, and what
/// the user should know about behaviour that changes.
struct KeyMapPlan: Sendable {
    struct Entry: Equatable, Sendable {
        let property: String
        var serverKey: String?
        var archiveKey: String?
        var defaultValue: String?

        var isEmpty: Bool { serverKey == nil && archiveKey == nil && defaultValue == nil }
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
    /// Every property: its server key, archive key and how it reads, for tests `--goldens` writes.
    let fields: [Field]
    let hasServerSide: Bool
    let hasArchiveDecoder: Bool

    struct Field: Sendable {
        let property: StoredProperty
        let serverKey: String
        let archiveKey: String
        let convertedFrom: String?
        let nested: NestedValue?
    }
}
