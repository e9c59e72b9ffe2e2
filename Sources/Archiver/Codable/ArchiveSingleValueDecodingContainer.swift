import Foundation

/// The single-value container of ``ArchiveDecoder``, over one value of any document.
struct ArchiveSingleValueDecodingContainer: SingleValueDecodingContainer {
    let input: KeyMapInput
    let codingPath: [any CodingKey]
    let options: ArchiveCodingOptions

    func decodeNil() -> Bool { input.isNull }

    func decode(_ type: Bool.Type) throws -> Bool { try ArchiveValueDecoder.unbox(input, through: type, codingPath: codingPath, options: options) }
    func decode(_ type: String.Type) throws -> String { try ArchiveValueDecoder.unbox(input, through: type, codingPath: codingPath, options: options) }
    func decode(_ type: Double.Type) throws -> Double { try ArchiveValueDecoder.unbox(input, through: type, codingPath: codingPath, options: options) }
    func decode(_ type: Float.Type) throws -> Float { try ArchiveValueDecoder.unbox(input, through: type, codingPath: codingPath, options: options) }
    func decode(_ type: Int.Type) throws -> Int { try ArchiveValueDecoder.unbox(input, through: type, codingPath: codingPath, options: options) }
    func decode(_ type: Int8.Type) throws -> Int8 { try ArchiveValueDecoder.unbox(input, through: type, codingPath: codingPath, options: options) }
    func decode(_ type: Int16.Type) throws -> Int16 { try ArchiveValueDecoder.unbox(input, through: type, codingPath: codingPath, options: options) }
    func decode(_ type: Int32.Type) throws -> Int32 { try ArchiveValueDecoder.unbox(input, through: type, codingPath: codingPath, options: options) }
    func decode(_ type: Int64.Type) throws -> Int64 { try ArchiveValueDecoder.unbox(input, through: type, codingPath: codingPath, options: options) }
    func decode(_ type: UInt.Type) throws -> UInt { try ArchiveValueDecoder.unbox(input, through: type, codingPath: codingPath, options: options) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try ArchiveValueDecoder.unbox(input, through: type, codingPath: codingPath, options: options) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try ArchiveValueDecoder.unbox(input, through: type, codingPath: codingPath, options: options) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try ArchiveValueDecoder.unbox(input, through: type, codingPath: codingPath, options: options) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try ArchiveValueDecoder.unbox(input, through: type, codingPath: codingPath, options: options) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    private func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        try ArchiveValueDecoder.unbox(input, as: type, codingPath: codingPath, options: options)
    }
}
