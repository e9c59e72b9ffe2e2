import Foundation

extension Cachable {
    /// Creates a value from JSON text and, if `shouldArchive` is `true`, stores it; `nil` when
    /// the text is not JSON or does not describe a value.
    ///
    /// ```swift
    /// guard let user = User(json: body, shouldArchive: true) else { return }
    /// ```
    ///
    /// Use ``cache(json:in:)`` to learn why a text was refused.
    public init?(json: Data, shouldArchive: Bool) {
        guard let value = try? Self.decode(json: json) else { return nil }
        self = value
        if shouldArchive {
            storeArchive()
        }
    }

    /// Decodes a value from JSON text and stores it, throwing an error that says why when
    /// either step fails.
    ///
    /// ```swift
    /// let user = try User.cache(json: body)
    /// try User.cache(json: body, in: testArchiver)  // stores in another archiver than the type's
    /// ```
    ///
    /// - Throws: ``ArchiverError/invalidResponseObject(type:error:)`` naming where the text is
    ///   not JSON or the key path it failed at, or the error storing it.
    public static func cache(json: Data, in archiver: Archiver = Self.archiver) throws(ArchiverError) -> Self {
        let value: Self
        do {
            value = try decode(json: json)
        } catch {
            throw .invalidResponseObject(type: String(describing: Self.self), error: error)
        }
        try value.store(in: archiver)
        return value
    }
}
