import Foundation
import Testing
@testable import Archiver

/// A property-list value reduced to what a property list means, so that values read by different
/// readers (Swift `Int` or `NSNumber`, `[String: Any]` or `[AnyHashable: Any]`) compare equal when
/// they hold the same thing, and NaN equals NaN.
indirect enum PropertyListValue: Equatable, CustomStringConvertible {
    case string(String)
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case real(Double)
    case date(Double)
    case data(Data)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])
    case other(String)

    init(_ value: Any) {
        switch value {
        case let string as String:
            self = .string(string)
        case let bool as Bool where isBoolean(value):
            self = .bool(bool)
        case let date as Date:
            self = .date(date.timeIntervalSinceReferenceDate)
        case let data as Data:
            self = .data(data)
        case let float as Float where type(of: value) == Float.self:
            self = .real(Double(float))
        case let double as Double where type(of: value) == Double.self:
            self = .real(double)
        case let number as NSNumber:
            switch UInt8(bitPattern: number.objCType.pointee) {
            case UInt8(ascii: "d"), UInt8(ascii: "f"):
                self = .real(number.doubleValue)
            case UInt8(ascii: "Q") where number.uint64Value > UInt64(Int64.max):
                self = .unsigned(number.uint64Value)
            default:
                self = .integer(number.int64Value)
            }
        case let dictionary as [AnyHashable: Any]:
            var result: [String: PropertyListValue] = [:]
            for (key, element) in dictionary {
                result["\(key.base)"] = PropertyListValue(element)
            }
            self = .dictionary(result)
        case let array as [Any]:
            self = .array(array.map(PropertyListValue.init))
        default:
            self = .other("\(type(of: value))")
        }
    }

    static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case let (.real(a), .real(b)): a == b || (a.isNaN && b.isNaN)
        case let (.string(a), .string(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case let (.integer(a), .integer(b)): a == b
        case let (.unsigned(a), .unsigned(b)): a == b
        case let (.date(a), .date(b)): a == b
        case let (.data(a), .data(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.dictionary(a), .dictionary(b)): a == b
        case let (.other(a), .other(b)): a == b
        default: false
        }
    }

    var description: String {
        switch self {
        case .string(let value): value.debugDescription
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .unsigned(let value): "\(value)u"
        case .real(let value): "\(value)r"
        case .date(let value): "date(\(value))"
        case .data(let value): "data(\(value.count))"
        case .array(let value): "\(value)"
        case .dictionary(let value): "\(value)"
        case .other(let value): "other(\(value))"
        }
    }
}

enum PropertyListFixtures {
    /// The archives that every round-trip test writes and reads, by name (test arguments must be
    /// `Sendable`, and archives are not).
    static let names = ["every kind", "tutorial user", "1,000 reviews", "empty", "big array"]

    static func named(_ name: String) -> Archive {
        switch name {
        case "every kind": everyKind
        case "tutorial user": user()
        case "1,000 reviews": user(reviewCount: 1_000)
        case "big array": ["numbers": Array(0 ..< 70_000), "strings": (0 ..< 300).map { "s\($0)" }]
        default: [:]
        }
    }

    /// The tutorial's user as `User.archiveValue` builds it, with `reviewCount` reviews.
    static func user(reviewCount: Int = 3) -> Archive {
        let restaurants = [
            ("abcd-1234", "The Original Soup Man"),
            ("efgh-5678", "La Boîte en Bois"),
            ("ijkl-9012", "Monk's Café"),
        ]
        let texts = [
            "Good soup! One star off for forgeting the bread.",
            "I've heard the risotto is very good here.",
            "Always a consistent experience. Great atmosphere.",
        ]
        let reviews: [Archive] = (0 ..< reviewCount).map { index in
            let restaurant = restaurants[index % restaurants.count]
            return [
                "id": "review-\(index)",
                "restaurant": ["id": restaurant.0, "name": restaurant.1] as Archive,
                "rating": 3 + index % 3,
                "text": texts[index % texts.count],
            ]
        }
        return ["id": "abcd-efgh-ijkl-mnop", "name": "George Costanza", "reviews": reviews]
    }

    /// One of every kind of value, with the edges of each.
    static var everyKind: Archive {
        [
            "string": "plain",
            "empty string": "",
            "non-ASCII": "La Boîte en Bois — Monk's Café",
            "astral": "🍲 soup 𝄞",
            "long ASCII": String(repeating: "abcdefghij", count: 100),
            "true": true,
            "false": false,
            "zero": 0,
            "one": 1,
            "byte": 255,
            "two bytes": 256,
            "four bytes": 70_000,
            "eight bytes": 1 << 40,
            "negative": -1,
            "Int64.min": Int64.min,
            "Int64.max": Int64.max,
            "UInt64.max": UInt64.max,
            "UInt64 just above Int64.max": UInt64(Int64.max) + 1,
            "Int8": Int8(-8),
            "UInt16": UInt16(65_535),
            "UInt32": UInt32.max,
            "double": 1.5,
            "negative zero": -0.0,
            "NaN": Double.nan,
            "infinity": Double.infinity,
            "-infinity": -Double.infinity,
            "float": Float(2.5),
            "date": Date(timeIntervalSinceReferenceDate: 725_000_000),
            "date before 2001": Date(timeIntervalSinceReferenceDate: -86_400),
            "data": Data([0, 1, 2, 0xFF]),
            "empty data": Data(),
            "long data": Data(repeating: 7, count: 300),
            "empty array": [Any](),
            "empty dictionary": Archive(),
            "mixed array": ["a", 1, 2.5, true, ["nested": [1, 2, 3]] as Archive] as [Any],
            "nested": ["deeper": ["deepest": "yes"] as Archive] as Archive,
        ]
    }
}

/// Throws unless `body` fails with ``PropertyListError/malformed(reason:)``; returns the reason.
@discardableResult
func malformedReason(_ data: Data, maximumDepth: Int = PropertyListCoding.defaultMaximumDepth, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    do {
        let archive = try PropertyListCoding.archive(from: data, maximumDepth: maximumDepth)
        Issue.record("read \(archive) from malformed bytes", sourceLocation: sourceLocation)
        return nil
    } catch {
        guard case .malformed(let reason) = error else {
            Issue.record("expected malformed, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
        return reason
    }
}

/// Builds a binary property list from hand-written objects, for files no writer would make.
///
/// ```swift
/// craftedPropertyList([[0xA1, 0x00]])  // object 0 is an array holding itself
/// ```
func craftedPropertyList(
    _ objects: [[UInt8]],
    topObject: UInt64 = 0,
    offsetWidth: UInt8 = 1,
    referenceWidth: UInt8 = 1,
    objectCount: UInt64? = nil,
    offsetTable: UInt64? = nil,
    offsets customOffsets: [Int]? = nil
) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
        offsets.append(bytes.count)
        bytes += object
    }
    let tableOffset = bytes.count
    for offset in customOffsets ?? offsets {
        for shift in stride(from: Int(offsetWidth - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: offset >> shift))
        }
    }
    bytes += [0, 0, 0, 0, 0, 0, offsetWidth, referenceWidth]
    for field in [objectCount ?? UInt64(objects.count), topObject, offsetTable ?? UInt64(tableOffset)] {
        withUnsafeBytes(of: field.bigEndian) { bytes += $0 }
    }
    return Data(bytes)
}

/// The path to `python3`, if there is one.
let python3Path: String? = {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return directories.map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}()
