import Archiver
import Foundation
import Testing
@testable import ArchiverMigrate
@testable import ShapesBefore
@testable import ShapesConverted

/// The tool on models written in the idioms of real projects (Fixtures/Shapes/Before): a
/// project-local protocol or none, `[String: Any]()`, inferred property types, `if let … else
/// { return nil }`, raw-value enums, types nested in a class or read from another file, optional
/// chaining into a nested dictionary, `compactMap` and `flatMap` over dictionaries. Its output
/// (Fixtures/Shapes/Converted, a target of this package) decodes a table of edge inputs as the
/// hand-written code does, or the tool said which inputs read differently.
struct ShapeCorpusTests {
    static let files = ["Expedition.swift", "Leg.swift", "Park.swift", "Route.swift", "Sighting.swift"]

    static func migrate() throws -> MigrationReport {
        Migrator.migrate(try files.map { (path: "Fixtures/Shapes/Before/\($0)", text: try Fixtures.text("Fixtures/Shapes/Before/\($0)")) })
    }

    /// Recognised by shape whatever the protocol is called, or with none; what is left is left
    /// for a true reason, at its line.
    @Test func everyConversionIsRecognisedAndMostAreConverted() throws {
        let report = try Self.migrate()
        #expect(report.convertedTypes.sorted() == ["Badge", "Expedition.Checkpoint", "Leg", "Observer", "Ranger", "Route", "Sighting", "Tag", "Waypoint"])
        let left = report.diagnostics.filter { $0.severity == .leftInPlace }.map(\.description)
        #expect(left == [
            "Fixtures/Shapes/Before/Expedition.swift:35: left in place: Expedition is a class; key maps derive structs",
            "Fixtures/Shapes/Before/Expedition.swift:51: left in place: Preferences.init(from:) cannot fail, but decoding a key map can (a value of the wrong type, a missing key without a default); make it `init?` first",
        ])
        let recognised = report.convertedTypes.count + left.count
        #expect(Double(report.convertedTypes.count) / Double(recognised) >= 0.8)
        #expect(report.leftInPlace)
    }

    @Test func theCommittedConversionIsWhatTheToolWrites() throws {
        let report = try Self.migrate()
        for (name, file) in zip(Self.files, report.files) {
            let committed = try Fixtures.text("Fixtures/Shapes/Converted/\(name)")
            #expect(file.converted == committed, "\(UnifiedDiff.render(old: committed, new: file.converted, path: name))")
        }
        try ShapesConverted.Observer.validateKeyMap()
        try ShapesConverted.Sighting.validateKeyMap()
        try ShapesConverted.Expedition.Checkpoint.validateKeyMap()
        try ShapesConverted.Leg.validateKeyMap()
        try ShapesConverted.Waypoint.validateKeyMap()
        try ShapesConverted.Route.validateKeyMap()
        try ShapesConverted.Badge.validateKeyMap()
        try ShapesConverted.Ranger.validateKeyMap()
        try ShapesConverted.Tag.validateKeyMap()
    }

    // MARK: The table of edge inputs

    /// One converted type: how each version decodes (and, where it can, writes back) a dictionary,
    /// a valid input, and the paths to vary with the property whose note covers each.
    struct Subject: Sendable {
        let name: String
        let before: @Sendable ([String: Any]) -> String?
        let after: @Sendable ([String: Any]) -> String?
        let base: @Sendable () -> [String: Any]
        let paths: [(path: String, notedAs: [String])]
    }

    /// An edge value, and the words a note names it by.
    struct Edge: @unchecked Sendable, CustomStringConvertible {
        let value: Any?
        let notedAs: [String]
        var description: String { value.map { "\($0) (\(type(of: $0)))" } ?? "missing" }
    }

    static let edges: [Edge] = [
        Edge(value: nil, notedAs: []),
        Edge(value: NSNull(), notedAs: []),
        Edge(value: "5", notedAs: ["a numeric string", "an array holding numeric strings"]),
        Edge(value: "2", notedAs: ["a numeric string", "an array holding numeric strings"]),
        Edge(value: "5.5", notedAs: ["a numeric string"]),
        Edge(value: "true", notedAs: ["the strings \"true\" and \"false\""]),
        Edge(value: "", notedAs: []),
        Edge(value: "underway", notedAs: []),
        Edge(value: 5, notedAs: ["a Swift integer"]),
        Edge(value: 1, notedAs: ["the Swift numbers 0 and 1", "a Swift integer"]),
        Edge(value: 0, notedAs: ["the Swift numbers 0 and 1", "a Swift integer"]),
        Edge(value: -3, notedAs: ["a Swift integer"]),
        Edge(value: Int64(12), notedAs: ["a Swift integer", "an array holding Swift integers"]),
        Edge(value: Int64(1), notedAs: ["a Swift integer", "the Swift numbers 0 and 1", "an array holding Swift integers"]),
        Edge(value: Int32(7), notedAs: ["a Swift integer", "an array holding Swift integers"]),
        Edge(value: 5.0, notedAs: ["a whole Double (5.0)", "a Swift Double (2.5)"]),
        Edge(value: 1.0, notedAs: ["a whole Double (5.0)", "a Swift Double (2.5)", "the Swift numbers 0 and 1"]),
        Edge(value: 5.5, notedAs: ["a Swift Double (2.5)"]),
        Edge(value: Float(2.5), notedAs: ["a Swift Float (2.5)"]),
        Edge(value: true, notedAs: []),
        Edge(value: false, notedAs: []),
        Edge(value: [1, 2], notedAs: []),
        Edge(value: ["5", "6"], notedAs: ["an array holding numeric strings"]),
        Edge(value: [Int64(1)], notedAs: ["an array holding Swift integers"]),
        Edge(value: ["a", 1] as [Any], notedAs: []),
        Edge(value: ["name": "x"] as [String: Any], notedAs: []),
    ]

    static func describe(_ value: Any) -> String {
        String(describing: value).replacingOccurrences(of: "ShapesBefore.", with: "").replacingOccurrences(of: "ShapesConverted.", with: "")
    }

    /// A written dictionary, keys sorted, each value with its type.
    static func canonical(_ value: Any) -> String {
        if let dictionary = value as? [String: Any] {
            return "[" + dictionary.keys.sorted().map { "\($0): \(canonical(dictionary[$0]!))" }.joined(separator: ", ") + "]"
        }
        if let array = value as? [Any] { return "[" + array.map(canonical).joined(separator: ", ") + "]" }
        return "\(value) as \(type(of: value))"
    }

    static var observer: [String: Any] { ["name": "Ada", "expert": true] }
    static var waypoint: [String: Any] { ["label": "col", "lat": 45.5, "lon": 6.25, "elevation": Int64(2100)] }
    static var badge: [String: Any] { ["title": "scout", "level": 3] }

    static let subjects: [Subject] = [
        Subject(name: "Observer",
                before: { ShapesBefore.Observer(json: $0).map { describe($0) + " → " + canonical($0.json) } },
                after: { ShapesConverted.Observer(json: $0).map { describe($0) + " → " + canonical($0.json) } },
                base: { observer },
                paths: [("name", ["Observer.name"]), ("expert", ["Observer.isExpert"])]),
        Subject(name: "Sighting",
                before: { ShapesBefore.Sighting(dictionary: $0).map { describe($0) + " → " + canonical($0.toDictionary()) } },
                after: { ShapesConverted.Sighting(dictionary: $0).map { describe($0) + " → " + canonical($0.toDictionary()) } },
                base: { ["species": "heron", "count": 3, "confidence": 2, "habitat": "wetland", "observer": observer, "notes": "tall", "verified": true] },
                paths: [("species", ["Sighting.species"]), ("count", ["Sighting.count"]), ("confidence", ["Sighting.confidence"]),
                        ("habitat", ["Sighting.habitat"]), ("observer", ["Sighting.observer"]), ("notes", ["Sighting.notes"]),
                        ("verified", ["Sighting.verified"]), ("observer.name", ["Observer.name", "Sighting.observer"]), ("observer.expert", ["Observer.isExpert", "Sighting.observer"])]),
        Subject(name: "Expedition.Checkpoint",
                before: { ShapesBefore.Expedition.Checkpoint(dictionary: $0).map { describe($0) + " → " + canonical($0.dictionary) } },
                after: { ShapesConverted.Expedition.Checkpoint(dictionary: $0).map { describe($0) + " → " + canonical($0.dictionary) } },
                base: { ["name": "ridge", "reached": true] },
                paths: [("name", ["Expedition.Checkpoint.name"]), ("reached", ["Expedition.Checkpoint.reached"])]),
        Subject(name: "Leg",
                before: { ShapesBefore.Leg(json: $0).map { describe($0) + " → " + canonical($0.json) } },
                after: { ShapesConverted.Leg(json: $0).map { describe($0) + " → " + canonical($0.json) } },
                base: { ["destination": "hut", "status": "underway", "hours": 2.5] },
                paths: [("destination", ["Leg.destination"]), ("status", ["Leg.status"]), ("hours", ["Leg.hours"])]),
        Subject(name: "Waypoint",
                before: { ShapesBefore.Waypoint(dictionary: $0).map { describe($0) + " → " + canonical($0.dictionaryRepresentation) } },
                after: { ShapesConverted.Waypoint(dictionary: $0).map { describe($0) + " → " + canonical($0.dictionaryRepresentation) } },
                base: { waypoint },
                paths: [("label", ["Waypoint.label"]), ("lat", ["Waypoint.latitude"]), ("lon", ["Waypoint.longitude"]), ("elevation", ["Waypoint.elevation"])]),
        Subject(name: "Route",
                before: { ShapesBefore.Route(dictionary: $0).map { describe($0) + " → " + canonical($0.dictionaryRepresentation) } },
                after: { ShapesConverted.Route(dictionary: $0).map { describe($0) + " → " + canonical($0.dictionaryRepresentation) } },
                base: { ["name": "loop", "waypoints": [waypoint, waypoint], "loop": true, "tags": ["alpine"], "ratings": [4, 5]] },
                paths: [("name", ["Route.name"]), ("waypoints", ["Route.waypoints"]), ("loop", ["Route.loop"]),
                        ("tags", ["Route.tags"]), ("ratings", ["Route.ratings"]), ("ratings.1", ["Route.ratings"]),
                        ("waypoints.0", ["Route.waypoints"]), ("waypoints.1.lat", ["Waypoint.latitude", "Route.waypoints"]), ("waypoints.0.elevation", ["Waypoint.elevation", "Route.waypoints"])]),
        Subject(name: "Badge",
                before: { ShapesBefore.Badge(json: $0).map { describe($0) } },
                after: { ShapesConverted.Badge(json: $0).map { describe($0) } },
                base: { badge },
                paths: [("title", ["Badge.title"]), ("level", ["Badge.level"])]),
        Subject(name: "Ranger",
                before: { ShapesBefore.Ranger(json: $0).map { describe($0) } },
                after: { ShapesConverted.Ranger(json: $0).map { describe($0) } },
                base: { ["id": 7, "display_name": "Kim", "park": ["name": "Vanoise"], "top_badge": badge, "badges": [badge, badge]] },
                paths: [("id", ["Ranger.id"]), ("display_name", ["Ranger.displayName"]), ("park", ["Ranger.parkName"]), ("park.name", ["Ranger.parkName"]),
                        ("top_badge", ["Ranger.topBadge"]), ("top_badge.level", ["Badge.level", "Ranger.topBadge"]), ("badges", ["Ranger.badges"]),
                        ("badges.1", ["Ranger.badges"]), ("badges.0.title", ["Badge.title"]), ("badges.0.level", ["Badge.level", "Ranger.badges"])]),
        Subject(name: "Tag",
                before: { ShapesBefore.Tag(dictionary: $0).map { describe($0) + " → " + canonical($0.dictionaryRepresentation) } },
                after: { ShapesConverted.Tag(dictionary: $0).map { describe($0) + " → " + canonical($0.dictionaryRepresentation) } },
                base: { ["label": "owl", "uses": 4, "pinned": false] },
                paths: [("label", ["Tag.label"]), ("uses", ["Tag.uses"]), ("pinned", ["Tag.pinned"])]),
    ]

    /// `base` with the value at a dotted path (array elements by index) replaced, or removed.
    static func replacing(_ path: [Substring], in base: Any, with value: Any?) -> Any? {
        guard let first = path.first else { return value }
        let rest = Array(path.dropFirst())
        if var array = base as? [Any], let index = Int(first), array.indices.contains(index) {
            if let replaced = replacing(rest, in: array[index], with: value) { array[index] = replaced } else { array.remove(at: index) }
            return array
        }
        guard var dictionary = base as? [String: Any] else { return base }
        dictionary[String(first)] = replacing(rest, in: dictionary[String(first)] as Any, with: value)
        return dictionary
    }

    @Test(arguments: subjects.map(\.name))
    func everyEdgeInputReadsAsBeforeOrIsNoted(subject name: String) throws {
        let subject = try #require(Self.subjects.first { $0.name == name })
        let report = try Self.migrate()
        let notes = report.diagnostics.filter { $0.severity == .note }.map(\.message)
        let base = subject.base()
        let valid = try #require(subject.before(base), "the hand-written \(name) reads the valid input")
        #expect(subject.after(base) == valid)
        for (path, owners) in subject.paths {
            for edge in Self.edges {
                let input = try #require(Self.replacing(path.split(separator: "."), in: base, with: edge.value) as? [String: Any])
                let (before, after) = (subject.before(input), subject.after(input))
                guard before != after else { continue }
                let noted = notes.contains { note in
                    owners.contains { note.hasPrefix($0 + ":") } && (edge.notedAs.contains { note.contains($0) } || note.contains("keeps its valid elements"))
                }
                #expect(noted, "\(name) at \(path) = \(edge): the hand-written code gave \(before ?? "nil"), the key map gives \(after ?? "nil"), and no note of \(owners) says so")
            }
        }
        // Each noted property of this type does read some edge input differently: no note is idle.
        for owner in Set(subject.paths.flatMap(\.notedAs)) where owner.hasPrefix(name + ".") && notes.contains(where: { $0.hasPrefix(owner + ":") }) {
            let paths = subject.paths.filter { $0.notedAs.contains(owner) }.map(\.path)
            let differs = paths.contains { path in
                Self.edges.contains { edge in
                    let input = Self.replacing(path.split(separator: "."), in: base, with: edge.value) as? [String: Any] ?? [:]
                    return subject.before(input) != subject.after(input)
                }
            }
            #expect(differs, "\(owner) is noted, but no edge input reads differently")
        }
    }
}
