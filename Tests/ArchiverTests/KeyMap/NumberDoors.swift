import Foundation
import Testing
@testable import Archiver

/// Every door a number or a date is read through, for checks that each gives the same answer:
/// the JSON text, `JSONSerialization`'s object as a response and as an archive dictionary, a
/// binary property list written from that object, and the Codable bridge over the text and over
/// the object.
enum NumberDoor: String, CaseIterable, Sendable, CustomStringConvertible {
    case json = "decode(json:)"
    case responseObject = "decode(responseObject:)"
    case archiveDictionary = "decode(archive:)"
    case archivedData = "init(archivedData:)"
    case codableJSON = "Codable decode(json:)"
    case codableObject = "ArchiveDecoder"

    var description: String { rawValue }

    /// What a door gave for one value.
    enum Outcome<Value: Equatable>: Equatable, CustomStringConvertible {
        case value(Value)
        case error(String)
        /// The door cannot carry the value as the text has it (a property list has no number
        /// `JSONSerialization` kept as a decimal beyond `Int64`), so it has nothing to say.
        case notCarried

        var description: String {
            switch self {
            case .value(let value): "value \(value)"
            case .error(let message): "error \(message)"
            case .notCarried: "not carried"
            }
        }

        var isError: Bool { if case .error = self { true } else { false } }
    }

    /// A Codable model of one property, read through the Codable bridge.
    struct CodableSlot<Value: Codable & Equatable>: Codable, Equatable, ArchiveCodable, Serializable {
        let v: Value
    }

    /// Reads `{"v": value}` as a `Value` through this door.
    func read<Value: KeyMapValue & Codable & Equatable>(_ type: Value.Type, _ value: String) -> Outcome<Value> {
        let json = Data(#"{"v": \#(value)}"#.utf8)
        do {
            switch self {
            case .json:
                return .value(try DocumentDoorsTests.Slot<Value>.decode(json: json).v)
            case .codableJSON:
                return .value(try CodableSlot<Value>.decode(json: json).v)
            case .responseObject, .archiveDictionary, .archivedData, .codableObject:
                guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return .notCarried }
                switch self {
                case .responseObject: return .value(try DocumentDoorsTests.Slot<Value>.decode(responseObject: object).v)
                case .archiveDictionary: return .value(try DocumentDoorsTests.Slot<Value>.decode(archive: object).v)
                case .codableObject: return .value(try ArchiveDecoder().decode(CodableSlot<Value>.self, from: object).v)
                default:
                    guard (try? DocumentDoorsTests().propertyListHoldsTheSameContent(json)) == true,
                          let data = try? PropertyListCoding.data(for: object) else { return .notCarried }
                    return .value(try DocumentDoorsTests.Slot<Value>(archivedData: data).v)
                }
            }
        } catch {
            return .error(String(describing: error))
        }
    }

    /// The doors that read the JSON text itself, for numbers whose text `JSONSerialization`
    /// already rounds (`9007199254740993e0` is a `Double` to it, 9007199254740992).
    static let textDoors: [NumberDoor] = [.json, .codableJSON]

    /// Checks that every door of `doors` reads `value` as `expected`, or refuses it when
    /// `expected` is `nil`.
    static func expect<Value: KeyMapValue & Codable & Equatable>(
        _ type: Value.Type, _ value: String, _ expected: Value?, through doors: [NumberDoor] = allCases,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for door in doors {
            let outcome = door.read(type, value)
            if outcome == .notCarried { continue }
            if let expected {
                #expect(outcome == .value(expected), "\(value) as \(Value.self) through \(door)", sourceLocation: sourceLocation)
            } else {
                #expect(outcome.isError, "\(value) as \(Value.self) through \(door): \(outcome)", sourceLocation: sourceLocation)
            }
        }
    }
}
