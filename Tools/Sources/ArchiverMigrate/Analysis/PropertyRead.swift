/// Code the tool cannot translate faithfully, with the line that holds it and why.
struct Unconvertible: Error {
    let line: Int
    let reason: String
}

/// A value held in another model, as the hand-written code reads and writes it.
enum NestedValue: Equatable, Sendable {
    /// `Restaurant.serialized(from:withKey:)`, `restaurant.archiveValue`, `Event.Coding(event:)`.
    case single(String)
    /// `Review.serializedCollection(from:withKey:)`, `reviews.archiveValue`, `events.map(Event.Coding.init)`.
    case collection(String)

    var typeName: String {
        switch self {
        case .single(let name), .collection(let name): name
        }
    }
}

/// How a hand-written decoder reads one property.
struct PropertyRead {
    var key: String
    var line: Int
    /// The type the code asks for: `String` in `as? String`, `[Review]` for a collection helper.
    var readType: String
    var nested: NestedValue?
    /// `String` when the code converts a string: `Int(object[key] as? String ?? "") ?? 0`.
    var convertedFrom: String?
    /// The value used when the key is missing, as written.
    var defaultValue: String?
    /// Whether the decoder fails without the key (`guard let … else { return nil }`).
    var isRequired: Bool = false
    /// Whether the code force-casts (`as!`), crashing where a key map fails the decode.
    var isForceCast: Bool = false
    /// Whether a value of another type gives the default (or nil) rather than failing, as `as?`
    /// and the 0.6 helpers do: the entry then says `ifInvalid: .useDefault`.
    var isLenient: Bool = false
    /// `serializedCollection` or `unarchivedCollection`, which give `[]` for an array that holds
    /// anything but objects, where a key map keeps the array's valid elements.
    var collectionHelper: String?
    /// The type of the cast `as? T` or `as! T` that read the value, whose rules the key map's
    /// conversion may not share (see ``ReadingDifferences``).
    var castType: String?
    /// Whether the key is a path into nested dictionaries (`owner.login`), which only responses have.
    var isNestedPath = false
    /// The raw-value enum the value was made with: `Kind(rawValue: …)`.
    var enumType: String?
}

/// How a hand-written encoder writes one property.
struct PropertyWrite {
    var key: String
    var line: Int
    var nested: NestedValue?
}
