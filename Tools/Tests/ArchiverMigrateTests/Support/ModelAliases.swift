@testable import MigrationAfterFixtures
@testable import MigrationConverted
@testable import MigrationFixtures

// The three versions of each model share a name; these say which is which, and keep
// module-qualified names out of `#require`, whose expansion cannot take them.

typealias HandWrittenUser = MigrationFixtures.User
typealias HandWrittenReview = MigrationFixtures.Review
typealias HandWrittenBookmark = MigrationFixtures.Bookmark
typealias HandWrittenMovie = MigrationFixtures.Movie
typealias HandWrittenEvent = MigrationFixtures.Event
typealias HandWrittenSession = MigrationFixtures.Session

typealias ConvertedUser = MigrationConverted.User
typealias ConvertedReview = MigrationConverted.Review
typealias ConvertedRestaurant = MigrationConverted.Restaurant
typealias ConvertedBookmark = MigrationConverted.Bookmark
typealias ConvertedMovie = MigrationConverted.Movie
typealias ConvertedEvent = MigrationConverted.Event
typealias ConvertedSession = MigrationConverted.Session

typealias AfterUser = MigrationAfterFixtures.User
typealias AfterReview = MigrationAfterFixtures.Review
typealias AfterBookmark = MigrationAfterFixtures.Bookmark
typealias AfterMovie = MigrationAfterFixtures.Movie
typealias AfterEvent = MigrationAfterFixtures.Event
typealias AfterSession = MigrationAfterFixtures.Session
