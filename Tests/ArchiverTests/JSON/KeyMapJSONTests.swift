import Foundation
import Testing
@testable import Archiver

/// A recursive key-mapped type: the deepest decoding a JSON text can ask for.
struct Comment: Equatable {
    let text: String
    let replies: [Comment]
}

extension Comment: KeyMapped { static let keyMap = KeyMap(Comment.init, [.property(\.replies, default: [])]) }

/// Key maps reading parsed JSON directly: keys in any order, defaults, nulls, transforms,
/// exclusions, and the deepest nesting the reader allows.
struct KeyMapJSONTests {
    @Test func keysAreFoundInAnyOrderAndTheLastDuplicateCounts() throws {
        let text = #"{"name": "B", "extra": [1, {"id": "x"}], "id": "a", "name": "C"}"#
        let restaurant = try Derived.Restaurant.decode(json: Data(text.utf8))
        #expect(restaurant == Derived.Restaurant(id: "a", name: "C"))
        #expect(try Derived.Restaurant.decode(responseObject: responseObject(text)) == restaurant)
    }

    /// `String`, `Int`, `Int64`, `Bool` and `Double` fields are read straight from their tokens;
    /// every value those reads do not take goes to the type's conversion, so that each value
    /// reads, or fails, as from a response object.
    @Test func fieldsReadFromTheirTokensFollowTheirTypesRules() throws {
        struct Scalars: KeyMapped, Equatable {
            let text: String
            let int: Int
            let int64: Int64
            let flag: Bool
            let double: Double
            static let keyMap = KeyMap(Scalars.init)
        }
        let plain = #"{"text": "a", "int": 4, "int64": 5, "flag": true, "double": 2.5}"#
        let values = [
            ("text", [#""é\n""#, "4", "null", "true"]),
            ("int", [#""4""#, #""-0""#, #""04""#, #""+4""#, #""4.0""#, #""1e2""#, #""-""#, #""""#, #""4a""#, #""\u0034""#,
                     "4.5", "4.0", "-0", "1e2", #""9223372036854775808""#, "9223372036854775808", #""-9223372036854775808""#, "null", "false"]),
            ("int64", [#""-9223372036854775808""#, "-9223372036854775809", #""12""#]),
            ("flag", ["false", "1", "0", "2", #""true""#, "null"]),
            ("double", ["4", "-0", "123456789012345678", #""2.5""#, "null", "true"]),
        ]
        for (key, texts) in values {
            for value in texts {
                let text = plain.replacingOccurrences(of: #""\#(key)": "#, with: #""\#(key)": \#(value), "skipped\#(key)": "#)
                let fromText = Result { () throws(ArchiveDecodingError) in try Scalars.decode(json: Data(text.utf8)) }
                let object = try responseObject(text)
                let fromObject = Result { () throws(ArchiveDecodingError) in try Scalars.decode(responseObject: object) }
                switch (fromText, fromObject) {
                case (.success(let a), .success(let b)): #expect(a == b, "\(key): \(value)")
                case (.failure(let a), .failure(let b)): #expect(a.description == b.description, "\(key): \(value)")
                default: Issue.record("\(key): \(value): \(fromText) against \(fromObject)")
                }
            }
        }
    }

    @Test func escapedKeysMatch() throws {
        let restaurant = try Derived.Restaurant.decode(json: Data(#"{"\u0069d": "a", "n\u0061me": "b"}"#.utf8))
        #expect(restaurant == Derived.Restaurant(id: "a", name: "b"))
    }

    @Test func missingAndNullValuesTakeTheDefault() throws {
        let review = try Derived.Review.decode(json: Data(#"{"id": "r", "restaurant": {"id": "a", "name": "b"}, "text": null}"#.utf8))
        #expect(review.rating == 0)
        #expect(review.text == "")
        let error = try #require(decodingError { () throws(ArchiveDecodingError) in
            try Derived.Review.decode(json: Data(#"{"id": null, "restaurant": {"id": "a", "name": "b"}}"#.utf8))
        })
        #expect(error.description == "Review.id: expected String, found null")
    }

    @Test func transformsAndExclusionsBehaveAsFromAResponseObject() throws {
        let text = #"{"price_cents": 250, "draft": true}"#
        let fromText = try Priced.decode(json: Data(text.utf8))
        #expect(fromText == Priced(price: 2.5, draft: false))
        #expect(try Priced.decode(responseObject: responseObject(text)) == fromText)
    }

    @Test func aWrongTypeNamesThePathAndInvalidNestedModelsAreDropped() throws {
        let error = try #require(decodingError { () throws(ArchiveDecodingError) in try Comment.decode(json: Data(#"{"text": 4}"#.utf8)) })
        #expect(error.description == "Comment.text: expected String, found number 4")
        let text = #"{"text": "a", "replies": [{"text": "b", "replies": [{"text": 4}, {"text": "c"}]}]}"#
        let comment = try Comment.decode(json: Data(text.utf8))
        #expect(comment.replies.first?.replies.map(\.text) == ["c"])
    }

    /// A hand-written property type, with no `init(parsedJSON:)` of its own, gets the parsed
    /// value as Foundation objects; a hand-written type holding derived ones gets its response object.
    @Test func handWrittenAndDerivedTypesMixInJSON() throws {
        let text = #"{"id": "v", "restaurant": {"id": "a", "name": "Monk's"}, "restaurants": [{"id": "b", "name": "B"}]}"#
        let visit = try Visit.decode(json: Data(text.utf8))
        #expect(visit.restaurant.name == "Monk's")
        #expect(visit.restaurants.map(\.id) == ["b"])
        let error = try #require(decodingError { () throws(ArchiveDecodingError) in
            try Visit.decode(json: Data(#"{"id": "v", "restaurant": {"id": "a"}}"#.utf8))
        })
        #expect(error.description == "Visit.restaurant: init?(responseObject:) returned nil")
        let favorites = try Favorites.decode(json: Data(#"{"owner": "g", "restaurants": [{"id": "a", "name": "A"}, {"id": 1}]}"#.utf8))
        #expect(favorites.restaurants.map(\.id) == ["a"])
    }

    @Test func parsedJSONGivesFoundationObjectsAsJSONSerializationDoes() throws {
        let document = try JSONDocument(data: Data(#"{"a": [1, 2.5, true, null, "x"], "b": {}}"#.utf8))
        let object = try #require(try KeyMapInput(json: document, at: 0).foundationObject as? [String: Any])
        let array = try #require(object["a"] as? [Any])
        #expect((array[0] as? NSNumber)?.int64Value == 1)
        #expect(array[1] as? Double == 2.5)
        #expect(isBoolean(array[2]) && array[2] as? Bool == true)
        #expect(array[3] is NSNull)
        #expect(array[4] as? String == "x")
        #expect((object["b"] as? [String: Any])?.isEmpty == true)
    }

    /// The deepest text the reader accepts, decoded into a recursive type on a thread with
    /// Apple's default secondary-thread stack, 512 KiB.
    @Test func theDeepestRecursiveDecodeFitsA512KiBStack() throws {
        let levels = JSONReader.maximumDepth / 2
        let text = String(repeating: #"{"text": "x", "replies": ["#, count: levels) + String(repeating: "]}", count: levels)
        let data = Data(text.utf8)
        let depth = Locked<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var comment = try? Comment.decode(json: data)
            var levels = 0
            while let current = comment {
                levels += 1
                comment = current.replies.first
            }
            depth.withLock { $0 = levels }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        #expect(depth.withLock { $0 } == levels)
    }
}

struct Priced: Equatable {
    let price: Double
    let draft: Bool
}

extension Priced: KeyMapped {
    static let keyMap = KeyMap(Priced.init, [
        .transform(\.price, server: "price_cents", decode: { value throws(ArchiveDecodingError) in
            try Double(keyMapValue: KeyMapInput(value, from: .responseObject)) / 100
        }, encode: { price in price * 100 }),
        .excluded(\.draft, default: false),
    ])
}
