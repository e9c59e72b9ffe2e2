import Foundation
import Testing
@testable import Archiver

/// Response objects built from Foundation's classes, as `JSONSerialization` returns them on
/// Apple platforms: `NSDictionary`, `NSArray`, `NSString`, `NSNumber` and `NSNull`.
@Suite struct KeyMapFoundationObjectTests {
    @Test func foundationClassesDecodeLikeSwiftValues() throws {
        let restaurant = NSMutableDictionary()
        restaurant["id"] = NSString(string: "a")
        restaurant["name"] = NSString(string: "Monk's Café")
        let review = NSMutableDictionary()
        review["id"] = NSString(string: "r")
        review["restaurant"] = restaurant
        review["star_rating"] = NSNumber(value: 5)
        review["text"] = NSNull()
        let user = NSMutableDictionary()
        user["id"] = NSString(string: "u")
        user["name"] = NSNull()
        user["user_reviews"] = NSArray(array: [review])
        let json = try #require(user as? [String: Any])

        let decoded = try Derived.User.decode(responseObject: json)
        #expect(decoded.name == "Guest")
        #expect(decoded.reviews.map(\.rating) == [5])
        #expect(decoded.reviews.map(\.text) == [""])
        #expect(decoded.reviews.map(\.restaurant.name) == ["Monk's Café"])
    }

    @Test func numbersFromFoundationKeepTheirExactness() throws {
        let object: [String: Any] = [
            "text": NSString(string: "t"), "flag": NSNumber(value: 1), "int": NSNumber(value: Int64.max),
            "uint64": NSNumber(value: UInt64.max), "double": NSNumber(value: 0.5), "decimal": NSNumber(value: 0.1),
            "date": NSNumber(value: 0), "url": NSString(string: "https://example.com"), "remark": NSNull(),
            "tags": NSArray(array: ["a"]), "cuisine": NSString(string: "soup"), "restaurants": NSArray(),
        ]
        let decoded = try FastEverything.decode(responseObject: object)
        #expect(decoded.flag == true)
        #expect(decoded.int == Int.max)
        #expect(decoded.uint64 == UInt64.max)
        #expect(decoded.decimal == Decimal(string: "0.1"))
        #expect(decoded.note == nil)
        var overflowing = object
        overflowing["int"] = NSNumber(value: UInt64.max)
        let error = decodingError { () throws(ArchiveDecodingError) in try FastEverything.decode(responseObject: overflowing) }
        #expect(error?.description == "FastEverything.int: expected Int, found number 18446744073709551615")
    }
}
