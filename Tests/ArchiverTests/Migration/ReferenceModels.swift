import Foundation
@testable import Archiver

// The models of the reference articles on archiving structs ("three approaches": Movie and Actor;
// "Swift Struct & NSCoding": Event and Session), with hand-written conformances.

struct Movie: ArchiveRepresentable, Equatable {
    let name: String
    let director: String
    let releaseYear: Int

    var archiveValue: Archive { ["name": name, "director": director, "releaseYear": releaseYear] }

    init(name: String, director: String, releaseYear: Int) {
        self.name = name
        self.director = director
        self.releaseYear = releaseYear
    }

    init?(archive: Archive) {
        guard let name = archive["name"] as? String, let director = archive["director"] as? String,
              let releaseYear = archive["releaseYear"] as? Int else { return nil }
        self.init(name: name, director: director, releaseYear: releaseYear)
    }
}

struct Actor: ArchiveRepresentable, Equatable {
    let name: String
    let firstMovie: Movie

    var archiveValue: Archive { ["name": name, "firstMovie": firstMovie.archiveValue] }

    init(name: String, firstMovie: Movie) {
        self.name = name
        self.firstMovie = firstMovie
    }

    init?(archive: Archive) {
        guard let name = archive["name"] as? String,
              let firstMovie = Movie.unarchived(from: archive, withKey: "firstMovie") else { return nil }
        self.init(name: name, firstMovie: firstMovie)
    }
}

struct Event: ArchiveRepresentable, Equatable {
    var timeStamp: Date
    var eventTag: String

    var archiveValue: Archive { ["timeStamp": timeStamp, "eventTag": eventTag] }

    init(timeStamp: Date, tag: String) {
        self.timeStamp = timeStamp
        self.eventTag = tag
    }

    init?(archive: Archive) {
        guard let timeStamp = archive["timeStamp"] as? Date, let eventTag = archive["eventTag"] as? String else { return nil }
        self.init(timeStamp: timeStamp, tag: eventTag)
    }
}

struct Session: ArchiveRepresentable, Equatable {
    var startTime: Date
    var endTime: Date?
    var events: [Event] = []

    var archiveValue: Archive {
        var archive: Archive = ["startTime": startTime, "events": events.archiveValue]
        archive["endTime"] = endTime
        return archive
    }

    init(startTime: Date, endTime: Date?, events: [Event] = []) {
        self.startTime = startTime
        self.endTime = endTime
        self.events = events
    }

    init?(archive: Archive) {
        guard let startTime = archive["startTime"] as? Date, let events = archive["events"] as? [Archive] else { return nil }
        self.init(startTime: startTime, endTime: archive["endTime"] as? Date, events: Event.unarchivedCollection(from: events))
    }
}

/// The sessions the fixture `foundation-sessions-wrapper-classes.plist` holds.
let referenceSessions = [
    Session(startTime: Date(timeIntervalSinceReferenceDate: 1000), endTime: Date(timeIntervalSinceReferenceDate: 2000), events: [
        Event(timeStamp: Date(timeIntervalSinceReferenceDate: 1100), tag: "test session1/event1"),
        Event(timeStamp: Date(timeIntervalSinceReferenceDate: 1200), tag: "test session1/event2"),
    ]),
    Session(startTime: Date(timeIntervalSinceReferenceDate: 3000), endTime: nil, events: [
        Event(timeStamp: Date(timeIntervalSinceReferenceDate: 3100), tag: "test session2/event1"),
    ]),
]
