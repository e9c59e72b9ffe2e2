import Foundation
import Testing
@testable import ArchiverMigrate

/// The committed conversions are what the tool prints for the fixtures today, so that they cannot
/// drift. (The fixtures themselves are symbolic links to the repository's files, not copies.)
struct ConversionOutputTests {
    /// Set `ARCHIVER_MIGRATE_RECORD=1` to rewrite `Fixtures/Converted` on purpose; that run fails
    /// so that it cannot be left on.
    @Test func theCommittedConversionsAreWhatTheToolWrites() throws {
        let report = try Fixtures.migrateBefore()
        let record = ProcessInfo.processInfo.environment["ARCHIVER_MIGRATE_RECORD"] == "1"
        for file in report.files {
            #expect(file.parsed)
            let name = URL(fileURLWithPath: file.path).lastPathComponent
            let committedURL = Fixtures.toolsRoot.appendingPathComponent("Fixtures/Converted/\(name)")
            if record {
                try Data(file.converted.utf8).write(to: committedURL)
                Issue.record("Recorded Fixtures/Converted/\(name); review it and run again without ARCHIVER_MIGRATE_RECORD")
                continue
            }
            let committed = try String(contentsOf: committedURL, encoding: .utf8)
            #expect(file.converted == committed, "Fixtures/Converted/\(name) is not what the tool writes now:\n\(UnifiedDiff.render(old: committed, new: file.converted, path: name))")
        }
    }

    /// A second run over the tool's output finds nothing left to convert.
    @Test func aSecondRunChangesNothing() throws {
        let inputs = try Fixtures.before.map { name, _ in (path: "Fixtures/Converted/\(name)", text: try Fixtures.text("Fixtures/Converted/\(name)")) }
        let report = Migrator.migrate(inputs)
        #expect(report.files.allSatisfy { !$0.isChanged })
        #expect(report.convertedTypes.isEmpty)
        #expect(report.diagnostics.isEmpty)
    }

    @Test func everyTypeIsConverted() throws {
        let report = try Fixtures.migrateBefore()
        #expect(report.convertedTypes.sorted() == ["Bookmark", "Event", "Movie", "Restaurant", "Review", "Session", "User"])
    }

    /// What the tool reports for the fixtures: the NSCoding classes it keeps because
    /// `archiveSessions(_:)` still uses them, and each behaviour the key maps change. The
    /// tutorial's door-specific default (User.name) and its archive rule (Review.id) are no
    /// longer among them: the key maps say both.
    @Test func theToolReportsWhatItKeptAndWhatChanges() throws {
        let report = try Fixtures.migrateBefore()
        #expect(report.diagnostics.map(\.description) == [
            #"Fixtures/Before/User.swift:23: note: User.reviews: an array that holds something other than an object now keeps its valid elements, where serializedCollection and unarchivedCollection gave []"#,
            #"Fixtures/Before/User.swift:23: note: User.reviews: holds Review, which reads some inputs otherwise (see its notes), so User reads them otherwise there too"#,
            #"Fixtures/Before/Review.swift:25: note: Review.rating: read from a String or a number; a number now reads as an Int where the hand-written code gave 0; a string that Int() read but is not a JSON number ("+4", "04") now gives 0 and a whole number Int() did not read ("4.0", "1e2") now reads as that number"#,
            #"Fixtures/Before/Review.swift:53: note: Review.rating: in archives, a numeric string ("5", "4.0", "1e2"), a Swift integer of another width (Int64(12), Int32(7)) and a whole Double (5.0), Float or Decimal built in Swift now read as an Int, where `as? Int` gave 0 (the Swift numbers read as before when they come as NSNumbers, from JSONSerialization or an archive); a JSON true or false (an NSNumber from JSONSerialization, or on Apple platforms an archive's Boolean) no longer reads as 1 or 0"#,
            #"Fixtures/Before/Bookmark.swift:30: note: Bookmark.added: in archives, a number of seconds since 1970 (5, 5.5), a numeric string of seconds ("5", "1574553600.5") and an ISO 8601 string ("2026-01-02T03:04:05Z", "2026-01-02T05:04:05+02:00", "2026-01-02") now read as a Date, where `as? Date` refused the value"#,
            #"Fixtures/Before/Event+Coding.swift:26: note: Event.timeStamp: in archives, a number of seconds since 1970 (5, 5.5), a numeric string of seconds ("5", "1574553600.5") and an ISO 8601 string ("2026-01-02T03:04:05Z", "2026-01-02T05:04:05+02:00", "2026-01-02") now read as a Date, where `as? Date` refused the value"#,
            #"Fixtures/Before/Event+Coding.swift:63: note: Session.startTime: in archives, a number of seconds since 1970 (5, 5.5), a numeric string of seconds ("5", "1574553600.5") and an ISO 8601 string ("2026-01-02T03:04:05Z", "2026-01-02T05:04:05+02:00", "2026-01-02") now read as a Date, where `as? Date` refused the value"#,
            #"Fixtures/Before/Event+Coding.swift:64: left in place: Event.Coding is kept because this code still uses it; once it does not, delete the class and read the old archives with KeyedArchiveOptions(classesReadAsDictionaries: ["<Module>.Event.Coding"])"#,
            #"Fixtures/Before/Event+Coding.swift:64: note: Session.events: holds Event, which reads some inputs otherwise (see its notes), so Session reads them otherwise there too"#,
            #"Fixtures/Before/Event+Coding.swift:67: note: Session.endTime: in archives, a number of seconds since 1970 (5, 5.5), a numeric string of seconds ("5", "1574553600.5") and an ISO 8601 string ("2026-01-02T03:04:05Z", "2026-01-02T05:04:05+02:00", "2026-01-02") now read as a Date, where `as? Date` gave nil"#,
            #"Fixtures/Before/Event+Coding.swift:83: left in place: Session.Coding is kept because this code still uses it; once it does not, delete the class and read the old archives with KeyedArchiveOptions(classesReadAsDictionaries: ["<Module>.Session.Coding"])"#,
            #"Fixtures/Before/Movie+Dictionariable.swift:24: note: Movie no longer conforms to Dictionariable: code that archives it through dictionaryRepresentation() must use archiveValue, or archivedData() and init(archivedData:)"#,
            #"Fixtures/Before/Movie+Dictionariable.swift:32: note: Movie.releaseYear: in archives, a numeric string ("5", "4.0", "1e2"), a Swift integer of another width (Int64(12), Int32(7)) and a whole Double (5.0), Float or Decimal built in Swift now read as an Int, where `as? Int` refused the value (the Swift numbers read as before when they come as NSNumbers, from JSONSerialization or an archive); a JSON true or false (an NSNumber from JSONSerialization, or on Apple platforms an archive's Boolean) no longer reads as 1 or 0"#,
        ])
        #expect(report.leftInPlace)
    }

    @Test func theTutorialAloneConvertsWithNothingLeft() throws {
        let names = ["User.swift", "Review.swift", "Restaurant.swift"]
        let report = Migrator.migrate(try names.map { (path: $0, text: try Fixtures.text("Fixtures/Before/\($0)")) })
        #expect(!report.leftInPlace)
        #expect(report.convertedTypes == ["User", "Review", "Restaurant"])
    }
}
