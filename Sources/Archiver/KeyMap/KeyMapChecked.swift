/// A key-mapped type with a rule its fields cannot say alone, checked after every decode, through
/// every door: a value that fails it is not a value of the type, and a lenient collection drops
/// it as it drops any invalid element.
///
/// ```swift
/// extension Review: KeyMapChecked {
///     func keyMapCheck(from source: KeyMapSource) -> String? {
///         source == .archive && id.isEmpty ? "an archive whose id is empty is not a review" : nil
///     }
/// }
///
/// try Review.decode(archive: ["id": "", …])
/// // throws: Review: an archive whose id is empty is not a review
/// ```
public protocol KeyMapChecked: KeyMapped {
    /// Why this value, just decoded from `source`, is not valid; `nil` when it is.
    func keyMapCheck(from source: KeyMapSource) -> String?
}

/// Finds a model's check once, when its map is built.
@usableFromInline
enum KeyMapChecks {
    @usableFromInline
    static func check<Model>(for type: Model.Type) -> ((Model, KeyMapSource) -> String?)? {
        guard Model.self is any KeyMapChecked.Type else { return nil }
        return { model, source in (model as? any KeyMapChecked)?.keyMapCheck(from: source) }
    }

    /// Runs `check`, failing with the model's type and the reason.
    @usableFromInline @inline(never)
    static func run<Model>(_ check: (Model, KeyMapSource) -> String?, on model: Model, from source: KeyMapSource) throws(ArchiveDecodingError) {
        if let reason = check(model, source) {
            throw ArchiveDecodingError(type: Model.self, reason: .custom(reason))
        }
    }
}
