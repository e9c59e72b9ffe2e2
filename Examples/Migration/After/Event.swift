// The "Swift Struct & NSCoding" model after migration: the structs are ArchiveRepresentable and
// the Coding classes are gone. MIGRATION.md quotes this file; a test keeps the two identical.
import Archiver
import Foundation

public struct Event: Equatable {
    public internal(set) var timeStamp: Date
    public internal(set) var eventTag: String

    public init(timeStamp: Date, tag: String) {
        self.timeStamp = timeStamp
        self.eventTag = tag
    }
}

extension Event: ArchiveRepresentable {
    public var archiveValue: Archive {
        ["timeStamp": timeStamp, "eventTag": eventTag]
    }

    public init?(archive: Archive) {
        guard let timeStamp = archive["timeStamp"] as? Date,
              let eventTag = archive["eventTag"] as? String else { return nil }
        self.init(timeStamp: timeStamp, tag: eventTag)
    }
}

public struct Session: Equatable {
    public var startTime: Date
    public var endTime: Date?
    public var events: [Event] = []

    public init(startTime: Date, endTime: Date?) {
        self.startTime = startTime
        self.endTime = endTime
    }
}

extension Session: ArchiveRepresentable {
    public var archiveValue: Archive {
        var archive: Archive = ["startTime": startTime, "events": events.archiveValue]
        archive["endTime"] = endTime
        return archive
    }

    public init?(archive: Archive) {
        guard let startTime = archive["startTime"] as? Date else { return nil }
        self.init(startTime: startTime, endTime: archive["endTime"] as? Date)
        events = Event.unarchivedCollection(from: archive, withKey: "events")
    }
}

extension KeyedArchiveOptions {
    /// The Coding classes of the previous version, under the names their archives record: the
    /// Swift class name on Linux, the mangled one on Apple platforms.
    public static let sessionCodingClasses = KeyedArchiveOptions(classesReadAsDictionaries: [
        "MigrationBefore.Session.Coding", "MigrationBefore.Event.Coding",
        "_TtCV15MigrationBefore7Session6Coding", "_TtCV15MigrationBefore5Event6Coding",
    ])
}

/// Reads the sessions file, whichever version wrote it, and rewrites it in the current format.
public func loadSessions(from url: URL) throws -> [Session] {
    let sessions = try [Session](archivedData: Data(contentsOf: url), keyedArchiveOptions: .sessionCodingClasses)
    try sessions.archivedData().write(to: url, options: .atomic)
    return sessions
}
