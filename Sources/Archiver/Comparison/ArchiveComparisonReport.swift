/// What `ArchiveComparison.compare(_:)` found: whether a value's
/// two archives hold the same content, whether each decodes back to an equal value, and each
/// file's size.
///
/// ```swift
/// let report = try ArchiveComparison.compare(user)
/// report.isLossless  // true: same content, and each way's file decodes back to an equal value
/// print(report)
/// // User: archiveValue and Codable (PropertyListEncoder) compared
/// //   Same content: yes
/// //   archiveValue round trip: equal
/// //   Codable round trip: equal
/// //   File sizes: archiveValue 523 bytes, Codable 519 bytes  (the tutorial's user, on Linux)
/// ```
///
/// Each part is a value a test can filter: content ``differences``, representational ``notes``
/// (the same value in another form), and each way's ``RoundTrip``.
///
/// ```swift
/// let report = try ArchiveComparison.compare(bookmark)
/// report.notes.map(\.representation)                   // [.urlForm]: accepted
/// report.differences.map(\.keyPath)                    // ["name", "title"]: a key spelled two ways
/// report.archiveRoundTrip.changes.map(\.keyPath)       // []
/// ```
public struct ArchiveComparisonReport: Sendable, Equatable, CustomStringConvertible {
    /// One of the two ways a value is archived.
    public enum Way: Sendable, Equatable, CustomStringConvertible {
        /// The type's ``ArchiveRepresentable/archiveValue`` (hand-written or derived), written
        /// as the core writes it.
        case archiveValue
        /// The type's `Encodable` conformance, written by `PropertyListEncoder`.
        case codable

        public var description: String {
            switch self {
            case .archiveValue: "archiveValue"
            case .codable: "Codable"
            }
        }
    }

    /// A key path where the two archives differ, with what each holds there (`nil`: nothing): in
    /// content, or, when ``representation`` names how, only in the form of the same value.
    public struct Difference: Sendable, Equatable, CustomStringConvertible {
        /// Where the archives differ, from the top of the value: `[.key("site")]`.
        public var path: [ArchiveDecodingError.PathComponent]
        /// The value in the ``Way/archiveValue`` file, as text, or `nil` if it has none here.
        public var archiveValue: String?
        /// The value in the ``Way/codable`` file, as text, or `nil` if it has none here.
        public var codableValue: String?
        /// How the two forms of one value differ, or `nil` for a difference of content.
        public var representation: Representation?

        /// Creates a difference, as a test would expect one.
        ///
        /// ```swift
        /// Difference(path: [.key("site")], archiveValue: #""https://a.b""#, codableValue: #"{relative: "https://a.b"}"#,
        ///            representation: .urlForm)
        /// ```
        public init(path: [ArchiveDecodingError.PathComponent], archiveValue: String?, codableValue: String?,
                    representation: Representation? = nil) {
            self.path = path
            self.archiveValue = archiveValue
            self.codableValue = codableValue
            self.representation = representation
        }

        /// The key path as text: `reviews[0].rating`.
        public var keyPath: String { path.archiveKeyPath.isEmpty ? "(top level)" : path.archiveKeyPath }

        /// One line: `site: URL form: archiveValue "https://a.b", Codable {relative: "https://a.b"}`.
        public var description: String {
            let form = representation.map { "\($0): " } ?? ""
            return "\(keyPath): \(form)archiveValue \(archiveValue ?? "(absent)"), Codable \(codableValue ?? "(absent)")"
        }
    }

    /// How a value came back from one way's file.
    public struct RoundTrip: Sendable, Equatable, CustomStringConvertible {
        /// A key path where the decoded value archives differently from the original.
        public struct Change: Sendable, Equatable, CustomStringConvertible {
            /// The archive in which the change shows: a value lost by one way shows in the other.
            public var way: Way
            /// Where the decoded value differs, in that way's archive: `[.key("visits")]`.
            public var path: [ArchiveDecodingError.PathComponent]
            /// The original value's content here, as text, or `nil` if it has none.
            public var original: String?
            /// The decoded value's content here, as text, or `nil` if it has none.
            public var decoded: String?

