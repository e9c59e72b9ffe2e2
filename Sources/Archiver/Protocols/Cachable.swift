/// A value that is built from a server response and stored in one step.
///
/// Types that are ``Serializable`` and ``Archivable`` only have to declare the conformance.
///
/// ```swift
/// extension User: Cachable {}
///
/// guard let user = User(responseObject: json, shouldArchive: true) else { return }
/// // user is built from json, and stored at …/User/<user.id>.plist
/// ```
public protocol Cachable: Archivable, Serializable {
    /// Creates a value from a response object and, if `shouldArchive` is `true`, stores it.
    init?(responseObject: ResponseObject, shouldArchive: Bool)
}

extension Cachable {
    public init?(responseObject: ResponseObject, shouldArchive: Bool) {
        self.init(responseObject: responseObject)
        if shouldArchive {
            storeArchive()
        }
    }

    /// Builds a value from a response object and stores it, throwing an error that says why
    /// when either step fails.
    ///
    /// ```swift
    /// let user = try User.cache(responseObject: json)
    /// try User.cache(responseObject: json, in: testArchiver)  // stores in another archiver than the type's
    /// ```
    ///
    /// - Throws: ``ArchiverError/invalidResponseObject(type:error:)`` naming the key path the
    ///   response object failed at, or the error storing it.
    public static func cache(responseObject: ResponseObject, in archiver: Archiver = Self.archiver) throws(ArchiverError) -> Self {
        let value: Self
        do {
            value = try decode(responseObject: responseObject)
        } catch {
            throw .invalidResponseObject(type: String(describing: Self.self), error: error)
        }
        try value.store(in: archiver)
        return value
    }

    /// Builds and stores a value for each response object in the array under `key`; invalid
    /// elements are dropped.
    ///
    /// ```swift
    /// let restaurants = Restaurant.archivedCollection(from: json, withKey: "restaurants")
    /// ```
    public static func archivedCollection(from responseObject: ResponseObject, withKey key: String) -> [Self] {
        guard let responseObjects = responseObject[key] as? [ResponseObject] else { return [] }
        return archivedCollection(from: responseObjects)
    }

    /// Builds and stores a value for each response object; invalid elements are dropped.
    public static func archivedCollection(from responseObjects: [ResponseObject]) -> [Self] {
        responseObjects.compactMap { Self(responseObject: $0, shouldArchive: true) }
    }
}
