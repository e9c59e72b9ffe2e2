import Foundation

/// An unkeyed container of ``ArchiveDecoder``, over an array of any document, read in order.
struct ArchiveUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    /// The elements after the current one.
    private var elements: KeyMapInput.Elements
    /// The element at `currentIndex`; `nil` at the end.
    private var current: KeyMapInput?
    let codingPath: [any CodingKey]
    let options: ArchiveCodingOptions
    let count: Int?
    private(set) var currentIndex = 0

    init(elements: KeyMapInput.Elements, codingPath: [any CodingKey], options: ArchiveCodingOptions) {
        var elements = elements
        count = elements.count
        current = elements.next()
        self.elements = elements
        self.codingPath = codingPath
        self.options = options
    }

    var isAtEnd: Bool { current == nil }

    private var currentPath: [any CodingKey] { codingPath + [ArchiveCodingKey(index: currentIndex)] }

    private mutating func advance() {
        currentIndex += 1
        current = elements.next()
    }

    mutating func decodeNil() throws -> Bool {
        guard let current else { throw ArchiveValueDecoder.missing(Optional<Any>.self, codingPath: currentPath) }
        guard current.isNull else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeNext(type) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeNext(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeNext(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeNext(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeNext(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeNext(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeNext(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeNext(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeNext(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeNext(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeNext(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeNext(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeNext(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeNext(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeNext(type) }

    private mutating func decodeNext<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = try nextDecoder(expected: type)
        let value = try ArchiveValueDecoder.unbox(decoder.input, as: type, codingPath: decoder.codingPath, options: options)
        advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try nextDecoder(expected: [String: Any].self).container(keyedBy: type)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try nextDecoder(expected: [Any].self).unkeyedContainer()
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try nextDecoder(expected: Any.self)
        advance()
        return decoder
    }

    private func nextDecoder(expected type: Any.Type) throws -> ArchiveValueDecoder {
        guard let current else { throw ArchiveValueDecoder.missing(type, codingPath: currentPath) }
        return ArchiveValueDecoder(input: current, codingPath: currentPath, options: options)
    }
}
