// "Swift Struct & NSCoding" (2016): a struct per model and a nested NSCoding class per struct that
// archives it; arrays of sessions archived to Data with NSKeyedArchiver. Updated to current Swift
// and to the NSKeyedArchiver call that replaced the deprecated one. MIGRATION.md quotes this file; a test keeps the two identical.
import Foundation
import Archiver

public struct Event {
    public internal(set) var timeStamp: Date
    public internal(set) var eventTag: String

    public init(timeStamp: Date, tag: String) {
        self.timeStamp = timeStamp
        self.eventTag = tag
    }
}

extension Event: KeyMapped {
    public static let keyMap = KeyMap(Event.init(timeStamp:tag:))
}

extension Event {
    public class Coding: NSObject, NSCoding {
        public let event: Event?

        public init(event: Event) {
            self.event = event
            super.init()
        }

        public required init?(coder aDecoder: NSCoder) {
            guard let timeStamp = aDecoder.decodeObject(forKey: "timeStamp") as? Date,
                  let eventTag = aDecoder.decodeObject(forKey: "eventTag") as? String else {
                return nil
            }
            event = Event(timeStamp: timeStamp, tag: eventTag)
            super.init()
        }

        public func encode(with aCoder: NSCoder) {
            guard let event = event else { return }
            aCoder.encode(event.timeStamp, forKey: "timeStamp")
            aCoder.encode(event.eventTag, forKey: "eventTag")
        }
    }
}

public struct Session {
    public var startTime: Date
    public var endTime: Date?
    public var events: [Event] = []

    public init(startTime: Date, endTime: Date?) {
        self.startTime = startTime
        self.endTime = endTime
    }
}

extension Session: KeyMapped {
    public static let keyMap = KeyMap(Session.init(startTime:endTime:events:), [
        .property(\.endTime, ifInvalid: .useDefault),
    ])

    // Added by archiver-migrate: a key map calls an initializer that takes every stored
    // property, in declaration order.
    fileprivate init(startTime: Date, endTime: Date?, events: [Event]) {
        self.startTime = startTime
        self.endTime = endTime
        self.events = events
    }
}

extension Session {
    public class Coding: NSObject, NSCoding {
        public let session: Session?

        public init(session: Session) {
            self.session = session
            super.init()
        }

        public required init?(coder aDecoder: NSCoder) {
            guard let startTime = aDecoder.decodeObject(forKey: "startTime") as? Date,
                  let events = aDecoder.decodeObject(forKey: "events") as? [Event.Coding] else {
                return nil
            }
            var session = Session(startTime: startTime, endTime: aDecoder.decodeObject(forKey: "endTime") as? Date)
            session.events = events.compactMap { $0.event }
            self.session = session
            super.init()
        }

        public func encode(with aCoder: NSCoder) {
            guard let session = session else { return }
            aCoder.encode(session.startTime, forKey: "startTime")
            aCoder.encode(session.endTime, forKey: "endTime")
            aCoder.encode(session.events.map(Event.Coding.init), forKey: "events")
        }
    }
}

public func archiveSessions(_ sessions: [Session]) throws -> Data {
    try NSKeyedArchiver.archivedData(withRootObject: sessions.map(Session.Coding.init), requiringSecureCoding: false)
}
