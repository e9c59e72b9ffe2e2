import Foundation

/// The `Decoder` that ``ArchiveDecoder`` hands to `init(from:)`: one per place in the document.
///
/// It reads a ``KeyMapInput``, whatever its document: a dictionary's Foundation objects, a JSON
/// text's tokens or a binary property list's objects, so that a Codable type loads from a file
/// with no `[String: Any]` on the way. Every leaf goes to its type's ``KeyMapValue`` rule, the
/// one rule for converting it whichever door a value came through.
struct ArchiveValueDecoder: Decoder {
    let input: KeyMapInput
    let codingPath: [any CodingKey]
    let options: ArchiveCodingOptions

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if input.isPlaceholder {
            return KeyedDecodingContainer(ArchiveKeyedDecodingContainer<Key>(
                placeholder: input, codingPath: codingPath, options: options))
        }
        guard let container = ArchiveKeyedDecodingContainer<Key>(input, codingPath: codingPath, options: options) else {
            throw Self.mismatch([String: Any].self, expected: "dictionary", found: input, codingPath: codingPath)
        }
        return KeyedDecodingContainer(container)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if input.isPlaceholder {
            return ArchiveUnkeyedDecodingContainer(elements: Self.noElements(input), codingPath: codingPath, options: options)
        }
        guard let elements = try? input.elements(for: [Any].self, expected: "array") else {
            throw Self.mismatch([Any].self, expected: "array", found: input, codingPath: codingPath)
        }
        return ArchiveUnkeyedDecodingContainer(elements: elements, codingPath: codingPath, options: options)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ArchiveSingleValueDecodingContainer(input: input, codingPath: codingPath, options: options)
    }

    /// The elements of an empty array: what a placeholder's unkeyed container holds.
    private static func noElements(_ input: KeyMapInput) -> KeyMapInput.Elements {
        // An empty array's elements cannot fail.
        try! input.child(object: [Any]()).elements(for: [Any].self, expected: "array")
    }

    /// `value` as a dictionary with string keys. Foundation on Linux hands nested dictionaries
    /// over as `[AnyHashable: Any]`.
    static func dictionary(_ value: Any) -> [String: Any]? {
        if let dictionary = value as? [String: Any] { return dictionary }
        guard let hashed = value as? [AnyHashable: Any] else { return nil }
        var dictionary = [String: Any](minimumCapacity: hashed.count)
        for (key, element) in hashed {
            guard let key = key.base as? String else { return nil }
            dictionary[key] = element
        }
        return dictionary
    }

    // MARK: Values

    /// The `type` value that `input` describes: through the type's ``KeyMapValue`` conformance
    /// when it has one, the one rule for converting it whichever door a value came through, and
    /// otherwise through its own `init(from:)`.
    static func unbox<T: Decodable>(
        _ input: KeyMapInput, as type: T.Type, codingPath: [any CodingKey], options: ArchiveCodingOptions
    ) throws -> T {
        if let tableType = type as? any KeyMapValue.Type {
            guard let typed = try unbox(input, through: tableType, codingPath: codingPath, options: options) as? T else {
                throw mismatch(type, expected: String(describing: type), found: input, codingPath: codingPath)
            }
            return typed
        }
        if input.isNull, !(type is any ExpressibleByNilLiteral.Type) {
            throw missing(type, codingPath: codingPath)
        }
        if input.isPlaceholder, codingPath.count >= Placeholder.maximumDepth {
            throw missing(type, codingPath: codingPath)
        }
        return try ValueNesting.descend(orElse: { (refusal) throws -> T in throw refused(type, refusal, codingPath: codingPath) }) { () throws -> T in
            try T(from: ArchiveValueDecoder(input: input, codingPath: codingPath, options: options))
        }
    }

    /// `input` converted by `type`'s conformance; a placeholder becomes the type's placeholder.
    static func unbox<Value: KeyMapValue>(
        _ input: KeyMapInput, through type: Value.Type, codingPath: @autoclosure () -> [any CodingKey], options: ArchiveCodingOptions
    ) throws -> Value {
        if input.isPlaceholder {
            guard let placeholder = Value.keyMapPlaceholder else { throw missing(type, codingPath: codingPath()) }
            return placeholder
        }
        do {
            return try decodeKeyMapValue(Value.self, from: input)
        } catch {
            throw decodingError(error, codingPath: codingPath())
        }
    }

    /// `type` decoded by its own `init(from:)`, not by its ``KeyMapValue`` conformance: what a
    /// Codable type's conformance does, so that the table hands it back to Codable only once.
    /// It reads `input` in place, in whatever document it is.
    static func decodeOwnCodable<Value: Decodable>(_ type: Value.Type, from input: borrowing KeyMapInput) throws(ArchiveDecodingError) -> Value {
        var options = ArchiveCodingOptions.current ?? ArchiveCodingOptions()
        options.source = input.source
        let input = copy input
        do {
            return try ValueNesting.descend(orElse: { (refusal) throws -> Value in throw refused(type, refusal, codingPath: []) }) { () throws -> Value in
                try Value(from: ArchiveValueDecoder(input: input, codingPath: [], options: options))
            }
        } catch {
            throw ArchiveDecodingError(decoding: type, error: error)
        }
    }

    /// Any value of `type`, built by answering every request with the placeholder of the type
    /// asked for (``KeyMapValue/keyMapPlaceholder``: `""`, `0`, `false`, an enum's first case),
    /// an empty array, or `nil` for an optional; `nil` if the type refuses them all.
    ///
    /// A key map learns a type's property names by reflecting one instance of each property
    /// type, and a Codable type used as a property has no value of its own to offer.
    static func placeholder<Value: Decodable>(_ type: Value.Type) -> Value? {
        // Placeholders of nested types can lead back here (A holds B, B holds A); the depth
        // across those calls is bounded as well as the depth within one.
        guard Placeholder.nesting < Placeholder.maximumDepth else { return nil }
        return Placeholder.$nesting.withValue(Placeholder.nesting + 1) {
            try? Value(from: ArchiveValueDecoder(input: KeyMapInput(Placeholder(), from: .archive), codingPath: [], options: ArchiveCodingOptions()))
        }
    }

    // MARK: Errors

    /// A failure of the table as the `DecodingError` a Codable caller expects, its path
    /// continuing the coding path and its reason kept whole for ``ArchiveDecodingError``.
    static func decodingError(_ error: ArchiveDecodingError, codingPath: [any CodingKey]) -> DecodingError {
        let path = codingPath + error.path.map(ArchiveCodingKey.init)
        return .dataCorrupted(.init(codingPath: path, debugDescription: error.reason.description,
                                    underlyingError: ArchiveDecodingDetail(reason: error.reason)))
    }

    static func mismatch(_ type: Any.Type, expected: String, found input: KeyMapInput, codingPath: [any CodingKey]) -> DecodingError {
        let reason = ArchiveDecodingError.Reason.typeMismatch(expected: expected, found: input.description)
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: reason.description,
                                         underlyingError: ArchiveDecodingDetail(reason: reason)))
    }

    static func invalid(_ type: Any.Type, found input: KeyMapInput, codingPath: [any CodingKey]) -> DecodingError {
        let reason = ArchiveDecodingError.Reason.invalidValue(
            expected: String(describing: type), found: input.description)
        return .dataCorrupted(.init(codingPath: codingPath, debugDescription: reason.description,
                                    underlyingError: ArchiveDecodingDetail(reason: reason)))
    }

    static func missing(_ type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        let reason = ArchiveDecodingError.Reason.missingValue(expected: String(describing: type))
        return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: reason.description,
                                          underlyingError: ArchiveDecodingDetail(reason: reason)))
    }

    /// A value nested deeper than ``ValueNesting/limit`` levels, or with no thread to go on.
    static func refused(_ type: Any.Type, _ refusal: ValueNesting.Refusal, codingPath: [any CodingKey]) -> DecodingError {
        let reason: ArchiveDecodingError.Reason = switch refusal {
        case .tooDeep: .nestedTooDeep(limit: ValueNesting.limit)
        case .threadUnavailable(let failure): .custom(failure.description)
        }
        return .dataCorrupted(.init(codingPath: codingPath, debugDescription: reason.description,
                                    underlyingError: ArchiveDecodingDetail(reason: reason)))
    }

    static func keyNotFound(_ key: any CodingKey, expected type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        let reason = ArchiveDecodingError.Reason.missingValue(expected: String(describing: type))
        return .keyNotFound(key, .init(codingPath: codingPath, debugDescription: reason.description,
                                       underlyingError: ArchiveDecodingDetail(reason: reason)))
    }
}

