import Foundation
import Testing
@testable import Archiver
import ArchiverTesting
import TutorialData

/// `cache(json:)`: decode and store in one step.
struct CachableJSONTests {
    @Test func cacheStoresWhatItDecoded() throws {
        try TemporaryArchiver.with { _ in
            let user = try Derived.User.cache(json: Data(tutorialJSON.utf8))
            let stored = try #require(Derived.User(resourceID: user.id))
            #expect(sameArchive(stored.archiveValue, user.archiveValue))
        }
    }

    @Test func cacheSaysWhyTextIsRefused() throws {
        do {
            _ = try Derived.User.cache(json: Data(#"{"id": "a",}"#.utf8))
            Issue.record("expected an error")
        } catch {
            guard case .invalidResponseObject(let type, let decoding) = error, case .invalidJSON(let syntax) = decoding.reason else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(type == "User")
            #expect(syntax.byteOffset == 11)
            #expect(error.description.hasSuffix("User: invalid JSON at line 1, column 12 (byte 11): expected a string key, found '}'"))
        }
    }
}
