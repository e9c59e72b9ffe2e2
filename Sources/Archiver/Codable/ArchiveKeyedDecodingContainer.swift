import Foundation

/// A keyed container of ``ArchiveDecoder``, over a dictionary of any document: a Foundation
/// dictionary is kept as it is; a JSON object or a property list's dictionary is read in place,
/// a key looked up among its members (one pass building a small index when it has many).
struct ArchiveKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The dictionary, in its document.
    let input: KeyMapInput
    /// The Foundation dictionary, for the object door; empty otherwise.
    let dictionary: [String: Any]
    /// Each key's value (the last member's, for a key given twice), for a parsed document's
    /// dictionary of more than ``indexedCount`` members; `nil` otherwise.
    let index: [String: KeyMapInput]?
    let codingPath: [any CodingKey]
    let options: ArchiveCodingOptions
    /// Building a placeholder: no key is present, yet a value asked for is the placeholder of its type.
    let isPlaceholder: Bool

    /// Up to this many members, a key is looked for by reading the members' keys, last first.
    static var indexedCount: Int { 8 }

    /// The container of `input`, or `nil` when it is no dictionary.
    init?(_ input: KeyMapInput, codingPath: [any CodingKey], options: ArchiveCodingOptions) {
        let count: Int
        switch input.door {
        case .object:
            guard let dictionary = ArchiveValueDecoder.dictionary(input.object) else { return nil }
            self.dictionary = dictionary
            count = 0
        case .json:
            let token = input.json.tokens[input.index]
            guard token.kind == .object else { return nil }
            dictionary = [:]
            count = Int(token.length)
        case .propertyList:
            guard input.propertyList.kind(of: input.index) == .dictionary else { return nil }
            dictionary = [:]
            count = input.propertyList.count(of: input.index)
        }
        var index: [String: KeyMapInput]?
        if count > Self.indexedCount, let members = try? input.members(for: [String: Any].self, expected: "dictionary") {
            var built = [String: KeyMapInput](minimumCapacity: count)
            for (key, value) in members { built[key] = value }
            index = built
        }
        self.input = input
        self.index = index
        self.codingPath = codingPath
        self.options = options
        isPlaceholder = false
    }

    /// The container of a placeholder: every key reads as the placeholder.
    init(placeholder input: KeyMapInput, codingPath: [any CodingKey], options: ArchiveCodingOptions) {
        self.input = input.child(object: [String: Any]())
        dictionary = [:]
        index = nil
        self.codingPath = codingPath
        self.options = options
        isPlaceholder = true
    }

    /// The value under the dictionary key `name`.
    func value(forKey name: String) -> KeyMapInput? {
        if let index { return index[name] }
        if input.door == .object { return dictionary[name].map { input.child(object: $0) } }
        return input.member(named: name)
    }

    /// The value under `key`, or a placeholder's anything.
    @inline(__always)
    private func value(forKey key: Key) -> KeyMapInput? {
        value(forKey: options.key(key)) ?? (isPlaceholder ? input.child(object: Placeholder()) : nil)
    }

    /// The dictionary's keys; under a key strategy, those that are some key's transform, as they were
    /// (a strategy such as snake case cannot be undone for every name).
    var allKeys: [Key] {
        switch input.door {
        case .object:
            return dictionary.keys.compactMap { Key(stringValue: $0) }
        case .json, .propertyList:
            guard let members = try? input.members(for: [String: Any].self, expected: "dictionary") else { return [] }
            var seen = Set<String>()
            return members.compactMap { seen.insert($0.key).inserted ? Key(stringValue: $0.key) : nil }
        }
    }

    func contains(_ key: Key) -> Bool { value(forKey: options.key(key)) != nil }

    /// A missing key and a null both read as nil: property lists have no null, so an archive
    /// leaves the key out, and JSON and `JSONSerialization` give one.
    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = value(forKey: options.key(key)) else { return true }
        return value.isNull
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeThroughTable(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeThroughTable(type, forKey: key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decodeValue(type, forKey: key) }

    /// The primitives' path: their conformance, called directly, with the coding path built only
    /// for an error.
    @inline(__always)
    private func decodeThroughTable<T: KeyMapValue>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let value = value(forKey: key) else {
            throw ArchiveValueDecoder.keyNotFound(key, expected: type, codingPath: codingPath)
        }
        return try ArchiveValueDecoder.unbox(value, through: type, codingPath: codingPath + [key], options: options)
    }

    private func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let value = value(forKey: key) else {
            throw ArchiveValueDecoder.keyNotFound(key, expected: type, codingPath: codingPath)
        }
        return try ArchiveValueDecoder.unbox(value, as: type, codingPath: codingPath + [key], options: options)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(forKey: key, expected: [String: Any].self).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(forKey: key, expected: [Any].self).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ArchiveValueDecoder(input: value(forKey: ArchiveCodingKey.super.stringValue) ?? absent,
                            codingPath: codingPath + [ArchiveCodingKey.super], options: options)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ArchiveValueDecoder(input: value(forKey: options.key(key)) ?? absent, codingPath: codingPath + [key], options: options)
    }

    /// What a super decoder reads where its key is missing: nothing, or a placeholder's anything.
    private var absent: KeyMapInput { input.child(object: isPlaceholder ? Placeholder() as Any : NSNull()) }

    private func decoder(forKey key: Key, expected type: Any.Type) throws -> ArchiveValueDecoder {
        guard let value = value(forKey: key) else {
            throw ArchiveValueDecoder.keyNotFound(key, expected: type, codingPath: codingPath)
        }
        return ArchiveValueDecoder(input: value, codingPath: codingPath + [key], options: options)
    }
}
