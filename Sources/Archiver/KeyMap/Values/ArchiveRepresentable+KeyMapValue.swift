/// Hand-written ``ArchiveRepresentable`` types opt in as properties of key-mapped types with one
/// conformance and a placeholder (any value of the type):
///
/// ```swift
/// extension Restaurant: KeyMapValue {   // Restaurant: Serializable, ArchiveRepresentable, by hand
///     static var keyMapPlaceholder: Restaurant? { Restaurant(id: "", name: "") }
/// }
/// ```
///
/// From archives they read with ``ArchiveRepresentable/decode(archive:)``; from response objects
/// with ``Serializable/decode(responseObject:)``, which a type that is not ``Serializable``
/// cannot do. Without a declared placeholder the type is tried with an empty archive.
extension KeyMapValue where Self: ArchiveRepresentable {
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        // A hand-written conformance reads a dictionary: the value's own, or one built from the document.
        guard input.isDictionary, let dictionary = try input.foundationObject as? [String: Any] else {
            throw .typeMismatch(Self.self, found: input)
        }
        switch input.source {
        case .archive:
            self = try Self.decode(archive: dictionary)
        case .responseObject:
            guard let serializable = Self.self as? any Serializable.Type else {
                throw ArchiveDecodingError(type: Self.self, reason: .custom("\(Self.self) is not Serializable, so it cannot be read from a response object"))
            }
            guard let decoded = try serializable.decode(responseObject: dictionary) as? Self else {
                throw ArchiveDecodingError(type: Self.self, reason: .rejected(initializer: "decode(responseObject:)"))
            }
            self = decoded
        }
    }

    public var keyMapArchiveValue: Any? { archiveValue }

    public static var keyMapPlaceholder: Self? { Self(archive: [:]) }
}
