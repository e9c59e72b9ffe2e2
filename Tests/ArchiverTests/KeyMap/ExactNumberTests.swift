import Foundation
import Testing
@testable import Archiver

/// Numbers are converted exactly or refused with a typed error, the same through every door
/// (``NumberDoor``): an integer takes a number only when its exact decimal value is a whole
/// number in range, a `Decimal` only when it keeps every digit, and a numeral string only when it
/// is a JSON number.
@Suite struct ExactNumberTests {
    // MARK: Integers

    @Test func anIntegerReadsTheExactValueOfAFractionOrAnExponent() {
        // Through Double these were 9007199254740992 and a refusal of a UInt64 in range.
        NumberDoor.expect(Int64.self, "9007199254740993.0", 9_007_199_254_740_993)
        NumberDoor.expect(UInt64.self, "18446744073709551614.0", 18_446_744_073_709_551_614)
        // Texts JSONSerialization itself rounds to a Double: the doors that read the text.
        NumberDoor.expect(Int64.self, "9007199254740993e0", 9_007_199_254_740_993, through: NumberDoor.textDoors)
        NumberDoor.expect(Int64.self, "900719925474099.3e1", 9_007_199_254_740_993, through: NumberDoor.textDoors)
        NumberDoor.expect(UInt64.self, "1.8446744073709551615e19", UInt64.max, through: NumberDoor.textDoors)
        NumberDoor.expect(Int64.self, "-9.223372036854775808e18", Int64.min)
        NumberDoor.expect(Int.self, "1.5e1", 15)
        NumberDoor.expect(Int.self, "100e-2", 1)
        NumberDoor.expect(Int.self, "0.0e5", 0)
        NumberDoor.expect(Int.self, "-0.0", 0)
        NumberDoor.expect(UInt8.self, "2.55e2", 255)
    }

    @Test func anIntegerRefusesAFractionOrAValueOutOfRangeHoweverItIsWritten() {
        // Through Double, 0.99999999999999999999 was 1 from the text and an error from the object.
        NumberDoor.expect(Int.self, "0.99999999999999999999", nil)
        NumberDoor.expect(Int64.self, "9007199254740993.5", nil)
        NumberDoor.expect(Int64.self, "9.223372036854775808e18", nil)
        NumberDoor.expect(UInt64.self, "1.8446744073709551616e19", nil)
        NumberDoor.expect(UInt8.self, "2.56e2", nil)
        NumberDoor.expect(UInt8.self, "-1.0", nil)
        // JSONSerialization itself rounds this one to 0.0: the doors that read the text.
        NumberDoor.expect(Int.self, "1e-400", nil, through: NumberDoor.textDoors)
        NumberDoor.expect(Int.self, "1e400", nil)
        NumberDoor.expect(Int.self, "1e999999999999999999999", nil)
    }

    @Test func anIntegerBeyondInt64FromJSONSerializationIsRefusedNotNudged() {
        // JSONSerialization gives -9223372036854775809 as a decimal number; read as an Int64 it
        // was -9223372036854775807.
        NumberDoor.expect(Int64.self, "-9223372036854775809", nil)
        NumberDoor.expect(Int.self, "-9223372036854775809", nil)
        NumberDoor.expect(Int64.self, "-9223372036854775808", Int64.min)
        NumberDoor.expect(UInt64.self, "18446744073709551616", nil)
        let decimal = NSDecimalNumber(string: "-9223372036854775809")
        #expect(throws: ArchiveDecodingError.self) { try Int64(keyMapValue: KeyMapInput(decimal, from: .responseObject)) }
        #expect(throws: ArchiveDecodingError.self) { try Int64(keyMapValue: KeyMapInput(Decimal(string: "-9223372036854775809")!, from: .archive)) }
    }

