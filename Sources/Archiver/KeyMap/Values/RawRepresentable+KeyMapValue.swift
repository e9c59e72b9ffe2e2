/// Enums with raw values opt in with one line, and read and write their raw value:
///
/// ```swift
/// enum Cuisine: String, CaseIterable { case soup, risotto }
/// extension Cuisine: KeyMapValue {}
///
/// try Cuisine(keyMapValue: "soup", from: .responseObject)   // .soup
/// try Cuisine(keyMapValue: "pizza", from: .responseObject)  // throws: expected Cuisine, found String "pizza"
/// ```
///
/// The placeholder is the first case of a `CaseIterable` enum, or else the case whose raw value
/// is the raw type's placeholder (`""`, `0`); an enum with neither declares ``KeyMapValue/keyMapPlaceholder``.
extension KeyMapValue where Self: RawRepresentable, RawValue: KeyMapValue {
    @inlinable
    public init(keyMapValue value: Any, from source: KeyMapSource) throws(ArchiveDecodingError) {
        let rawValue: RawValue
        do {
            rawValue = try RawValue(keyMapValue: value, from: source)
        } catch {
            throw .typeMismatch(Self.self, found: value)
        }
        guard let decoded = Self(rawValue: rawValue) else { throw .invalidValue(Self.self, found: value) }
        self = decoded
    }

    @inlinable
    public var keyMapArchiveValue: Any? { rawValue.keyMapArchiveValue }

    public static var keyMapPlaceholder: Self? {
        RawValue.keyMapPlaceholder.flatMap(Self.init(rawValue:))
    }
}

extension KeyMapValue where Self: RawRepresentable & CaseIterable, RawValue: KeyMapValue {
    public static var keyMapPlaceholder: Self? { allCases.first }
}
