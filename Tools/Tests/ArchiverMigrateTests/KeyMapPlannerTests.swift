import Archiver
import Testing
@testable import ArchiverMigrate

struct KeyMapPlannerTests {
    @Test func snakeCaseIsChosenOnlyWhenItSavesEntries() {
        #expect(KeyMapPlanner.prefersSnakeCase([("firstName", "first_name"), ("lastName", "last_name"), ("id", "id")]))
        #expect(!KeyMapPlanner.prefersSnakeCase([("firstName", "first_name"), ("id", "id")]))
        #expect(!KeyMapPlanner.prefersSnakeCase([("firstName", "first_name"), ("lastName", "last_name"), ("userID", "userID"), ("postID", "postID")]))
    }
}
