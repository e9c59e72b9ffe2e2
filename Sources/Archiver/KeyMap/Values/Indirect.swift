/// A value held by reference, so that a model can hold another of its own type: a status that
/// reblogs a status, a comment that answers a comment.
///
/// Swift lays a struct's stored properties out inline, so `let reblog: Status?` inside `Status`
/// does not compile ("value type has infinitely recursive size"). `Indirect` holds the value in a
/// small immutable box instead; arrays (`[Status]`) need no box, since an array's elements are
/// already out of line. Reading goes through ``value``, or straight to a property of it:
///
/// ```swift
/// struct Status { let id: String; let text: String; let reblog: Indirect<Status>? }
///
/// extension Status: KeyMapped {
///     static let keyMap = KeyMap(Status.init)
/// }
///
/// let status = try Status.decode(json: #"{"id": "2", "text": "", "reblog": {"id": "1", "text": "hi"}}"#)
/// status.reblog?.value.id  // "1"
/// status.reblog?.text      // "hi"
/// ```
///
/// A key map reads and archives it as its value: the server's and the archive's forms are the
/// value's own, so a model gains or loses the box without changing a file.
@dynamicMemberLookup
public struct Indirect<Wrapped> {
    /// Immutable, so that copies of an `Indirect` share it safely.
    private final class Box {
        let value: Wrapped
        init(_ value: Wrapped) { self.value = value }
    }

    private let box: Box

    /// Boxes `value`.
    ///
    /// ```swift
    /// Status(id: "2", text: "", reblog: Indirect(original))
    /// ```
    public init(_ value: Wrapped) {
        box = Box(value)
    }

    /// The boxed value.
    ///
    /// ```swift
    /// status.reblog?.value  // the reblogged Status
    /// ```
    public var value: Wrapped { box.value }

    /// A property of the boxed value.
    ///
    /// ```swift
    /// status.reblog?.text  // the reblogged status's text
    /// ```
    public subscript<Property>(dynamicMember keyPath: KeyPath<Wrapped, Property>) -> Property {
        box.value[keyPath: keyPath]
    }
}

// The box is immutable and holds a `Sendable` value.
extension Indirect: @unchecked Sendable where Wrapped: Sendable {}

extension Indirect: Equatable where Wrapped: Equatable {
    /// Whether the two boxed values are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
}

extension Indirect: Hashable where Wrapped: Hashable {
    /// Hashes the boxed value.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension Indirect: CustomStringConvertible {
    /// The boxed value's description.
    public var description: String { String(describing: value) }
}

extension Indirect: Encodable where Wrapped: Encodable {
    /// Encodes the boxed value in the box's place, as if there were no box.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension Indirect: Decodable where Wrapped: Decodable {
    /// Decodes the value the box holds from the box's place.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(Wrapped.self))
    }
}
