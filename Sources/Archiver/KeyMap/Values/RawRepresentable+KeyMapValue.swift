/// Enums with raw values opt in with one line, and read and write their raw value:
///
/// ```swift
/// enum Cuisine: String, CaseIterable { case soup, risotto }
/// extension Cuisine: KeyMapValue {}
///
/// enum Kind: String { case deli, bistro }     // not CaseIterable: it names any case
/// extension Kind: KeyMapValue { static var keyMapPlaceholder: Kind? { .deli } }
///
/// try Cuisine(keyMapValue: KeyMapInput("soup", from: .responseObject))   // .soup
/// try Cuisine(keyMapValue: KeyMapInput("pizza", from: .responseObject))  // throws: expected Cuisine, found String "pizza"
/// ```
///
/// An enum that names a case for values it does not know declares it as
/// ``KeyMapValue/keyMapUnknownValue``: `static var keyMapUnknownValue: Status? { .unknown }`.
///
/// A key map needs one value of every property type to learn the property names, and only the
/// enum knows its cases: the placeholder is the first case of a `CaseIterable` enum, and any
/// other raw-value type must declare ``KeyMapValue/keyMapPlaceholder``. Leaving it out is a
/// compile-time error that says so, never a map that fails at run time because `""` or `0`
/// happened not to be a raw value.
extension KeyMapValue where Self: RawRepresentable, RawValue: KeyMapValue {
    @inlinable
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        self = try decodeRawValue(Self.self, from: input)
    }

    @inlinable
    public var keyMapArchiveValue: Any? { rawValue.keyMapArchiveValue }

    @available(*, unavailable, message: "a raw-value type that is not CaseIterable names any one of its values: static var keyMapPlaceholder: Self? { .someCase }")
    public static var keyMapPlaceholder: Self? { nil }
}

extension KeyMapValue where Self: RawRepresentable & CaseIterable, RawValue: KeyMapValue {
    public static var keyMapPlaceholder: Self? { allCases.first }
}

/// Reads a raw-value type through its raw value, or its unknown value.
@inlinable
func decodeRawValue<Value: KeyMapValue & RawRepresentable>(
    _ type: Value.Type, from input: borrowing KeyMapInput
) throws(ArchiveDecodingError) -> Value where Value.RawValue: KeyMapValue {
    let rawValue: Value.RawValue
    do {
        rawValue = try Value.RawValue(keyMapValue: input)
    } catch {
        throw .typeMismatch(Value.self, found: input)
    }
    guard let decoded = Value(rawValue: rawValue) else {
        if let unknown = Value.keyMapUnknownValue { return unknown }
        throw .invalidValue(Value.self, found: input)
    }
    return decoded
}
