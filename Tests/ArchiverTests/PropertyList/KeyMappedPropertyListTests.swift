import Foundation
import Testing
@testable import Archiver

/// A key-mapped value's store writes its binary property list directly, without its archive
/// dictionary: the bytes must hold what `archiveValue` holds, for every shape a model takes, and
/// be read by other readers (`PropertyListSerialization`, Python's `plistlib`).
@Suite struct KeyMappedPropertyListTests {
    // The tutorial's user (TutorialFixtures.swift): `Derived.User`, `FastDerived.User` (a second
    // map of its shape) and `TutorialUser` (synthesized Codable, for PropertyListEncoder).
    typealias Restaurant = Derived.Restaurant

    /// Every shape a property takes: optionals present and absent, nested models, arrays of
    /// models and of optionals, dates, data, numbers of several kinds, a raw-value enum, a
    /// custom conversion, a transform, an excluded property, collections the writer does not
    /// know (sets, dictionaries) and a hand-written 0.6 type.
    enum Mood: String, CaseIterable, KeyMapValue { case happy, grumpy }
    /// A custom conversion: archived as "x,y" text.
    struct Point: KeyMapValue {
        let x: Int; let y: Int
        init(x: Int, y: Int) { self.x = x; self.y = y }
        init(keyMapValue input: KeyMapInput) throws(ArchiveDecodingError) {
            guard let text = try input.foundationObject as? String, case let parts = text.split(separator: ","), parts.count == 2,
                  let x = Int(parts[0]), let y = Int(parts[1]) else { throw .typeMismatch(Point.self, found: input) }
            self.init(x: x, y: y)
        }
        var keyMapArchiveValue: Any? { "\(x),\(y)" }
        static var keyMapPlaceholder: Point? { Point(x: 0, y: 0) }
    }
    /// Archiver 0.6's hand-written form, held by a key-mapped model.
    struct Legacy: ArchiveRepresentable, KeyMapValue {
        let code: Int
        init(code: Int) { self.code = code }
        init?(archive: Archive) {
            guard let code = archive["code"] as? Int else { return nil }
            self.code = code
        }
        var archiveValue: Archive { ["code": code, "kind": "legacy"] }
        static var keyMapPlaceholder: Legacy? { Legacy(code: 0) }
    }
    struct Everything {
        let id: String
        let nickname: String?
        let missing: String?
        let when: Date
        let blob: Data
        let score: Double
        let small: Float
        let big: UInt64
        let flags: [Bool]
        let maybes: [Int?]
        let mood: Mood
        let point: Point
        let tags: Set<String>
        let counts: [String: Int]
        let legacy: Legacy
        let link: URL
        let temperature: Int
        let cache: String
        let restaurants: [Restaurant]
        let favourite: Restaurant?
    }

    @Test(arguments: ["reading", "mirror"])
    func writesWhatArchiveValueHolds(form: String) throws {
        try Everything.validateKeyMap()
        try MirrorEverything.validateKeyMap()
        let value = Everything.example
        let direct: Data, fromDictionary: Data
        if form == "reading" {
            direct = try value.archivedData()
            fromDictionary = try PropertyListCoding.data(for: value.archiveValue)
        } else {
            let mirrored = MirrorEverything.from(value)
            direct = try mirrored.archivedData()
            fromDictionary = try PropertyListCoding.data(for: mirrored.archiveValue)
        }
        // Foundation's reader, and ours, read the same content from both.
        let foundation = try PropertyListSerialization.propertyList(from: direct, format: nil) as? NSDictionary
        let foundationExpected = try PropertyListSerialization.propertyList(from: fromDictionary, format: nil) as? NSDictionary
        #expect(foundation != nil)
        #expect(foundation == foundationExpected)
        let read = try PropertyListCoding.archive(from: direct)
        #expect(PropertyListValue(read) == PropertyListValue(value.archiveValue))
        #expect(read["missing"] == nil && read["cache"] == nil)
        #expect(read["temperature"] as? String == "21°")
        #expect((read["legacy"] as? Archive)?["kind"] as? String == "legacy")
        #expect((read["maybes"] as? [Any])?.count == 2)
    }

