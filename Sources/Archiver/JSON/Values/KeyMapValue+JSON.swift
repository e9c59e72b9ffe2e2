import Foundation

extension KeyMapValue {
    /// Converts the parsed value to Foundation objects and reads it as a response object.
    public init(parsedJSON: ParsedJSON) throws(ArchiveDecodingError) {
        try self.init(keyMapValue: parsedJSON.foundationObject, from: .responseObject)
    }
}

/// Reads an element of a collection or a dictionary's value from JSON, treating null as missing,
/// as ``decodeKeyMapValue(_:from:source:)`` does for Foundation objects.
@inlinable
func decodeKeyMapValue<Value: KeyMapValue>(_ type: Value.Type, from value: ParsedJSON) throws(ArchiveDecodingError) -> Value {
    do {
        return try Value(parsedJSON: value)
    } catch {
        return try recoverKeyMapValue(Value.self, from: error, parsedJSON: value)
    }
}

@usableFromInline @inline(never)
func recoverKeyMapValue<Value: KeyMapValue>(
    _ type: Value.Type, from error: ArchiveDecodingError, parsedJSON value: ParsedJSON
) throws(ArchiveDecodingError) -> Value {
    guard value.isNull else { throw error }
    guard let missing = Value.keyMapValueWhenMissing else {
        throw ArchiveDecodingError(type: Value.self, reason: .typeMismatch(expected: Value.keyMapTypeDescription, found: "null"))
    }
    return missing
}

extension ArchiveDecodingError {
    /// The parsed value is not of a type that converts to `type`.
    @usableFromInline
    static func typeMismatch<Value: KeyMapValue>(_ type: Value.Type, found value: ParsedJSON) -> ArchiveDecodingError {
        ArchiveDecodingError(type: type, reason: .typeMismatch(expected: type.keyMapTypeDescription, found: value.description))
    }

    /// The parsed value has a type that converts to `type`, but this value does not convert losslessly.
    @usableFromInline
    static func invalidValue<Value: KeyMapValue>(_ type: Value.Type, found value: ParsedJSON) -> ArchiveDecodingError {
        ArchiveDecodingError(type: type, reason: .invalidValue(expected: type.keyMapTypeDescription, found: value.description))
    }
}