    /// Foundation's numbers are read by their value: on Apple platforms `NSNumber.stringValue` is
    /// `%0.16g` text, which calls 1.0000000000000002 "1" and 0.30000000000000004 "0.3".
    @Test func foundationNumbersAreReadByValueNotByTheirText() throws {
        let nearOne = NSNumber(value: 1.000_000_000_000_000_2)
        #expect(throws: ArchiveDecodingError.self) { try Int(keyMapValue: KeyMapInput(nearOne, from: .responseObject)) }
        #expect(throws: ArchiveDecodingError.self) { try Int64(keyMapValue: KeyMapInput(1.000_000_000_000_000_2, from: .archive)) }
        #expect(try Decimal(keyMapValue: KeyMapInput(nearOne, from: .responseObject)) == Decimal(string: "1.0000000000000002"))
        let sum = NSNumber(value: 0.1 + 0.2)
        #expect(try Decimal(keyMapValue: KeyMapInput(sum, from: .responseObject)) == Decimal(string: "0.30000000000000004"))
        #expect(try Decimal(keyMapValue: KeyMapInput(0.1 + 0.2, from: .archive)) == Decimal(string: "0.30000000000000004"))
        #expect(try Double(keyMapValue: KeyMapInput(sum, from: .responseObject)) == 0.1 + 0.2)
        #expect(try Int64(keyMapValue: KeyMapInput(NSNumber(value: Int64(9_007_199_254_740_993)), from: .responseObject)) == 9_007_199_254_740_993)
        #expect(try Decimal(keyMapValue: KeyMapInput(NSNumber(value: Int64(9_007_199_254_740_993)), from: .responseObject)) == Decimal(string: "9007199254740993"))
        #expect(try UInt64(keyMapValue: KeyMapInput(NSNumber(value: UInt64.max), from: .responseObject)) == UInt64.max)
        #expect(throws: ArchiveDecodingError.self) { try Int64(keyMapValue: KeyMapInput(NSNumber(value: UInt64.max), from: .responseObject)) }
        #expect(try Decimal(keyMapValue: KeyMapInput(NSNumber(value: Float(0.1)), from: .responseObject)) == Decimal(string: "0.1"))
        // The same values through every door, from their JSON text.
        NumberDoor.expect(Int.self, "1.0000000000000002", nil)
        NumberDoor.expect(Decimal.self, "1.0000000000000002", Decimal(string: "1.0000000000000002"))
        NumberDoor.expect(Decimal.self, "0.30000000000000004", Decimal(string: "0.30000000000000004"))
        NumberDoor.expect(Double.self, "0.30000000000000004", 0.1 + 0.2)
        NumberDoor.expect(Int64.self, "9007199254740993", 9_007_199_254_740_993)
    }

    /// A decimal number in an archive dictionary (as `JSONSerialization` gives reals of many
    /// digits on Linux) is written as the `Double` nearest its digits: its `doubleValue` on Linux
    /// makes 1.0000000000000002 1.0000000000000004.
    @Test func anArchiveWritesADecimalNumberAsTheDoubleNearestItsDigits() throws {
        for text in ["1.0000000000000002", "0.30000000000000004", "123.456789012345678", "-9007199254740993.5"] {
            let expected = try #require(Double(text))
            let data = try PropertyListCoding.data(for: ["v": NSDecimalNumber(string: text)])
            #expect(try DocumentDoorsTests.Slot<Double>(archivedData: data).v == expected, "\(text)")
            NumberDoor.expect(Double.self, text, expected)
        }
    }

    // MARK: Decimal

    @Test func aDecimalKeepsEveryDigitOrIsRefused() throws {
        let digits45 = "123456789012345678901234567890123456789012345"
        // decode(json:) kept 38 of these 45 digits.
        #expect(DocumentDoorsTests.Slot<Decimal>.decodeOutcome(json: digits45).isError)
        #expect(NumberDoor.json.read(Decimal.self, digits45).isError)
        #expect(NumberDoor.codableJSON.read(Decimal.self, digits45).isError)
        #expect(NumberDoor.json.read(Decimal.self, "0.\(digits45)").isError)
        // As a string, in any document.
        for source in [KeyMapSource.responseObject, .archive] {
            #expect(throws: ArchiveDecodingError.self) { try Decimal(keyMapValue: KeyMapInput(digits45, from: source)) }
        }
        NumberDoor.expect(Decimal.self, "\"\(digits45)\"", nil)
        // The most a Decimal holds: 38 digits, and 39 up to 2^128 - 1.
        let digits38 = "12345678901234567890123456789012345678"
        NumberDoor.expect(Decimal.self, "\"\(digits38)\"", Decimal(string: digits38))
        #expect(NumberDoor.json.read(Decimal.self, digits38) == .value(Decimal(string: digits38)!))
        let largest = "340282366920938463463374607431768211455"
        #expect(NumberDoor.json.read(Decimal.self, largest) == .value(Decimal(string: largest)!))
        #expect(NumberDoor.json.read(Decimal.self, "340282366920938463463374607431768211456").isError)
        // Trailing zeros are no digits lost.
        NumberDoor.expect(Decimal.self, "\"\(digits38)000000\"", Decimal(string: digits38 + "000000"))
        NumberDoor.expect(Decimal.self, "1.50000000000000000000000000000000000000000000", Decimal(string: "1.5"))
        // Beyond Decimal's exponent, in either direction.
        NumberDoor.expect(Decimal.self, "1e200", nil)
        NumberDoor.expect(Decimal.self, "1e-200", nil)
        NumberDoor.expect(Decimal.self, "\"1e-200\"", nil)
        // What a Decimal archives reads back as itself.
        for text in [digits38, largest, "0.00000000000000000000000000000000000001", "-19.99", "0"] {
            let decimal = try #require(Decimal(string: text))
            let archived = try #require(decimal.keyMapArchiveValue)
            #expect(try Decimal(keyMapValue: KeyMapInput(archived, from: .archive)) == decimal, "\(text)")
        }
    }