    @Test func writesTheTutorialUserNoLargerThanPropertyListEncoder() throws {
        let user = Derived.User.example(reviews: 1_000)
        let ours = try user.archivedData()
        let mirrored = try FastDerived.User.from(user).archivedData()
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let theirs = try encoder.encode(TutorialUser(user))
        #expect(ours.count <= theirs.count, "ours \(ours.count) bytes, PropertyListEncoder's \(theirs.count)")
        #expect(mirrored == ours)
        // The same content as the archive dictionary written the old way.
        let foundation = try PropertyListSerialization.propertyList(from: ours, format: nil) as? NSDictionary
        let expected = try PropertyListSerialization.propertyList(from: try PropertyListCoding.data(for: user.archiveValue), format: nil) as? NSDictionary
        #expect(foundation != nil && foundation == expected)
        // PropertyListEncoder's file (3-byte offsets past 64 KiB, as swift-foundation writes them) reads as ours does.
        #expect(PropertyListValue(try PropertyListCoding.archive(from: theirs)) == PropertyListValue(try PropertyListCoding.archive(from: ours)))
    }

    @Test func sharesEqualStringsAndNumbers() throws {
        let archive: Archive = ["a": "same text", "b": "same text", "c": ["same text", 700, 700, 2.5, 2.5, true, true] as [Any]]
        let data = try PropertyListCoding.data(for: archive)
        let occurrences = data.indices.filter { data[$0...].starts(with: Array("same text".utf8)) }
        #expect(occurrences.count == 1)
        // 1 dictionary, 1 array, 3 keys, "same text", 700, 2.5, true.
        let objectCount = data[data.count - 24 ..< data.count - 16].reduce(0) { $0 << 8 | Int($1) }
        #expect(objectCount == 9)
        #expect(PropertyListValue(try PropertyListCoding.archive(from: data)) == PropertyListValue(archive))
    }

    @Test func sharesStringsByTheirBytes() throws {
        // Equal to Swift's `==`, different bytes: each is stored as it was given.
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let strings = (0 ..< 5_000).map { "string \($0 % 2_500)" }
        let read = try PropertyListCoding.archive(from: PropertyListCoding.data(for: ["a": composed, "b": decomposed, "c": strings]))
        #expect((read["a"] as? String).map { Array($0.unicodeScalars) } == Array(composed.unicodeScalars))
        #expect((read["b"] as? String).map { Array($0.unicodeScalars) } == Array(decomposed.unicodeScalars))
        #expect(read["c"] as? [String] == strings)
    }

