import Foundation
import Testing
@testable import Archiver
@testable import ArchiverTutorial
import TutorialData

/// `decode(json:)` and `decodeCollection(json:)`: the same values and the same errors as
/// `JSONSerialization` followed by `decode(responseObject:)`, for key-mapped and hand-written types.
struct SerializableJSONTests {
    @Test func keyMappedTypesDecodeTheTutorialFromText() throws {
        let fromText = try Derived.User.decode(json: Data(tutorialJSON.utf8))
        let fromObject = try Derived.User.decode(responseObject: tutorialResponseObject())
        #expect(fromText.reviews.map(\.rating) == [4, 4, 5])
        #expect(fromText.reviews[1].restaurant.name == "La Boîte en Bois")
        #expect(sameArchive(fromText.archiveValue, fromObject.archiveValue))
    }

    @MainActor @Test func handWrittenTypesGetTheParsedResponseObject() throws {
        let fromText = try User.decode(json: Data(tutorialJSON.utf8))
        let fromObject = try #require(User(responseObject: try tutorialResponseObject()))
        #expect(fromText.reviews.count == 3)
        #expect(sameArchive(fromText.archiveValue, fromObject.archiveValue))
    }

    @Test func everyPropertyTypeReadsAsFromJSONSerialization() throws {
        let fromText = try KeyMappedEverything.decode(json: Data(Self.everythingJSON.utf8))
        let fromObject = try KeyMappedEverything.decode(responseObject: responseObject(Self.everythingJSON))
        #expect(fromText == fromObject)
        #expect(fromText.uint64 == .max)
        #expect(fromText.int64 == .min)
        #expect(fromText.decimal == Decimal(string: "12345678901234567890.5"))
        #expect(fromText.note == nil)
        #expect(fromText.restaurants == [Derived.Restaurant(id: "a", name: "Monk's Café")])
    }

    @Test func aSyntaxErrorSaysWhereInTheText() throws {
        let text = "{\"id\": \"a\",\n \"name\": tru}"
        let error = try #require(decodingError { () throws(ArchiveDecodingError) in try Derived.User.decode(json: Data(text.utf8)) })
        guard case .invalidJSON(let syntax) = error.reason else {
            Issue.record("expected invalidJSON, got \(error)")
            return
        }
        #expect(syntax.line == 2)
        #expect(syntax.column == 10)
        #expect(syntax.byteOffset == 21)
        #expect(error.description == "User.name: invalid JSON at line 2, column 10 (byte 21): expected true")
    }

    /// The key path of a syntax error is the text's own: the keys and indices of the containers
    /// open at the offending byte, as NewCodable's errors name them.
    @Test func aSyntaxErrorNamesTheKeyPathOfTheText() throws {
        let text = #"{"id": "u", "name": "n", "user_reviews": [{"id": "r", "restaurant": {"id": x}}]}"#
        let offset = try #require(text.utf8.firstIndex(of: UInt8(ascii: "x"))).utf16Offset(in: text)
        let error = try #require(decodingError { () throws(ArchiveDecodingError) in try Derived.User.decode(json: Data(text.utf8)) })
        #expect(error.path == [.key("user_reviews"), .index(0), .key("restaurant"), .key("id")])
        #expect(error.description == "User.user_reviews[0].restaurant.id: invalid JSON at line 1, column \(offset + 1) (byte \(offset)): expected a value, found 'x'")
    }

