import Foundation

/// Random models for the key-map round-trip tests, drawn from a seeded generator.
extension SeededGenerator {
    mutating func string(maxLength: Int = 12) -> String {
        let alphabet = Array("abcXYZ019 _-é☕️\"\\/\n")
        return String((0..<Int.random(in: 0...maxLength, using: &self)).map { _ in alphabet.randomElement(using: &self) ?? "a" })
    }

    mutating func integer<T: FixedWidthInteger>(_ type: T.Type) -> T {
        // Extremes often, since they are where conversions break.
        switch Int.random(in: 0..<6, using: &self) {
        case 0: T.min
        case 1: T.max
        case 2: 0
        default: T.random(in: T.min...T.max, using: &self)
        }
    }

    mutating func restaurant() -> Derived.Restaurant {
        Derived.Restaurant(id: string(), name: string())
    }

    /// A model whose every value survives JSON text: doubles and floats with few binary
    /// digits, dates on whole seconds.
    mutating func everything() -> KeyMappedEverything {
        KeyMappedEverything(
            text: string(), flag: Bool.random(using: &self),
            int: integer(Int.self), int8: integer(Int8.self), int16: integer(Int16.self),
            int32: integer(Int32.self), int64: integer(Int64.self),
            uint: integer(UInt.self), uint8: integer(UInt8.self), uint16: integer(UInt16.self),
            uint32: integer(UInt32.self), uint64: integer(UInt64.self),
            double: Double(Int.random(in: -1_000_000...1_000_000, using: &self)) / 8,
            float: Float(Int.random(in: -10_000...10_000, using: &self)) / 4,
            decimal: Decimal(Int.random(in: -1_000_000...1_000_000, using: &self)) / 100,
            date: Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &self))),
            data: Data((0..<Int.random(in: 0...16, using: &self)).map { _ in UInt8.random(in: 0...255, using: &self) }),
            url: URL(string: "https://example.com/\(Int.random(in: 0...999, using: &self))?q=\(Int.random(in: 0...9, using: &self))") ?? URL(fileURLWithPath: "/"),
            uuid: UUID(uuid: (UInt8.random(in: 0...255, using: &self), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, UInt8.random(in: 0...255, using: &self))),
            note: Bool.random(using: &self) ? string() : nil,
            numbers: (0..<Int.random(in: 0...5, using: &self)).map { _ in integer(Int.self) },
            tags: Set((0..<Int.random(in: 0...4, using: &self)).map { _ in string(maxLength: 4) }),
            scores: Dictionary((0..<Int.random(in: 0...3, using: &self)).map { _ in (string(maxLength: 5), Double(Int.random(in: -99...99, using: &self)) / 4) }, uniquingKeysWith: { first, _ in first }),
            cuisine: Cuisine.allCases.randomElement(using: &self) ?? .soup,
            priority: [Priority.low, .high, .urgent].randomElement(using: &self) ?? .low,
            restaurants: (0..<Int.random(in: 0...3, using: &self)).map { _ in restaurant() },
            favorite: Bool.random(using: &self) ? restaurant() : nil
        )
    }
}