    @Test func namesTheKeyPathOfAValueItCannotWrite() throws {
        struct Photo: KeyMapValue {
            init() {}
            init(keyMapValue input: KeyMapInput) throws(ArchiveDecodingError) {}
            var keyMapArchiveValue: Any? { NSObject() }
            static var keyMapPlaceholder: Photo? { Photo() }
        }
        struct Entry: KeyMapped { let id: String; let photo: Photo?
            static let keyMap = KeyMap(Entry.init)
        }
        struct Album: KeyMapped { let id: String; let entries: [Entry]
            static let keyMap = KeyMap(Album.init)
        }
        let album = Album(id: "a", entries: [Entry(id: "1", photo: nil), Entry(id: "2", photo: Photo())])
        #expect(throws: PropertyListError.unsupportedValue(keyPath: "entries[1].photo", found: "NSObject")) {
            try PropertyListCoding.data(of: album)
        }
    }

    @Test func refusesNestingDeeperThanTheLimit() throws {
        struct Node: KeyMapped {
            let id: String; let children: [Node]
            static let keyMap = KeyMap(Node.init)
        }
        var node = Node(id: "leaf", children: [])
        for index in 0 ..< 40 { node = Node(id: "\(index)", children: [node]) }
        #expect(throws: PropertyListError.self) { try PropertyListCoding.data(of: node, maximumDepth: 30) }
        let written = try PropertyListCoding.data(of: node, maximumDepth: 100)
        #expect(PropertyListValue(try PropertyListCoding.archive(from: written)) == PropertyListValue(node.archiveValue))
    }

    @Test(.enabled(if: python3Path != nil, "python3 is not installed: plistlib interop is not checked"))
    func plistlibReadsTheDirectBytes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keymapped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("user.plist")
        try Derived.User.example(reviews: 1_000).archivedData().write(to: file)
        let script = """
            import plistlib, sys
            with open(sys.argv[1], "rb") as f:
                value = plistlib.load(f)
            assert len(value["reviews"]) == 1000, len(value["reviews"])
            assert value["reviews"][1]["restaurant"]["name"] == "La Boîte en Bois 1", value["reviews"][1]
            assert value["reviews"][999]["rating"] == 4 and value["name"] == "George Costanza"
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: try #require(python3Path))
        python.arguments = ["-c", script, file.path]
        let errors = Pipe()
        python.standardError = errors
        try python.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        #expect(python.terminationStatus == 0, "plistlib: \(message)")
    }
}

extension KeyMappedPropertyListTests.Everything: KeyMapped {
    static let keyMap = KeyMap(Self.init, [
        .transform(\.temperature, decode: { value throws(ArchiveDecodingError) in
            guard let text = value as? String, let degrees = Int(text.dropLast()) else { throw .typeMismatch(Int.self, found: KeyMapInput(value, from: .archive)) }
            return degrees
        }, encode: { "\($0)°" }),
        .excluded(\.cache, default: ""),
    ])

    static let example = Self(
        id: "e-1", nickname: "Georgie", missing: nil, when: Date(timeIntervalSinceReferenceDate: 12_345.5), blob: Data([0, 1, 2, 255]),
        score: 2.5, small: 1.5, big: UInt64.max, flags: [true, false, true], maybes: [1, nil, 3], mood: .grumpy,
        point: .init(x: 3, y: -4), tags: ["soup", "bread"], counts: ["soup": 2, "bread": 0], legacy: .init(code: 7),
        link: URL(string: "https://example.com/a?b=c")!, temperature: 21, cache: "not archived",
        restaurants: [.init(id: "r1", name: "Monk's Café"), .init(id: "r2", name: "Monk's Café")], favourite: .init(id: "r1", name: "Monk's Café"))
}

/// ``KeyMappedPropertyListTests/Everything`` with its properties read through `Mirror`.
struct MirrorEverything {
    typealias E = KeyMappedPropertyListTests
    let id: String
    let nickname: String?
    let missing: String?
    let when: Date
    let blob: Data
    let score: Double
    let small: Float
    let big: UInt64
    let flags: [Bool]
    let maybes: [Int?]
    let mood: E.Mood
    let point: E.Point
    let tags: Set<String>
    let counts: [String: Int]
    let legacy: E.Legacy
    let link: URL
    let temperature: Int
    let cache: String
    let restaurants: [E.Restaurant]
    let favourite: E.Restaurant?

    static func from(_ e: E.Everything) -> Self {
        Self(id: e.id, nickname: e.nickname, missing: e.missing, when: e.when, blob: e.blob, score: e.score, small: e.small,
                  big: e.big, flags: e.flags, maybes: e.maybes, mood: e.mood, point: e.point, tags: e.tags, counts: e.counts,
                  legacy: e.legacy, link: e.link, temperature: e.temperature, cache: e.cache, restaurants: e.restaurants, favourite: e.favourite)
    }

    init(id: String, nickname: String?, missing: String?, when: Date, blob: Data, score: Double, small: Float, big: UInt64, flags: [Bool],
         maybes: [Int?], mood: E.Mood, point: E.Point, tags: Set<String>, counts: [String: Int], legacy: E.Legacy, link: URL,
         temperature: Int, cache: String, restaurants: [E.Restaurant], favourite: E.Restaurant?) {
        self.id = id; self.nickname = nickname; self.missing = missing; self.when = when; self.blob = blob; self.score = score
        self.small = small; self.big = big; self.flags = flags; self.maybes = maybes; self.mood = mood; self.point = point
        self.tags = tags; self.counts = counts; self.legacy = legacy; self.link = link; self.temperature = temperature
        self.cache = cache; self.restaurants = restaurants; self.favourite = favourite
    }
}

extension MirrorEverything: KeyMapped {
    static let keyMap = KeyMap(MirrorEverything.init, [
        .transform(\.temperature, decode: { value throws(ArchiveDecodingError) in
            guard let text = value as? String, let degrees = Int(text.dropLast()) else { throw .typeMismatch(Int.self, found: KeyMapInput(value, from: .archive)) }
            return degrees
        }, encode: { "\($0)°" }),
        .excluded(\.cache, default: ""),
    ])
}
