import Foundation

extension Cachable {
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