/// The value a placeholder is built from: every key present, every value the cheapest of its type.
struct Placeholder {
    /// The deepest nesting tried before giving up, against self-referencing types.
    static let maximumDepth = 32

    @TaskLocal static var nesting = 0
}

extension KeyMapInput {
    /// Whether this is the anything a placeholder is built from (``Placeholder``).
    var isPlaceholder: Bool {
        door == .object && type(of: object) == Placeholder.self
    }

    /// The value of a dictionary's member named `name`; of the last member so named in a parsed
    /// document, as in the dictionary a load used to build. `nil` when there is none, or when
    /// this is no dictionary. A parsed document's keys are read one by one, last first.
    func member(named name: String) -> KeyMapInput? {
        switch door {
        case .object:
            return ArchiveValueDecoder.dictionary(object)?[name].map { child(object: $0) }
        case .json:
            let json = json
            guard json.tokens[index].kind == .object else { return nil }
            var found: Int?
            var member = index + 1
            let end = Int(json.tokens[index].next)
            while member < end {
                if json.string(at: member) == name { found = member + 1 }
                member = Int(json.tokens[member + 1].next)
            }
            return found.map { child(index: $0) }
        case .propertyList:
            let document = propertyList
            guard document.kind(of: index) == .dictionary else { return nil }
            let members = document.members(of: index)
            var position = members.count
            while position > 0 {
                position -= 1
                if document.string(at: members.keys[position]) == name { return child(index: members.values[position]) }
            }
            return nil
        }
    }

    /// How many distinct keys a dictionary has; 0 for any other value.
    var memberCount: Int {
        switch door {
        case .object:
            return ArchiveValueDecoder.dictionary(object)?.count ?? 0
        case .json, .propertyList:
            guard let members = try? members(for: [String: Any].self, expected: "dictionary") else { return 0 }
            return Set(members.lazy.map(\.key)).count
        }
    }
}
