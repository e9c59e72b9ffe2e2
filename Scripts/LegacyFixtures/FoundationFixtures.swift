// Writes keyed archives with Foundation's NSKeyedArchiver, as Archiver 0.6 and the NSCoding
// wrapper patterns did. Run by Scripts/make-legacy-fixtures.sh; not part of the package.
//
//     swift Scripts/LegacyFixtures/FoundationFixtures.swift <output directory>
import Foundation

let output = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".", isDirectory: true)

func write(_ root: Any, to name: String) {
    let url = output.appendingPathComponent(name)
    // Archiver 0.6: NSKeyedArchiver.archiveRootObject(archive, toFile: path)
    guard NSKeyedArchiver.archiveRootObject(root, toFile: url.path) else {
        fatalError("could not write \(name)")
    }
    print("wrote \(name)")
}

// The tutorial's user, as Archiver 0.6 stored it: User.archiveValue bridged to NSDictionary.
func restaurant(_ id: String, _ name: String) -> [String: Any] { ["id": id, "name": name] }
let tutorialUser: [String: Any] = [
    "id": "abcd-efgh-ijkl-mnop",
    "name": "George Costanza",
    "reviews": [
        ["id": "123-456", "restaurant": restaurant("abcd-1234", "The Original Soup Man"), "rating": 4,
         "text": "Good soup! One star off for forgeting the bread."],
        ["id": "789-012", "restaurant": restaurant("efgh-5678", "La Boîte en Bois"), "rating": 4,
         "text": "I've heard the risotto is very good here."],
        ["id": "345-678", "restaurant": restaurant("ijkl-9012", "Monk's Café"), "rating": 5,
         "text": "Always a consistent experience. Great atmosphere."],
    ] as [[String: Any]],
]
write(NSDictionary(dictionary: tutorialUser), to: "foundation-tutorial-user.plist")

// Edge values: dates, data, nesting, unicode, large integers, Booleans, reals, empty containers.
let edgeCases: [String: Any] = [
    "date": Date(timeIntervalSinceReferenceDate: 500_000_000.25),
    "ancientDate": Date(timeIntervalSinceReferenceDate: -3_000_000_000),
    "data": Data([0x00, 0xFF, 0x10, 0x80]),
    "emptyData": Data(),
    "nested": [[1, 2], [[3]], [] as [Any], ["deep": ["deeper": [true]]]] as [Any],
    "unicode": "Zoë 🍲 \u{65}\u{301} 日本語",
    "emptyString": "",
    "int64Max": Int64.max,
    "int64Min": Int64.min,
    "negative": -42,
    "real": 3.141592653589793,
    "yes": true,
    "no": false,
    "mutable": NSMutableString(string: "mutable text"),
    "mutableArray": NSMutableArray(array: ["a", "b"]),
    "mutableDictionary": NSMutableDictionary(dictionary: ["k": "v"]),
]
write(NSDictionary(dictionary: edgeCases), to: "foundation-edge-cases.plist")

// "Archiving Swift structs, approach 3": a Dictionariable NSDictionary of a Movie.
let movie: NSDictionary = ["name": "Jurassic Park", "director": "Steven Spielberg", "releaseYear": 1993]
write(movie, to: "foundation-movie-dictionariable.plist")

// "Approach 1": a mirror class that encodes the struct's properties.
final class MovieClass: NSObject, NSCoding {
    let name: String, director: String, releaseYear: Int
    init(name: String, director: String, releaseYear: Int) {
        self.name = name; self.director = director; self.releaseYear = releaseYear
    }
    init?(coder: NSCoder) { nil }
    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "name")
        coder.encode(director, forKey: "director")
        coder.encode(releaseYear, forKey: "releaseYear")
    }
}
write(MovieClass(name: "Jurassic Park", director: "Steven Spielberg", releaseYear: 1993), to: "foundation-movie-wrapper.plist")

// "Swift Struct & NSCoding", an array of sessions with events to Data, with top-level wrapper
// classes: Foundation on Linux stops the process archiving a nested class (see independent_fixtures.py).
final class EventCoding: NSObject, NSCoding {
    let timeStamp: Date, eventTag: String
    init(timeStamp: Date, eventTag: String) { self.timeStamp = timeStamp; self.eventTag = eventTag }
    init?(coder: NSCoder) { nil }
    func encode(with coder: NSCoder) {
        coder.encode(timeStamp, forKey: "timeStamp")
        coder.encode(eventTag, forKey: "eventTag")
    }
}
final class SessionCoding: NSObject, NSCoding {
    let startTime: Date, endTime: Date?, events: [EventCoding]
    init(startTime: Date, endTime: Date?, events: [EventCoding]) {
        self.startTime = startTime; self.endTime = endTime; self.events = events
    }
    init?(coder: NSCoder) { nil }
    func encode(with coder: NSCoder) {
        coder.encode(startTime, forKey: "startTime")
        coder.encode(endTime, forKey: "endTime")
        coder.encode(events, forKey: "events")
    }
}
let sessions = [
    SessionCoding(startTime: Date(timeIntervalSinceReferenceDate: 1000), endTime: Date(timeIntervalSinceReferenceDate: 2000), events: [
        EventCoding(timeStamp: Date(timeIntervalSinceReferenceDate: 1100), eventTag: "test session1/event1"),
        EventCoding(timeStamp: Date(timeIntervalSinceReferenceDate: 1200), eventTag: "test session1/event2"),
    ]),
    SessionCoding(startTime: Date(timeIntervalSinceReferenceDate: 3000), endTime: nil, events: [
        EventCoding(timeStamp: Date(timeIntervalSinceReferenceDate: 3100), eventTag: "test session2/event1"),
    ]),
]
let sessionsData = NSKeyedArchiver.archivedData(withRootObject: sessions)
try! sessionsData.write(to: output.appendingPathComponent("foundation-sessions-wrapper-classes.plist"))
print("wrote foundation-sessions-wrapper-classes.plist")
