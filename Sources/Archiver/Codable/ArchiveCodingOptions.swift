/// What every container of one encoding or decoding needs to know, handed down from
/// ``ArchiveEncoder`` or ``ArchiveDecoder``.
///
/// It is also carried across the table: a Codable type that is a ``KeyMapValue`` is converted by
/// its conformance, which starts a Codable walk of its own; that walk reads these options from
/// ``current`` so that a key strategy or `userInfo` reaches every level.
struct ArchiveCodingOptions: Sendable {
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    var source: KeyMapSource = .archive
    var keys: KeyStrategy = .propertyName

    /// The options of the encoding or decoding running on this task, if any.
    @TaskLocal static var current: ArchiveCodingOptions?

    /// The dictionary key of a coding key.
    @inline(__always)
    func key(_ key: some CodingKey) -> String {
        keys.isPropertyName ? key.stringValue : keys.key(for: key.stringValue)
    }
}
