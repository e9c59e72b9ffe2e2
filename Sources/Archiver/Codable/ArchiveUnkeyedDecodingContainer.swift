import Foundation

/// An unkeyed container of ``ArchiveDecoder``, over an array.
struct ArchiveUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let array: [Any]
    let codingPath: [any CodingKey]
    let options: ArchiveCodingOptions
    private(set) var currentIndex = 0

    init(array: [Any], codingPath: [any CodingKey], options: ArchiveCodingOptions) {
        self.array = array
        self.codingPath = codingPath
        self.options = options
    }

    var count: Int? { array.count }
    var isAtEnd: Bool { currentIndex >= array.count }

    private var currentPath: [any CodingKey] { codingPath + [ArchiveCodingKey(index: currentIndex)] }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw ArchiveValueDecoder.missing(Optional<Any>.self, codingPath: currentPath) }
        guard isNull(array[currentIndex]) else { return false }
        currentIndex += 1
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
        let value = try ArchiveValueDecoder.unbox(decoder.value, as: type, codingPath: decoder.codingPath, options: options)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try nextDecoder(expected: [String: Any].self).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try nextDecoder(expected: [Any].self).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try nextDecoder(expected: Any.self)
        currentIndex += 1
        return decoder
    }

    private func nextDecoder(expected type: Any.Type) throws -> ArchiveValueDecoder {
        guard !isAtEnd else { throw ArchiveValueDecoder.missing(type, codingPath: currentPath) }
        return ArchiveValueDecoder(value: array[currentIndex], codingPath: currentPath, options: options)
    }
}