    /// A member the map does not read is checked all the same, and its error names its path, an
    /// escaped key by its text; an error between members or in a key names the object or array
    /// alone, and one after the whole value names nothing.
    @Test func aSyntaxErrorInASkippedMemberNamesItsPath() throws {
        func path(_ text: String) throws -> [ArchiveDecodingError.PathComponent] {
            try #require(decodingError { () throws(ArchiveDecodingError) in try Derived.User.decode(json: Data(text.utf8)) }).path
        }
        #expect(try path(#"{"id": "u", "extra": [1, {"deep": [true, nul]}], "name": "n", "user_reviews": []}"#)
            == [.key("extra"), .index(1), .key("deep"), .index(1)])
        #expect(try path(#"{"id": "u", "e\u0078tra": {"a": {}, "b": [[], "s\q"]}}"#) == [.key("extra"), .key("b"), .index(1)])
        #expect(try path(#"{"id": "u", "user_reviews": [{"id": "r"}, {"id": "s", "text": 1.}]}"#) == [.key("user_reviews"), .index(1), .key("text")])
        #expect(try path(#"{"id": "u", "user_reviews": [{"id": "r"}, {"id": "s", "text": "abc"#) == [.key("user_reviews"), .index(1), .key("text")])
        #expect(try path(#"{"id": "u", "user_reviews": [{"id": "r", "restaurant": [[[[{"a": 1,}]]]]}]}"#)
            == [.key("user_reviews"), .index(0), .key("restaurant"), .index(0), .index(0), .index(0), .index(0)])
        #expect(try path(#"{"id": "u", "name" "n"}"#) == [])
        #expect(try path(#"{"id": "u"} x"#) == [])
        let between = try #require(decodingError { () throws(ArchiveDecodingError) in
            try Derived.User.decode(json: Data(#"{"id": "u", "user_reviews": [{"id": "r"} {"id": "s"}]}"#.utf8))
        })
        #expect(between.path == [.key("user_reviews")])
        guard case .invalidJSON(let syntax) = between.reason else {
            Issue.record("expected invalidJSON, got \(between)")
            return
        }
        #expect(syntax.message == "expected ',' or ']', found '{'")
    }

    /// A syntax error in an element of a collection names the element's index.
    @Test func aSyntaxErrorInACollectionNamesTheElement() throws {
        let text = #"[{"id": "a", "name": "A"}, {"id": "b", "name": B}]"#
        let error = try #require(decodingError { () throws(ArchiveDecodingError) in try Derived.Restaurant.decodeCollection(json: Data(text.utf8)) })
        #expect(error.path == [.index(1), .key("name")])
    }

    @Test func aValueErrorNamesTheKeyPathAsFromAResponseObject() throws {
        let text = tutorialJSON.replacingOccurrences(of: #""id": "abcd-efgh-ijkl-mnop","#, with: #""id": 4,"#)
        let fromText = try #require(decodingError { () throws(ArchiveDecodingError) in try Derived.User.decode(json: Data(text.utf8)) })
        let object = try responseObject(text)
        let fromObject = try #require(decodingError { () throws(ArchiveDecodingError) in try Derived.User.decode(responseObject: object) })
        #expect(fromText.description == "User.id: expected String, found number 4")
        #expect(fromText == fromObject)
    }

    /// An invalid review is dropped, as from a response object and as Archiver 0.6 drops it.
    @Test func invalidModelsInArraysAreDroppedAsFromAResponseObject() throws {
        let text = tutorialJSON.replacingOccurrences(of: #"{"id": "efgh-5678", "#, with: "{")
        let fromText = try Derived.User.decode(json: Data(text.utf8))
        let fromObject = try Derived.User.decode(responseObject: responseObject(text))
        #expect(fromText.reviews.map(\.id) == ["123-456", "345-678"])
        #expect(sameArchive(fromText.archiveValue, fromObject.archiveValue))
    }

    @Test func collectionsDropInvalidElementsAndSayWhy() throws {
        let text = #"[{"id": "a", "name": "A"}, {"id": 5, "name": "B"}, {"id": "c", "name": "C"}]"#
        let result = try Derived.Restaurant.decodeCollection(json: Data(text.utf8))
        #expect(result.values.map(\.id) == ["a", "c"])
        #expect(result.failures.map(\.description) == ["[1] Restaurant.id: expected String, found number 5"])
        let notAnArray = try #require(decodingError { () throws(ArchiveDecodingError) in
            try Derived.Restaurant.decodeCollection(json: Data(#"{"id": "a"}"#.utf8))
        })
        #expect(notAnArray.description == "[Restaurant]: expected an array of Restaurant, found dictionary of 1")
    }

    @MainActor @Test func aTopLevelThatIsNoObjectIsATypeMismatch() throws {
        let keyMapped = try #require(decodingError { () throws(ArchiveDecodingError) in try Derived.User.decode(json: Data("[1]".utf8)) })
        #expect(keyMapped.description == "User: expected User, found array of 1")
        let handWritten = try #require(decodingError { () throws(ArchiveDecodingError) in try User.decode(json: Data(#""x""#.utf8)) })
        #expect(handWritten.description == #"User: expected a JSON object, found String "x""#)
    }

    static let everythingJSON = #"""
    {"text": "é\n\u00e9", "flag": true, "int": -42, "int8": 127, "int16": "-300", "int32": 1e3, "int64": -9223372036854775808,
     "uint": 7, "uint8": 255, "uint16": 65535, "uint32": 4294967295, "uint64": 18446744073709551615,
     "double": 0.1, "float": 1.5, "decimal": 12345678901234567890.5, "date": "2016-06-01T12:00:00Z",
     "data": "AAEC", "url": "https://example.com/a?b=c", "uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
     "note": null, "numbers": [1, 2, 3], "tags": ["a", "b"], "scores": {"x": 1.25, "y": -2},
     "cuisine": "soup", "priority": 2, "restaurants": [{"id": "a", "name": "Monk's Café"}], "favorite": null}
    """#
}
