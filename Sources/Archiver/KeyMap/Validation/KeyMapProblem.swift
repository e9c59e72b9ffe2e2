/// One thing wrong with a key map, in words that name the properties and keys involved. Users
/// read them in ``KeyMapValidationError``'s description, one per line.
@usableFromInline
struct KeyMapProblem: Sendable, Equatable, CustomStringConvertible {
    /// The rule a problem breaks (for the library's tests; users read the words).
    enum Kind: Sendable, Equatable {
        /// A stored property the map cannot set.
        case missingProperty
        /// The initializer's parameters do not match the stored properties, or it cannot be
        /// called to learn them.
        case initializerMismatch
        /// An entry or key appears twice.
        case duplicateKey
        /// An entry names no stored property.
        case unknownEntry
        /// The type's `Mirror` is a custom one, which need not show its stored properties.
        case customMirror
        /// A lazy var, whose value is computed on first use rather than stored.
        case lazyProperty
    }

    /// Which rule is broken.
    var kind: Kind
    /// What is wrong, naming the properties and keys involved.
    var message: String

    // Validators make problems; users read them from KeyMapValidationError.
    init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    @usableFromInline var description: String { message }
}

/// The problems of a key map, thrown by ``KeyMapped/validateKeyMap()`` as one message with the
/// type's name and one line per problem.
///
/// ```swift
/// do { try User.validateKeyMap() } catch { print(error) }
/// // KeyMap of User has 1 problem:
/// //   - the server key "name" is used by name and displayName
/// ```
public struct KeyMapValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key-mapped type, which the description names.
    var typeName: String
    /// Every problem found, in the order the validators run; the description lists them.
    var problems: [KeyMapProblem]

    // Thrown by validateKeyMap(); users catch it rather than make it.
    init(typeName: String, problems: [KeyMapProblem]) {
        self.typeName = typeName
        self.problems = problems
    }

    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "KeyMap of \(typeName) has \(count):\n" + problems.map { "  - \($0.message)" }.joined(separator: "\n")
    }
}