    // MARK: Numeral strings

    /// A string converts to a number only when it is a JSON number, and a finite one: what
    /// `Double("…")` also accepts (`"NaN"`, `"inf"`, `"0x1p3"`, `"1e400"` as infinity, `"+4"`,
    /// `" 4"`) is refused with a typed error, for every type and through every door.
    @Test func numeralStringsFollowTheJSONNumberGrammar() {
        for text in ["NaN", "nan", "inf", "-infinity", "0x1p3", "0x10", "1e400", "-1e400", "+4", "04", "4.", ".5", "1e", " 4", "4 ", "", "-", "1_000", "٤"] {
            let quoted = "\"\(text)\""
            NumberDoor.expect(Double.self, quoted, nil)
            NumberDoor.expect(Float.self, quoted, nil)
            NumberDoor.expect(Decimal.self, quoted, nil)
            NumberDoor.expect(Int.self, quoted, nil)
            NumberDoor.expect(Date.self, quoted, nil)
        }
        // A finite Double beyond Float's range, as a number is.
        NumberDoor.expect(Float.self, "\"1e39\"", nil)
        NumberDoor.expect(Float.self, "1e39", nil)
        #expect(throws: ArchiveDecodingError.self) { try Float(keyMapValue: KeyMapInput(NSDecimalNumber(string: "1e39"), from: .responseObject)) }
        NumberDoor.expect(Double.self, "\"4.5\"", 4.5)
        NumberDoor.expect(Double.self, "\"-1.5e-3\"", -0.0015)
        NumberDoor.expect(Float.self, "\"0.1\"", Float(0.1))
        NumberDoor.expect(Decimal.self, "\"19.99\"", Decimal(string: "19.99"))
        NumberDoor.expect(Int.self, "\"-7\"", -7)
        // A numeral reads as the number it spells would.
        NumberDoor.expect(Int.self, "\"4.0\"", 4)
        NumberDoor.expect(Int.self, "\"1e3\"", 1000)
        NumberDoor.expect(Int.self, "\"4.5\"", nil)
        NumberDoor.expect(Int64.self, "\"9007199254740993.0\"", 9_007_199_254_740_993)
        #expect(throws: ArchiveDecodingError.self) { try Double(keyMapValue: KeyMapInput("0x1p3", from: .archive)) }
        #expect(throws: ArchiveDecodingError.self) { try Double(keyMapValue: KeyMapInput("NaN", from: .responseObject)) }
    }

    @Test func aNumeralStringsErrorSaysWhatWasFound() {
        let error = #expect(throws: ArchiveDecodingError.self) { try Double(keyMapValue: KeyMapInput("1e400", from: .responseObject)) }
        #expect(error?.reason == .invalidValue(expected: "Double", found: #"String "1e400""#))
    }

    // MARK: Negative zero

    /// JSON's `-0` is the integer zero (`JSONSerialization` and a property list hold it as the
    /// integer 0), so a `Float` or a `Double` reads +0.0 from it through every door; `-0.0` is a
    /// real, and reads as −0.0 through every door.
    @Test func negativeZeroHasOneSignThroughEveryDoor() {
        for door in NumberDoor.allCases {
            for (text, sign) in [("-0", FloatingPointSign.plus), ("-0.0", .minus), ("-0e0", .minus), ("\"-0\"", .plus), ("\"-0.0\"", .minus)] {
                if case .value(let float) = door.read(Float.self, text) {
                    #expect(float == 0 && float.sign == sign, "\(text) as Float through \(door): \(float)")
                } else if door.read(Float.self, text) != .notCarried {
                    Issue.record("\(text) as Float through \(door): \(door.read(Float.self, text))")
                }
                if case .value(let double) = door.read(Double.self, text) {
                    #expect(double == 0 && double.sign == sign, "\(text) as Double through \(door): \(double)")
                } else if door.read(Double.self, text) != .notCarried {
                    Issue.record("\(text) as Double through \(door): \(door.read(Double.self, text))")
                }
            }
        }
    }
}

extension DocumentDoorsTests.Slot {
    /// `{"v": value}` through `decode(json:)`, as an outcome.
    static func decodeOutcome(json value: String) -> NumberDoor.Outcome<Value> {
        do {
            return .value(try decode(json: Data(#"{"v": \#(value)}"#.utf8)).v)
        } catch {
            return .error(error.description)
        }
    }
}
