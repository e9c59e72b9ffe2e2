import Foundation
import Testing
@testable import Archiver

/// A post whose edit time the server sends in milliseconds, and which most posts lack.
private struct Post: Equatable {
    let id: String
    let editedAt: Date?
}

extension Post: KeyMapped {
    static let keyMap = KeyMap(Post.init, [
        .transform(\.editedAt, server: "edited_ms", decode: { value throws(ArchiveDecodingError) in
            Date(timeIntervalSince1970: try Double(keyMapValue: KeyMapInput(value, from: .responseObject)) / 1000)
        }, encode: { date in date.map { $0.timeIntervalSince1970 * 1000 } }),
    ])
}

/// The spelling the issue found failing: the optional itself, boxed in `Any`.
private struct Boxed: Equatable {
    let id: String
    let editedAt: Date?
}

extension Boxed: KeyMapped {
    static let keyMap = KeyMap(Boxed.init, [
        .transform(\.editedAt, decode: { value throws(ArchiveDecodingError) in
            try Date(keyMapValue: KeyMapInput(value, from: .responseObject))
        }, encode: { $0 as Any }),
    ])
}

/// An optional property with a transform leaves its key out for `nil`, through every door, as an
/// optional property without one does.
struct OptionalTransformTests {
    private let edited = Post(id: "p", editedAt: Date(timeIntervalSince1970: 1_574_553_600.5))
    private let unedited = Post(id: "q", editedAt: nil)

    @Test func nilLeavesTheKeyOutOfTheArchiveAndTheFile() throws {
        #expect(unedited.archiveValue.keys.sorted() == ["id"])
        let data = try unedited.archivedData()
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(plist.keys.sorted() == ["id"])
        #expect(try Post(archivedData: data) == unedited)
        #expect(try Post.decode(archive: unedited.archiveValue) == unedited)
    }

    @Test func aValueStillGoesThroughTheTransformBothWays() throws {
        #expect(edited.archiveValue["editedAt"] as? Double == 1_574_553_600_500)
        #expect(try Post(archivedData: try edited.archivedData()) == edited)
        #expect(try Post.decode(archive: edited.archiveValue) == edited)
        #expect(try Post.decode(json: Data(#"{"id": "p", "edited_ms": 1574553600500}"#.utf8)) == edited)
    }

    @Test func missingOrNullDecodesAsNilThroughEveryDoor() throws {
        for json in [#"{"id": "q"}"#, #"{"id": "q", "edited_ms": null}"#] {
            #expect(try Post.decode(json: Data(json.utf8)) == unedited)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect(try Post.decode(responseObject: object) == unedited)
        }
    }

    @Test func theOptionalItselfBoxedInAnyIsUnwrapped() throws {
        let none = Boxed(id: "b", editedAt: nil)
        #expect(none.archiveValue.keys.sorted() == ["id"])
        #expect(try Boxed(archivedData: try none.archivedData()) == none)
        let some = Boxed(id: "b", editedAt: Date(timeIntervalSince1970: 86_400))
        #expect(some.archiveValue["editedAt"] as? Date == some.editedAt)
        #expect(try Boxed(archivedData: try some.archivedData()) == some)
    }

    @Test func nullAndNestedOptionalsArchiveNothing() {
        #expect(KeyMapTransform.present(NSNull()) == nil)
        #expect(KeyMapTransform.present(Optional<Optional<Int>>.some(nil) as Any) == nil)
        #expect(KeyMapTransform.present(Optional<Int>.some(4) as Any) as? Int == 4)
        #expect(KeyMapTransform.present("x") as? String == "x")
    }
}
