import Foundation

/// A server response object: a dictionary as `JSONSerialization` produces it.
public typealias ResponseObject = [String: Any]

/// A type that can be built from a server response object.
///
/// Conform by writing ``init(responseObject:)``, or derive it from a ``KeyMap``.
///
/// ```swift
/// extension Restaurant: Serializable {
///     init?(responseObject: ResponseObject) {
///         guard let id = responseObject["id"] as? String,
///               let name = responseObject["name"] as? String else { return nil }
///         self.init(id: id, name: name)
///     }
/// }
///
/// let restaurant = Restaurant(responseObject: ["id": "abcd-1234", "name": "Monk's Café"])
/// // Restaurant(id: "abcd-1234", name: "Monk's Café")
/// ```
public protocol Serializable {
    /// Creates a value from a response object, or returns `nil` if it does not describe one.
    init?(responseObject: ResponseObject)

    /// Creates a value from a response object, throwing an error that says why when it cannot.
    ///
    /// The default calls ``init(responseObject:)`` and throws
    /// ``ArchiveDecodingError/Reason/rejected(initializer:)`` when it returns `nil`. Derived conformances
    /// override it to name the key path, what was expected and what was found.
    ///
    /// ```swift
    /// do {
    ///     let user = try User.decode(responseObject: json)
    /// } catch let error as ArchiveDecodingError {
    ///     print(error)  // User.user_reviews[1].restaurant.id: expected String, found nothing
    /// }
    /// ```
    static func decode(responseObject: ResponseObject) throws(ArchiveDecodingError) -> Self
}

extension Serializable {
    public static func decode(responseObject: ResponseObject) throws(ArchiveDecodingError) -> Self {
        guard let value = Self(responseObject: responseObject) else {
            throw ArchiveDecodingError(type: Self.self, reason: .rejected(initializer: "init?(responseObject:)"))
        }
        return value
    }

    /// The value under `key` of a response object, or `nil` if it is missing or invalid.
    ///
    /// ```swift
    /// let restaurant = Restaurant.serialized(from: ["restaurant": ["id": "a", "name": "b"]],
    ///                                        withKey: "restaurant")
    /// ```
    public static func serialized(from responseObject: ResponseObject, withKey key: String) -> Self? {
        guard let nested = responseObject[key] as? ResponseObject else { return nil }
        return Self(responseObject: nested)
    }

    /// The values of the array of response objects under `key`; invalid elements are dropped.
    ///
    /// Returns an empty array when the key is missing or does not hold an array of dictionaries.
    ///
    /// ```swift
    /// let restaurants = Restaurant.serializedCollection(from: json, withKey: "restaurants")
    /// ```
    public static func serializedCollection(from responseObject: ResponseObject, withKey key: String) -> [Self] {
        guard let responseObjects = responseObject[key] as? [ResponseObject] else { return [] }
        return serializedCollection(from: responseObjects)
    }

    /// The values of an array of response objects; invalid elements are dropped.
    ///
    /// Use ``decodeCollection(responseObjects:)`` to learn why an element was dropped.
    public static func serializedCollection(from responseObjects: [ResponseObject]) -> [Self] {
        responseObjects.compactMap { Self(responseObject: $0) }
    }

    /// The values of an array of response objects, and why invalid elements were dropped (the
    /// first 100 with their reasons, the rest counted in ``CollectionDecodingResult/failureCount``).
    ///
    /// ```swift
    /// let result = Review.decodeCollection(responseObjects: reviewsJSON)
    /// for failure in result.failures { print(failure) }  // [2]: Review.restaurant: …
    /// ```
    public static func decodeCollection(responseObjects: [ResponseObject]) -> CollectionDecodingResult<Self> {
        CollectionDecodingResult(decoding: responseObjects, with: decode(responseObject:))
    }
}
