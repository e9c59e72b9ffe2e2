import Foundation
import Testing
@testable import Archiver

/// Parses JSON text as an app would, so that tests see `NSNumber`, `NSNull` and nested
/// dictionaries exactly as `JSONSerialization` produces them.
func responseObject(_ json: String) throws -> ResponseObject {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
    return try #require(object as? ResponseObject)
}

/// Whether two archives hold the same property-list values, key for key, at every depth.
///
/// Written out rather than `NSDictionary.isEqual(to:)`, which on Linux does not compare nested
/// Swift dictionaries by value.
func sameArchive(_ lhs: Archive, _ rhs: Archive) -> Bool {
    samePropertyListValue(lhs, rhs)
}

func samePropertyListValue(_ lhs: Any, _ rhs: Any) -> Bool {
    PropertyListDiff.isEqual(lhs, rhs)
}

/// An archive as it comes back from disk: written as a binary property list and read again.
func throughPropertyList(_ archive: Archive) throws -> Archive {
    let data = try PropertyListSerialization.data(fromPropertyList: archive, format: .binary, options: 0)
    return try PropertyListCoding.archive(from: data)
}

/// The decoding error `body` throws, or a recorded failure.
func decodingError<T>(_ body: () throws(ArchiveDecodingError) -> T, sourceLocation: SourceLocation = #_sourceLocation) -> ArchiveDecodingError? {
    do {
        _ = try body()
        Issue.record("expected an ArchiveDecodingError", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Expects `Model`'s key map to be valid, recording its problems in words if not.
func expectValidKeyMap<Model: KeyMapped>(_ type: Model.Type, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        try type.validateKeyMap()
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
    }
}

// MARK: A model with every supported property type

enum Cuisine: String, CaseIterable { case soup, risotto, bread }
extension Cuisine: KeyMapValue {}

/// Not `CaseIterable`: it names its placeholder, which the compiler insists on.
enum Priority: Int { case low = 0, high = 1, urgent = 2 }
extension Priority: KeyMapValue { static var keyMapPlaceholder: Priority? { .low } }

struct KeyMappedEverything: Equatable {
    let text: String
    let flag: Bool
    let int: Int
    let int8: Int8
    let int16: Int16
    let int32: Int32
    let int64: Int64
    let uint: UInt
    let uint8: UInt8
    let uint16: UInt16
    let uint32: UInt32
    let uint64: UInt64
    let double: Double
    let float: Float
    let decimal: Decimal
    let date: Date
    let data: Data
    let url: URL
    let uuid: UUID
    let note: String?
    let numbers: [Int]
    let tags: Set<String>
    let scores: [String: Double]
    let cuisine: Cuisine
    let priority: Priority
    let restaurants: [Derived.Restaurant]
    let favorite: Derived.Restaurant?
}

extension KeyMappedEverything: KeyMapped { static let keyMap = KeyMap(KeyMappedEverything.init) }

/// The same model again as a type of its own.
struct FastEverything: Equatable {
    let text: String
    let flag: Bool
    let int: Int
    let uint64: UInt64
    let double: Double
    let decimal: Decimal
    let date: Date
    let url: URL
    let note: String?
    let tags: Set<String>
    let cuisine: Cuisine
    let restaurants: [Derived.Restaurant]
}

extension FastEverything: KeyMapped {
    static let keyMap = KeyMap(FastEverything.init, serverKeys: .snakeCase, [
        .property(\.note, server: "remark"),
    ])
}
