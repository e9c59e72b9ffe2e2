import Foundation

/// Property-list values into Swift values: the conversions ``ArchiveDecoder`` allows, in one place.
extension ArchiveValueDecoder {
    /// The `type` value that `value` describes.
    static func unbox<T: Decodable>(
        _ value: Any, as type: T.Type, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> T {
        if value is NSNull, !(type is any ExpressibleByNilLiteral.Type) {
            throw missing(type, codingPath: codingPath)
        }
        let result: Any
        switch type {
        case is String.Type: result = try unboxString(value, codingPath: codingPath)
        case is Bool.Type: result = try unboxBool(value, codingPath: codingPath)
        case is Int.Type: result = try unboxInteger(value, as: Int.self, codingPath: codingPath)
        case is Int8.Type: result = try unboxInteger(value, as: Int8.self, codingPath: codingPath)
        case is Int16.Type: result = try unboxInteger(value, as: Int16.self, codingPath: codingPath)
        case is Int32.Type: result = try unboxInteger(value, as: Int32.self, codingPath: codingPath)
        case is Int64.Type: result = try unboxInteger(value, as: Int64.self, codingPath: codingPath)
        case is UInt.Type: result = try unboxInteger(value, as: UInt.self, codingPath: codingPath)
        case is UInt8.Type: result = try unboxInteger(value, as: UInt8.self, codingPath: codingPath)
        case is UInt16.Type: result = try unboxInteger(value, as: UInt16.self, codingPath: codingPath)
        case is UInt32.Type: result = try unboxInteger(value, as: UInt32.self, codingPath: codingPath)
        case is UInt64.Type: result = try unboxInteger(value, as: UInt64.self, codingPath: codingPath)
        case is Double.Type: result = try unboxDouble(value, codingPath: codingPath)
        case is Float.Type: result = try unboxFloat(value, codingPath: codingPath)
        case is Date.Type: result = try unboxDate(value, codingPath: codingPath)
        case is Data.Type: result = try unboxData(value, codingPath: codingPath)
        case is URL.Type: result = try unboxURL(value, codingPath: codingPath)
        default:
            return try T(from: ArchiveValueDecoder(value: value, codingPath: codingPath, sendableUserInfo: userInfo))
        }
        guard let typed = result as? T else {
            throw mismatch(type, expected: String(describing: type), found: result, codingPath: codingPath)
        }
        return typed
    }

    static func unboxString(_ value: Any, codingPath: [any CodingKey]) throws -> String {
        guard let string = value as? String else {
            throw mismatch(String.self, expected: "String", found: value, codingPath: codingPath)
        }
        return string
    }

    static func unboxBool(_ value: Any, codingPath: [any CodingKey]) throws -> Bool {
        guard isBoolean(value), let bool = value as? Bool else {
            throw mismatch(Bool.self, expected: "Bool", found: value, codingPath: codingPath)
        }
        return bool
    }

    /// A number that is not a Boolean: `NSNumber` from Foundation's readers, or a Swift number
    /// from a hand-built archive (both bridge to `NSNumber`).
    private static func number(_ value: Any) -> NSNumber? {
        guard !isBoolean(value), !(value is String) else { return nil }
        return value as? NSNumber
    }

    private static let floatingTypes: Set<String> = ["f", "d"]
    private static let unsignedTypes: Set<String> = ["C", "S", "I", "L", "Q"]

    static func unboxInteger<T: FixedWidthInteger>(_ value: Any, as type: T.Type, codingPath: [any CodingKey]) throws -> T {
        if Swift.type(of: value) == T.self, let exact = value as? T { return exact }
        guard let number = number(value) else {
            throw mismatch(type, expected: String(describing: type), found: value, codingPath: codingPath)
        }
        let encoding = String(cString: number.objCType)
        let converted: T?
        if floatingTypes.contains(encoding) {
            converted = T(exactly: number.doubleValue)
        } else if unsignedTypes.contains(encoding) {
            converted = T(exactly: number.uint64Value)
        } else {
            converted = T(exactly: number.int64Value)
        }
        guard let converted else { throw invalid(type, found: value, codingPath: codingPath) }
        return converted
    }

    static func unboxDouble(_ value: Any, codingPath: [any CodingKey]) throws -> Double {
        if let double = value as? Double, type(of: value) == Double.self { return double }
        guard let number = number(value) else {
            throw mismatch(Double.self, expected: "Double", found: value, codingPath: codingPath)
        }
        return number.doubleValue
    }

    static func unboxFloat(_ value: Any, codingPath: [any CodingKey]) throws -> Float {
        if let float = value as? Float, type(of: value) == Float.self { return float }
        guard let number = number(value) else {
            throw mismatch(Float.self, expected: "Float", found: value, codingPath: codingPath)
        }
        let double = number.doubleValue
        let float = Float(double)
        // Rounding to the nearest Float is expected; overflowing to infinity is not.
        guard float.isFinite || !double.isFinite else { throw invalid(Float.self, found: value, codingPath: codingPath) }
        return float
    }

    static func unboxDate(_ value: Any, codingPath: [any CodingKey]) throws -> Date {
        if let date = value as? Date { return date }
        if let string = value as? String {
            // Servers send ISO 8601 with and without fractional seconds; one style reads only one.
            guard let date = (try? Date(string, strategy: .iso8601))
                ?? (try? Date(string, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
            else {
                throw invalid(Date.self, found: value, codingPath: codingPath)
            }
            return date
        }
        throw mismatch(Date.self, expected: "Date", found: value, codingPath: codingPath)
    }

    static func unboxData(_ value: Any, codingPath: [any CodingKey]) throws -> Data {
        if let data = value as? Data { return data }
        if let string = value as? String {
            guard let data = Data(base64Encoded: string) else { throw invalid(Data.self, found: value, codingPath: codingPath) }
            return data
        }
        throw mismatch(Data.self, expected: "Data", found: value, codingPath: codingPath)
    }

    static func unboxURL(_ value: Any, codingPath: [any CodingKey]) throws -> URL {
        guard let string = value as? String else {
            throw mismatch(URL.self, expected: "URL", found: value, codingPath: codingPath)
        }
        guard !string.isEmpty, let url = URL(string: string) else { throw invalid(URL.self, found: value, codingPath: codingPath) }
        return url
    }
}
