import Foundation
import Testing
@testable import Archiver

/// The conversions of built-in types, on values as `JSONSerialization` produces them.
@Suite struct KeyMapValueTests {
    /// The value under "v" of a JSON object, as `JSONSerialization` gives it (`NSNumber`, `NSNull`, …).
    private func json(_ value: String) throws -> Any {
        try #require(try responseObject(#"{"v": \#(value)}"#)["v"])
    }

    private func read<Value: KeyMapValue>(_ type: Value.Type, _ value: String) throws -> Value {
        try Value(keyMapValue: KeyMapInput(try json(value), from: .responseObject))
    }

    private func reason<Value: KeyMapValue>(_ type: Value.Type, _ value: String) throws -> ArchiveDecodingError.Reason? {
        let raw = try json(value)
        return decodingError { () throws(ArchiveDecodingError) in try Value(keyMapValue: KeyMapInput(raw, from: .responseObject)) }?.reason
    }

    @Test func integersReadNumbersAndDecimalStringsLosslessly() throws {
        #expect(try read(Int.self, #""4""#) == 4)
        #expect(try read(Int.self, "4") == 4)
        #expect(try read(Int.self, "4.0") == 4)
        #expect(try read(Int64.self, "9223372036854775807") == .max)
        #expect(try read(UInt64.self, "18446744073709551615") == .max)
        #expect(try read(Int8.self, "-128") == -128)
        #expect(try read(UInt16.self, #""65535""#) == 65535)
        #expect(try reason(Int.self, #""4x""#) == .invalidValue(expected: "Int", found: #"String "4x""#))
        #expect(try reason(Int.self, "4.5") == .invalidValue(expected: "Int", found: "number 4.5"))
        #expect(try reason(UInt8.self, "300") == .invalidValue(expected: "UInt8", found: "number 300"))
        #expect(try reason(UInt.self, "-1") == .invalidValue(expected: "UInt", found: "number -1"))
        #expect(try reason(Int.self, "true") == .typeMismatch(expected: "Int", found: "Bool true"))
        #expect(try reason(Int32.self, "[1]") == .typeMismatch(expected: "Int32", found: "array of 1"))
    }

    @Test func unsignedValuesAboveInt64MaxAreArchivedAsExactText() throws {
        #expect(UInt64.max.keyMapArchiveValue as? String == "18446744073709551615")
        #expect(UInt64(5).keyMapArchiveValue as? UInt64 == 5)
        #expect(try UInt64(keyMapValue: KeyMapInput("18446744073709551615", from: .archive)) == .max)
    }

    @Test func floatingPointReadsNumbersAndStrings() throws {
        #expect(try read(Double.self, "4.25") == 4.25)
        #expect(try read(Double.self, "4") == 4)
        #expect(try read(Double.self, #""-0.5""#) == -0.5)
        #expect(try read(Float.self, "0.1") == Float(0.1))
        // A finite number beyond Float's range is refused rather than read as infinity.
        #expect(try reason(Float.self, "1e300")?.description.hasPrefix("expected Float, found number") == true)
        #expect(try reason(Double.self, "false") == .typeMismatch(expected: "Double", found: "Bool false"))
        #expect(try reason(Double.self, #""fast""#) == .invalidValue(expected: "Double", found: #"String "fast""#))
    }

    @Test func decimalsKeepTheirDigits() throws {
        #expect(try read(Decimal.self, "0.1") == Decimal(string: "0.1"))
        #expect(try read(Decimal.self, #""19.99""#) == Decimal(string: "19.99"))
        #expect(Decimal(string: "19.99")?.keyMapArchiveValue as? String == "19.99")
        #expect(try reason(Decimal.self, #""12abc""#) == .invalidValue(expected: "Decimal", found: #"String "12abc""#))
    }

    @Test func booleansReadTrueFalseZeroAndOne() throws {
        #expect(try read(Bool.self, "true") == true)
        #expect(try read(Bool.self, "0") == false)
        #expect(try read(Bool.self, "1") == true)
        #expect(try read(Bool.self, #""false""#) == false)
        #expect(try reason(Bool.self, "2") == .invalidValue(expected: "Bool", found: "number 2"))
        #expect(try reason(Bool.self, #""yes""#) == .invalidValue(expected: "Bool", found: #"String "yes""#))
    }

    @Test func stringsDoNotReadNumbers() throws {
        #expect(try read(String.self, #""Monk's""#) == "Monk's")
        #expect(try reason(String.self, "42") == .typeMismatch(expected: "String", found: "number 42"))
    }