            /// Creates a change, as a test would expect one.
            ///
            /// ```swift
            /// Change(way: .codable, path: [.key("visits")], original: "3", decoded: "0")
            /// ```
            public init(way: Way, path: [ArchiveDecodingError.PathComponent], original: String?, decoded: String?) {
                self.way = way
                self.path = path
                self.original = original
                self.decoded = decoded
            }

            /// The key path as text: `visits`.
            public var keyPath: String { path.archiveKeyPath.isEmpty ? "(top level)" : path.archiveKeyPath }

            public var description: String {
                "\(keyPath) (as \(way)): original \(original ?? "(absent)"), decoded \(decoded ?? "(absent)")"
            }
        }

        /// Why the file did not decode, or `nil` if it did.
        public var error: ArchiveDecodingError?
        /// Where the decoded value's archives differ from the original's, in either way.
        public var changes: [Change]
        /// `==` between the original and the decoded value, for an `Equatable` type that decoded.
        ///
        /// ``UniquelyIdentifiable`` types compare by id only, which is why ``changes`` are
        /// looked for as well.
        public var isEqualByEquatable: Bool?

        /// Creates a round trip's outcome, as a test would expect one.
        ///
        /// ```swift
        /// RoundTrip(isEqualByEquatable: true)  // decoded, no changes, == holds
        /// ```
        public init(error: ArchiveDecodingError? = nil, changes: [Change] = [], isEqualByEquatable: Bool? = nil) {
            self.error = error
            self.changes = changes
            self.isEqualByEquatable = isEqualByEquatable
        }

        /// Whether the file decoded to a value equal to the original: it decoded, archives the
        /// same both ways, and is `==` where the type is `Equatable`.
        public var isEqual: Bool { error == nil && changes.isEmpty && isEqualByEquatable != false }

        public var description: String {
            if let error { return "failed: \(error)" }
            if isEqual { return "equal" }
            if changes.isEmpty { return "not equal by ==" }
            return "not equal, \(changes.count) \(changes.count == 1 ? "change" : "changes")"
        }
    }

    /// The name of the compared type.
    public internal(set) var typeName: String
    /// Every key path where the two archives differ in content, sorted by key path.
    public internal(set) var differences: [Difference]
    /// Every key path where the two archives hold the same value in different forms, sorted by
    /// key path; each names its ``Difference/representation``.
    public internal(set) var notes: [Difference] = []
    /// How the value came back from its ``Way/archiveValue`` file.
    public internal(set) var archiveRoundTrip: RoundTrip
    /// How the value came back from its ``Way/codable`` file.
    public internal(set) var codableRoundTrip: RoundTrip
    /// The size in bytes of the file the core writes from ``ArchiveRepresentable/archiveValue``.
    public internal(set) var archiveFileSize: Int
    /// The size in bytes of the file `PropertyListEncoder` writes.
    public internal(set) var codableFileSize: Int

    /// Whether the two archives hold the same content; forms may differ (the report's notes
    /// say where).
    public var archivesMatch: Bool { differences.isEmpty }

    /// Whether moving between the two ways loses nothing: same content, and both round trips equal.
    public var isLossless: Bool { archivesMatch && archiveRoundTrip.isEqual && codableRoundTrip.isEqual }

    public var description: String {
        var lines = ["\(typeName): archiveValue and Codable (PropertyListEncoder) compared"]
        var verdict = archivesMatch ? "yes" : "no, \(differences.count) \(differences.count == 1 ? "difference" : "differences")"
        if !notes.isEmpty {
            verdict += ", \(notes.count) representational \(notes.count == 1 ? "note" : "notes")"
        }
        lines.append("  Same content: " + verdict)
        lines += differences.map { "    \($0)" }
        lines += notes.map { "    \($0)" }
        for (way, roundTrip) in [(Way.archiveValue, archiveRoundTrip), (.codable, codableRoundTrip)] {
            lines.append("  \(way) round trip: \(roundTrip)")
            lines += roundTrip.changes.map { "    \($0)" }
        }
        lines.append("  File sizes: archiveValue \(archiveFileSize) bytes, Codable \(codableFileSize) bytes")
        return lines.joined(separator: "\n")
    }
}
