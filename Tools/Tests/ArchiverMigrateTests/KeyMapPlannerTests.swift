import Archiver
import Testing
@testable import ArchiverMigrate

struct KeyMapPlannerTests {
    /// The tool writes `serverKeys: .snakeCase` only where Archiver's strategy gives the same keys.
    @Test(arguments: ["id", "reviewCount", "userID", "avatarURL", "URLString", "html2Text", "already_snake", "a", "isHTTPS", "ID", "x1Y2", "caféOwner", "ÉtatCivil"])
    func snakeCaseIsArchiversRule(name: String) {
        #expect(KeyMapPlanner.snakeCased(name) == KeyStrategy.snakeCase.key(for: name))
    }

    @Test func snakeCaseIsChosenOnlyWhenItSavesEntries() {
        #expect(KeyMapPlanner.prefersSnakeCase([("firstName", "first_name"), ("lastName", "last_name"), ("id", "id")]))
        #expect(!KeyMapPlanner.prefersSnakeCase([("firstName", "first_name"), ("id", "id")]))
        #expect(!KeyMapPlanner.prefersSnakeCase([("firstName", "first_name"), ("lastName", "last_name"), ("userID", "userID"), ("postID", "postID")]))
    }
}
