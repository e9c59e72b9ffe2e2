import Archiver
import ArchiverTesting
import Foundation
import Testing
@testable import MigrationAfterFixtures
@testable import MigrationConverted
@testable import MigrationFixtures

/// Each "Before" of MIGRATION.md run through the tool compiles (a target of this package), and
/// writes and reads the archives the hand-written code did and the "After" does, key for key.
struct MigrationEquivalenceTests {
    static func date(using random: inout some RandomNumberGenerator) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(Int.random(in: 0...900_000_000, using: &random)))
    }

    // MARK: Bookmark: a hand-written 0.6-style conformance

    @Test(arguments: 0..<50)
    func bookmarkArchivesAreUnchanged(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let (id, title, added) = (random.string(), random.string(), Self.date(using: &random))
        let note = random.chance(0.5) ? random.string() : nil
        let before = HandWrittenBookmark(id: id, title: title, added: added, note: note)
        let converted = ConvertedBookmark(id: id, title: title, added: added, note: note)
        let after = AfterBookmark(id: id, title: title, added: added, note: note)
        expectSameArchives(before, converted, input: "seed \(seed)")
        expectSameArchives(after, converted, input: "seed \(seed), against the After")
        #expect(converted.archiveValue["note"] == nil || note != nil)
    }

    // MARK: Movie: a Dictionariable NSDictionary round trip

    @Test(arguments: 0..<50)
    func movieArchivesAreTheDictionariableOnes(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let (name, director, year) = (random.string(), random.string(), Int.random(in: 1890...2030, using: &random))
        let before = HandWrittenMovie(name: name, director: director, releaseYear: year)
        let converted = ConvertedMovie(name: name, director: director, releaseYear: year)
        let dictionary = try #require(before.dictionaryRepresentation() as? [String: Any])
        #expect(ArchiveDifference.lines(expected: dictionary, actual: converted.archiveValue).isEmpty)
        expectSameArchives(AfterMovie(name: name, director: director, releaseYear: year), converted, input: "seed \(seed)")

        // The converted type reads the file archiveStructure(structure:to:) wrote…
        let keyedArchive = try NSKeyedArchiver.archivedData(withRootObject: before.dictionaryRepresentation(), requiringSecureCoding: false)
        let read = try ConvertedMovie(archivedData: keyedArchive)
        #expect(ArchiveDifference.lines(expected: dictionary, actual: read.archiveValue).isEmpty)
        // …and the old code reads what the converted type writes.
        let back = HandWrittenMovie(dictionaryRepresentation: NSDictionary(dictionary: converted.archiveValue))
        #expect(back?.name == name && back?.director == director && back?.releaseYear == year)
    }

    // MARK: Event and Session: NSCoding wrapper classes

    static func sessions(seed: UInt64) -> [(startTime: Date, endTime: Date?, events: [(Date, String)])] {
        var random = SplitMix64(seed: seed)
        return (0..<3).map { _ in
            let start = date(using: &random)
            let end = random.chance(0.5) ? start.addingTimeInterval(3_600) : nil
            let events = (0..<Int.random(in: 0...3, using: &random)).map { _ in (date(using: &random), random.string()) }
            return (start, end, events)
        }
    }

    @Test(arguments: 0..<30)
    func sessionArchivesAreTheCodingClassesFields(seed: UInt64) throws {
        for (start, end, events) in Self.sessions(seed: seed) {
            var before = HandWrittenSession(startTime: start, endTime: end)
            before.events = events.map { HandWrittenEvent(timeStamp: $0.0, tag: $0.1) }
            var converted = ConvertedSession(startTime: start, endTime: end)
            converted.events = events.map { ConvertedEvent(timeStamp: $0.0, tag: $0.1) }
            var after = AfterSession(startTime: start, endTime: end)
            after.events = events.map { AfterEvent(timeStamp: $0.0, tag: $0.1) }

            // What the Coding classes wrote is what the key maps write…
            let recorded = RecordingCoder.record(HandWrittenSession.Coding(session: before))
            let differences = ArchiveDifference.lines(expected: recorded, actual: converted.archiveValue)
            #expect(differences.isEmpty, "seed \(seed):\n\(differences.joined(separator: "\n"))")
            expectSameArchives(after, converted, input: "seed \(seed), against the After")

            // …the key maps read it…
            let read = try #require(ConvertedSession(archive: recorded))
            #expect(read.startTime == start && read.endTime == end)
            #expect(read.events.map(\.timeStamp) == events.map(\.0) && read.events.map(\.eventTag) == events.map(\.1))

            // …and the old classes read what the key maps write.
            let coder = ReplayingCoder(converted.archiveValue, nested: ["events": { HandWrittenEvent.Coding(coder: $0) }])
            let old = try #require(HandWrittenSession.Coding(coder: coder)?.session)
            #expect(old.startTime == start && old.endTime == end && old.events.map(\.eventTag) == events.map(\.1))
        }
    }

    @Test func theConvertedEventsKeyMapsAreValid() throws {
        try ConvertedEvent.validateKeyMap()
        try ConvertedSession.validateKeyMap()
        try ConvertedBookmark.validateKeyMap()
        try ConvertedMovie.validateKeyMap()
    }
}