    @Test func datesReadISO8601AndSecondsSince1970() throws {
        let expected = Date(timeIntervalSince1970: 1_464_782_400)
        #expect(try read(Date.self, #""2016-06-01T12:00:00Z""#) == expected)
        #expect(try read(Date.self, #""2016-06-01T14:00:00+02:00""#) == expected)
        #expect(try read(Date.self, #""2016-06-01T12:00:00.250Z""#) == expected.addingTimeInterval(0.25))
        #expect(try read(Date.self, "1464782400") == expected)
        // A fractional epoch timestamp keeps its fraction, from JSON and from an NSNumber alike.
        #expect(try read(Date.self, "1464782400.5") == expected.addingTimeInterval(0.5))
        #expect(try Date(keyMapValue: KeyMapInput(NSNumber(value: 1_464_782_400.25), from: .responseObject)) == expected.addingTimeInterval(0.25))
        #expect(try reason(Date.self, #""June 1st""#) == .invalidValue(expected: Date.keyMapTypeDescription, found: #"String "June 1st""#))
    }

    @Test func urlsUUIDsAndDataReadTheirStringForms() throws {
        #expect(try read(URL.self, #""https://example.com/a?b=c""#) == URL(string: "https://example.com/a?b=c"))
        #expect(URL(string: "https://example.com")?.keyMapArchiveValue as? String == "https://example.com")
        #expect(try reason(URL.self, #""""#) == .invalidValue(expected: "URL", found: #"String """#))
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try read(UUID.self, #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#) == uuid)
        #expect(try reason(UUID.self, #""not-a-uuid""#) == .invalidValue(expected: "UUID", found: #"String "not-a-uuid""#))
        #expect(try read(Data.self, #""AAEC""#) == Data([0, 1, 2]))
        #expect(try reason(Data.self, #""%%""#) == .invalidValue(expected: Data.keyMapTypeDescription, found: #"String "%%""#))
    }

    @Test func optionalsReadNullAsNilAndAreLeftOutOfArchives() throws {
        #expect(try read(Int?.self, "null") == nil)
        #expect(try read(Int?.self, #""7""#) == 7)
        #expect((nil as Int?).keyMapArchiveValue == nil)
        #expect(try reason(Int?.self, #""x""#) == .invalidValue(expected: "Int", found: #"String "x""#))
    }

    @Test func collectionsReadElementByElementAndNameTheFailingOne() throws {
        #expect(try read([Int].self, #"[1, "2", 3.0]"#) == [1, 2, 3])
        #expect(try read(Set<String>.self, #"["a", "b", "a"]"#) == ["a", "b"])
        #expect(try read([String: Int].self, #"{"a": 1, "b": "2"}"#) == ["a": 1, "b": 2])
        #expect(try read([Int?].self, "[1, null]") == [1, nil])
        let badArray = try json(#"[1, "x"]"#)
        let arrayError = decodingError { () throws(ArchiveDecodingError) in try [Int](keyMapValue: KeyMapInput(badArray, from: .responseObject)) }
        #expect(arrayError?.path == [.index(1)])
        let nullArray = try json("[1, null]")
        let nullError = decodingError { () throws(ArchiveDecodingError) in try [Int](keyMapValue: KeyMapInput(nullArray, from: .responseObject)) }
        #expect(nullError?.reason == .typeMismatch(expected: "Int", found: "null"))
        let badDictionary = try json(#"{"b": true}"#)
        let dictionaryError = decodingError { () throws(ArchiveDecodingError) in try [String: Int](keyMapValue: KeyMapInput(badDictionary, from: .responseObject)) }
        #expect(dictionaryError?.path == [.key("b")])
        #expect(try reason([Int].self, #""1,2""#) == .typeMismatch(expected: "[Int]", found: #"String "1,2""#))
    }

    @Test func rawValueEnumsOptInWithOneLine() throws {
        #expect(try read(Cuisine.self, #""risotto""#) == .risotto)
        #expect(try read(Priority.self, "2") == .urgent)
        #expect(try read(Priority.self, #""1""#) == .high)
        #expect(Cuisine.bread.keyMapArchiveValue as? String == "bread")
        #expect(Cuisine.keyMapPlaceholder == .soup)
        #expect(Priority.keyMapPlaceholder == .low)
        #expect(try reason(Cuisine.self, #""pizza""#) == .invalidValue(expected: "Cuisine", found: #"String "pizza""#))
        #expect(try reason(Cuisine.self, "3") == .typeMismatch(expected: "Cuisine", found: "number 3"))
    }
}
