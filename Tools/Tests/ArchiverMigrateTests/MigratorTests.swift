import Testing
@testable import ArchiverMigrate

/// The converter on small inputs, one idiom or one refusal each.
struct MigratorTests {
    func migrate(_ files: (String, String)...) -> MigrationReport {
        Migrator.migrate(files.map { (path: $0.0, text: $0.1) })
    }

    func leftInPlace(_ report: MigrationReport) -> [String] {
        report.diagnostics.filter { $0.severity == .leftInPlace }.map(\.description)
    }

    static let shop = """
    import Archiver

    struct Shop {
        let id: String
        let openedYear: Int
        let rating: Double?
        let tags: [String]
    }

    """

    @Test func archiveKeysAndServerKeysAreDerivedSeparately() {
        let report = migrate(("Shop.swift", Self.shop + """
        extension Shop: Serializable, ArchiveRepresentable {
            private struct ServerKey {
                static let id = "shop_id"
                static let openedYear = "opened"
            }

            init?(responseObject: ResponseObject) {
                guard let id = responseObject[ServerKey.id] as? String else { return nil }
                self.id = id
                self.openedYear = responseObject[ServerKey.openedYear] as? Int ?? 1970
                self.rating = responseObject["rating"] as? Double
                self.tags = responseObject["tags"] as? [String] ?? []
            }

            var archiveValue: Archive {
                var archive: Archive = ["id": id, "year": openedYear, "tags": tags]
                archive["rating"] = rating
                return archive
            }

            init?(archive: Archive) {
                guard let id = archive["id"] as? String else { return nil }
                self.init(id: id, openedYear: archive["year"] as? Int ?? 1970, rating: archive["rating"] as? Double, tags: archive["tags"] as? [String] ?? [])
            }
        }

        """))
        #expect(report.convertedTypes == ["Shop"])
        #expect(report.files[0].converted.hasSuffix("""
        extension Shop: KeyMapped {
            static let keyMap = KeyMap(Shop.init, [
                .property(\\.id, server: "shop_id"),
                .property(\\.openedYear, server: "opened", archive: "year", default: 1970, ifInvalid: .useDefault),
                .property(\\.rating, ifInvalid: .useDefault),
                .property(\\.tags, default: [], ifInvalid: .useDefault),
            ])
        }

        """))
        // Casts that the key map's lossless conversions read more widely are noted, door by door.
        let booleans = "; a JSON true or false (an NSNumber from JSONSerialization, or on Apple platforms an archive's Boolean) no longer reads as 1 or 0"
        #expect(report.diagnostics.map(\.description) == [
            #"Shop.swift:18: note: Shop.openedYear: in responses, a numeric string ("5", "4.0", "1e2"), a Swift integer of another width (Int64(12), Int32(7)) and a whole Double (5.0), Float or Decimal built in Swift now read as an Int, where `as? Int` gave 1970 (the Swift numbers read as before when they come as NSNumbers, from JSONSerialization or an archive)"# + booleans,
            #"Shop.swift:19: note: Shop.rating: in responses, a numeric string ("5", "5.5"), a Swift integer (5, Int64(12)), a Swift Float (2.5) or Decimal and an integer beyond 2^53, rounded (9007199254740993) now read as a Double, where `as? Double` gave nil (the Swift numbers read as before when they come as NSNumbers, from JSONSerialization or an archive)"# + booleans,
            #"Shop.swift:31: note: Shop.openedYear: in archives, a numeric string ("5", "4.0", "1e2"), a Swift integer of another width (Int64(12), Int32(7)) and a whole Double (5.0), Float or Decimal built in Swift now read as an Int, where `as? Int` gave 1970 (the Swift numbers read as before when they come as NSNumbers, from JSONSerialization or an archive)"# + booleans,
            #"Shop.swift:31: note: Shop.rating: in archives, a numeric string ("5", "5.5"), a Swift integer (5, Int64(12)), a Swift Float (2.5) or Decimal and an integer beyond 2^53, rounded (9007199254740993) now read as a Double, where `as? Double` gave nil (the Swift numbers read as before when they come as NSNumbers, from JSONSerialization or an archive)"# + booleans,
        ])
    }

    /// The rules of one door: a default of the archive's own becomes `archiveDefault:`, a
    /// rule an initializer applies after reading becomes the type's `KeyMapChecked` check,
    /// for the door that applied it, or for both.
    @Test func doorSpecificDefaultsAndRulesBecomeTheKeyMapsOwn() {
        let report = migrate(("Note.swift", """
        import Archiver

        struct Note {
            let id: String
            let title: String
            let body: String
            let tags: [String]
        }

        extension Note: Serializable, ArchiveRepresentable {
            init?(responseObject: ResponseObject) {
                guard let identifier = responseObject["id"] as? String, !identifier.isEmpty else { return nil }
                self.id = identifier
                self.title = responseObject["title"] as? String ?? "Untitled"
                guard let body = responseObject["body"] as? String else { return nil }
                self.body = body
                self.tags = responseObject["tags"] as? [String] ?? []
            }

            var archiveValue: Archive {
                ["id": id, "title": title, "body": body, "tags": tags]
            }

            init?(archive: Archive) {
                guard let id = archive["id"] as? String else { return nil }
                self.id = id
                self.title = archive["title"] as? String ?? ""
                self.body = archive["body"] as? String ?? ""
                self.tags = archive["tags"] as? [String] ?? []
                guard !self.tags.isEmpty, !id.isEmpty else { return nil }
            }
        }

        """))
        #expect(report.convertedTypes == ["Note"])
        #expect(report.diagnostics.isEmpty)
        #expect(report.files[0].converted.hasSuffix("""
        extension Note: KeyMapped, KeyMapChecked {
            static let keyMap = KeyMap(Note.init, [
                .property(\\.title, default: "Untitled", ifInvalid: .useDefault, archiveDefault: ""),
                .property(\\.body, ifInvalid: .useDefault, archiveDefault: ""),
                .property(\\.tags, default: [], ifInvalid: .useDefault),
            ])

            // Added by archiver-migrate: what the hand-written initializers refused after reading.
            func keyMapCheck(from source: KeyMapSource) -> String? {
                if id.isEmpty { return "a value whose id is empty is not a Note" }
                if source == .archive, tags.isEmpty { return "an archive whose tags is empty is not a Note" }
                return nil
            }
        }

        """))
    }

    /// What a key map cannot say about one door is left in place, by line, never converted
    /// with another behaviour: archives fall back to the server's default, so an archive reader
    /// that requires a key the server defaults cannot be said; nor a test of a value no
    /// property holds.
    @Test(arguments: [
        ("guard let id = archive[\"id\"] as? String, let year = archive[\"year\"] as? Int else { return nil }\n        self.init(id: id, year: year)",
         "Shop.swift:15: left in place: Shop.year: responses default to 1970 but archives refuse a missing key, which a key map cannot say (an archive without the key gets the server's default)"),
        ("guard let id = archive[\"id\"] as? String, let code = archive[\"code\"] as? String, !code.isEmpty else { return nil }\n        self.init(id: id, year: archive[\"year\"] as? Int ?? 1970)",
         "Shop.swift:15: left in place: Shop: refuses an empty `code`, which is no property's value; a key map checks only the properties it decoded"),
    ])
    func doorRulesAKeyMapCannotSayAreLeftInPlace(archiveReader: String, expected: String) {
        let source = """
        import Archiver

        struct Shop {
            let id: String
            let year: Int
        }

        extension Shop: Serializable, ArchiveRepresentable {
            init?(responseObject: ResponseObject) {
                guard let id = responseObject["id"] as? String else { return nil }
                self.init(id: id, year: responseObject["year"] as? Int ?? 1970)
            }
            var archiveValue: Archive { ["id": id, "year": year] }
            init?(archive: Archive) {
                \(archiveReader)
            }
        }

        """
        let report = migrate(("Shop.swift", source))
        #expect(report.convertedTypes.isEmpty)
        #expect(leftInPlace(report) == [expected])
        #expect(report.files[0].converted == source)
    }

    @Test func aTypeAndItsConformanceMayBeInDifferentFiles() {
        let report = migrate(("Shop.swift", Self.shop), ("Shop+Archiver.swift", """
        import Archiver

        extension Shop: Serializable {
            init?(responseObject: ResponseObject) {
                guard let id = responseObject["id"] as? String, let year = responseObject["openedYear"] as? Int else { return nil }
                self.init(id: id, openedYear: year, rating: responseObject["rating"] as? Double, tags: responseObject["tags"] as? [String] ?? [])
            }
        }

        """))
        #expect(report.convertedTypes == ["Shop"])
        #expect(!report.files[0].isChanged)
        #expect(report.files[1].converted.contains("extension Shop: KeyMapped {\n    static let keyMap = KeyMap(Shop.init, [\n        .property(\\.rating, ifInvalid: .useDefault),\n        .property(\\.tags, default: [], ifInvalid: .useDefault),\n    ])\n}"))
    }

    @Test func nsCodingTypedDecodersAndOptionalNestedValues() {
        let report = migrate(("Trip.swift", """
        import Foundation

        public struct Stop {
            public var name: String
        }

        public struct Trip {
            public var legs: Int
            public var first: Stop?
        }

        extension Stop {
            class Coding: NSObject, NSCoding {
                let stop: Stop?
                init(stop: Stop) { self.stop = stop }
                required init?(coder aDecoder: NSCoder) {
                    guard let name = aDecoder.decodeObject(forKey: "name") as? String else { return nil }
                    stop = Stop(name: name)
                }
                func encode(with aCoder: NSCoder) {
                    guard let stop = stop else { return }
                    aCoder.encode(stop.name, forKey: "name")
                }
            }
        }

        extension Trip {
            class Coding: NSObject, NSCoding {
                let trip: Trip?
                init(trip: Trip) { self.trip = trip }
                required init?(coder aDecoder: NSCoder) {
                    let first = aDecoder.decodeObject(forKey: "first") as? Stop.Coding
                    trip = Trip(legs: aDecoder.decodeInteger(forKey: "legCount"), first: first?.stop)
                }
                func encode(with aCoder: NSCoder) {
                    guard let trip = trip else { return }
                    aCoder.encode(trip.legs, forKey: "legCount")
                    aCoder.encode(trip.first.map(Stop.Coding.init), forKey: "first")
                }
            }
        }

        """))
        // `first?.stop` and `trip.first.map(…)` are beyond the idioms the tool knows: Trip stays,
        // and Stop.Coding with it, since Trip's class uses it.
        #expect(report.convertedTypes == ["Stop"])
        #expect(leftInPlace(report).contains { $0.hasPrefix("Trip.swift:33: left in place: Trip: custom logic in the initializer: `first?.stop`") })
        #expect(leftInPlace(report).contains { $0.hasPrefix("Trip.swift:32: left in place: Stop.Coding is kept") })
        #expect(report.files[0].converted.contains("import Foundation\nimport Archiver\n"))
    }

    @Test func aTypeHoldingOneLeftInPlaceIsLeftToo() {
        let report = migrate(("Models.swift", """
        import Archiver

        struct Owner {
            let name: String
        }

        struct Pet {
            let owner: Owner
        }

        extension Owner: Serializable {
            init?(responseObject: ResponseObject) {
                guard let name = responseObject["name"] as? String else { return nil }
                self.name = name.capitalized
            }
        }

        extension Pet: Serializable {
            init?(responseObject: ResponseObject) {
                guard let owner = Owner.serialized(from: responseObject, withKey: "owner") else { return nil }
                self.owner = owner
            }
        }

        """))
        #expect(report.convertedTypes.isEmpty)
        #expect(leftInPlace(report) == [
            "Models.swift:14: left in place: Owner: custom logic in the initializer: `name.capitalized`",
            "Models.swift:19: left in place: Pet holds Owner, which stays hand-written; convert Owner first",
        ])
        #expect(!report.files[0].isChanged)
    }

    @Test(arguments: [
        ("self.created = responseObject[\"created\"] as? Date ?? Date()", "Clock.swift:10: left in place: Clock: created's default `Date()` is computed at each decode; a key map's default is one value"),
        ("self.created = responseObject[\"created\"] as? Date ?? .distantPast", nil),
    ] as [(String, String?)])
    func defaultsMustBeOneValue(assignment: String, expected: String?) {
        let report = migrate(("Clock.swift", """
        import Archiver
        import Foundation

        struct Clock {
            let created: Date
        }

        extension Clock: Serializable {
            init?(responseObject: ResponseObject) {
                \(assignment)
            }
        }

        """))
        #expect(leftInPlace(report) == (expected.map { [$0] } ?? []))
        if expected == nil {
            #expect(report.files[0].converted.contains(#".property(\.created, default: Date.distantPast, ifInvalid: .useDefault),"#))
        }
    }

    @Test func declarationsAKeyMapCannotBuildAreReported() {
        let report = migrate(("Odd.swift", """
        import Archiver

        struct Versioned {
            let version = 2
            let name: String
        }

        extension Versioned: Serializable {
            init?(responseObject: ResponseObject) {
                guard let name = responseObject["name"] as? String else { return nil }
                self.name = name
            }
        }

        final class Account {
            let id: String
            init(id: String) { self.id = id }
        }

        extension Account: Serializable {
            convenience init?(responseObject: ResponseObject) {
                guard let id = responseObject["id"] as? String else { return nil }
                self.init(id: id)
            }
        }

        """))
        #expect(leftInPlace(report) == [
            "Odd.swift:4: left in place: Versioned.version is a `let` with an initial value, which no initializer can set; declare it without one",
            "Odd.swift:21: left in place: Account is a class; key maps derive structs",
        ])
    }
}

extension MigratorTests {
    /// Keys as constants of a type at the top of the file, or as a `String` enum's raw values.
    @Test func keysMayBeFileLevelConstantsOrRawValues() {
        let report = migrate(("Shop.swift", Self.shop + """
        private enum JSONKey {
            static let id = "shop_id"
        }

        extension Shop: Serializable, ArchiveRepresentable {
            private enum ArchiveKey: String {
                case id, openedYear = "year", rating, tags
            }

            init?(responseObject: ResponseObject) {
                guard let id = responseObject[JSONKey.id] as? String, let year = responseObject["openedYear"] as? Int else { return nil }
                self.init(id: id, openedYear: year, rating: nil, tags: responseObject["tags"] as? [String] ?? [])
            }

            var archiveValue: Archive {
                var archive: Archive = [ArchiveKey.id.rawValue: id, ArchiveKey.openedYear.rawValue: openedYear, ArchiveKey.tags.rawValue: tags]
                archive[ArchiveKey.rating.rawValue] = rating
                return archive
            }

            init?(archive: Archive) {
                guard let id = archive[ArchiveKey.id.rawValue] as? String, let year = archive[ArchiveKey.openedYear.rawValue] as? Int else { return nil }
                self.init(id: id, openedYear: year, rating: archive[ArchiveKey.rating.rawValue] as? Double, tags: archive[ArchiveKey.tags.rawValue] as? [String] ?? [])
            }
        }

        """))
        // `rating: nil` from responses: the server never sets it, which a key map cannot say.
        #expect(report.convertedTypes.isEmpty)
        #expect(leftInPlace(report) == ["Shop.swift:20: left in place: Shop: sets `rating` to the constant `nil` instead of reading a key; a key map reads every property from both sources, or excludes it from both"])

        let fixed = migrate(("Shop.swift", report.files[0].original.replacingOccurrences(of: "rating: nil, tags: responseObject", with: "rating: responseObject[\"rating\"] as? Double, tags: responseObject")))
        #expect(fixed.convertedTypes == ["Shop"])
        #expect(fixed.files[0].converted.contains("""
            static let keyMap = KeyMap(Shop.init, [
                .property(\\.id, server: "shop_id"),
                .property(\\.openedYear, archive: "year"),
                .property(\\.rating, ifInvalid: .useDefault),
                .property(\\.tags, default: [], ifInvalid: .useDefault),
            ])
        """))
        #expect(fixed.files[0].converted.contains("private enum JSONKey"), "a file-level key type may serve other code, so it stays")
    }

    /// When nothing else uses the NSCoding classes, the key maps replace them.
    @Test func unusedCodingClassesAreDeleted() {
        let source = """
        import Foundation

        public struct Stop {
            public var name: String
            public var arrival: Date?
        }

        extension Stop {
            class Coding: NSObject, NSCoding {
                let stop: Stop?
                init(stop: Stop) { self.stop = stop }
                required init?(coder aDecoder: NSCoder) {
                    guard let name = aDecoder.decodeObject(forKey: "name") as? String else { return nil }
                    stop = Stop(name: name, arrival: aDecoder.decodeObject(forKey: "arrival") as? Date)
                }
                func encode(with aCoder: NSCoder) {
                    guard let stop = stop else { return }
                    aCoder.encode(stop.name, forKey: "name")
                    aCoder.encode(stop.arrival, forKey: "arrival")
                }
            }
        }

        """
        let report = migrate(("Stop.swift", source))
        #expect(report.diagnostics.map(\.description) == [#"Stop.swift:14: note: Stop.arrival: in archives, a number of seconds since 1970 (5, 5.5), a numeric string of seconds ("5", "1574553600.5") and an ISO 8601 string ("2026-01-02T03:04:05Z", "2026-01-02T05:04:05+02:00", "2026-01-02") now read as a Date, where `as? Date` gave nil"#])
        #expect(report.files[0].converted == """
        import Foundation
        import Archiver

        public struct Stop {
            public var name: String
            public var arrival: Date?
        }

        extension Stop: KeyMapped {
            public static let keyMap = KeyMap(Stop.init, [
                .property(\\.arrival, ifInvalid: .useDefault),
            ])
        }

        """)
    }
}

extension MigratorTests {
    @Test func snakeCaseServerKeysBecomeTheStrategy() {
        let report = migrate(("Person.swift", """
        import Archiver

        struct Person {
            let id: String
            let firstName: String
            let lastName: String
            let reviewCount: Int
            let avatarURL: String
        }

        extension Person: Serializable {
            init?(responseObject: ResponseObject) {
                guard let id = responseObject["id"] as? String,
                      let firstName = responseObject["first_name"] as? String,
                      let lastName = responseObject["last_name"] as? String else { return nil }
                self.init(id: id, firstName: firstName, lastName: lastName,
                          reviewCount: responseObject["review_count"] as? Int ?? 0,
                          avatarURL: responseObject["avatar"] as? String ?? "")
            }
        }

        """))
        #expect(report.files[0].converted.contains("""
            static let keyMap = KeyMap(Person.init, serverKeys: .snakeCase, [
                .property(\\.reviewCount, default: 0, ifInvalid: .useDefault),
                .property(\\.avatarURL, server: "avatar", default: "", ifInvalid: .useDefault),
            ])
        """))
    }
}

extension MigratorTests {
    static func tag(_ property: String, key: String) -> String {
        """
        import Archiver

        struct Tag {
            let \(property): String
        }

        extension Tag: Serializable {
            init?(responseObject: ResponseObject) {
                guard let value = responseObject["\(key)"] as? String else { return nil }
                self.\(property) = value
            }
        }

        """
    }

    /// Two modules may each have a `Tag`; each conformance is matched with its own module's.
    @Test func sameNamedTypesOfDifferentModulesStayApart() {
        let report = migrate(
            ("Sources/Shop/Tag.swift", Self.tag("label", key: "tag_label")),
            ("Sources/Blog/Models/Tag.swift", Self.tag("name", key: "tag_name"))
        )
        #expect(report.convertedTypes == ["Tag", "Tag"])
        #expect(report.files[0].converted.contains(#".property(\.label, server: "tag_label"),"#))
        #expect(report.files[1].converted.contains(#".property(\.name, server: "tag_name"),"#))
        #expect(TypeScope.moduleKey(of: "Sources/Blog/Models/Tag.swift") == "Sources/Blog")
        #expect(TypeScope.moduleKey(of: "App/Models/Tag.swift") == "App/Models")
    }

    /// Private types of one module share names across files; each file's own declaration wins.
    @Test func sameNamedTypesOfOneModuleAreMatchedInTheirFile() {
        let first = Self.tag("label", key: "a").replacingOccurrences(of: "struct Tag", with: "private struct Tag")
        let second = Self.tag("name", key: "b").replacingOccurrences(of: "struct Tag", with: "private struct Tag")
        let report = migrate(("Tests/AppTests/A.swift", first), ("Tests/AppTests/B.swift", second))
        #expect(report.convertedTypes == ["Tag", "Tag"])
        #expect(report.files[0].converted.contains(#".property(\.label, server: "a"),"#))
        #expect(report.files[1].converted.contains(#".property(\.name, server: "b"),"#))

        let elsewhere = migrate(("Tests/AppTests/A.swift", first), ("Tests/AppTests/B.swift", second), ("Tests/AppTests/C.swift", "import Archiver\n\nextension Tag: Serializable {\n    init?(responseObject: ResponseObject) { return nil }\n}\n"))
        #expect(elsewhere.diagnostics.map(\.description).contains("Tests/AppTests/C.swift:4: left in place: Tag is declared in several files of its module; pass one module's files at a time"))
    }
}

extension MigratorTests {
    /// NSSecureCoding's typed decode, and keys in an enum nested in the class.
    @Test func secureCodingReadsAndKeysInTheClass() {
        let report = migrate(("Note.swift", """
        import Foundation

        struct Note {
            var title: String
            var edited: Date?
        }

        extension Note {
            final class Coding: NSObject, NSSecureCoding {
                static let supportsSecureCoding = true
                private enum Key: String { case title = "note_title", edited }
                let note: Note?
                init(note: Note) { self.note = note }
                init?(coder aDecoder: NSCoder) {
                    guard let title = aDecoder.decodeObject(of: NSString.self, forKey: Key.title.rawValue) as String? else { return nil }
                    note = Note(title: title, edited: aDecoder.decodeObject(of: NSDate.self, forKey: Key.edited.rawValue) as Date?)
                }
                func encode(with aCoder: NSCoder) {
                    guard let note else { return }
                    aCoder.encode(note.title, forKey: Key.title.rawValue)
                    aCoder.encode(note.edited, forKey: Key.edited.rawValue)
                }
            }
        }

        """))
        // Only the note that a number or an ISO 8601 string now reads as a Date.
        #expect(report.diagnostics.map(\.description) == [#"Note.swift:16: note: Note.edited: in archives, a number of seconds since 1970 (5, 5.5), a numeric string of seconds ("5", "1574553600.5") and an ISO 8601 string ("2026-01-02T03:04:05Z", "2026-01-02T05:04:05+02:00", "2026-01-02") now read as a Date, where `as? Date` gave nil"#])
        #expect(report.files[0].converted.hasSuffix("""
        extension Note: KeyMapped {
            static let keyMap = KeyMap(Note.init, [
                .property(\\.title, archive: "note_title"),
                .property(\\.edited, ifInvalid: .useDefault),
            ])
        }

        """))
    }
}

extension MigratorTests {
    /// The map gives a missing optional nil; the decoder refused it, so the check refuses nil.
    @Test func anOptionalTheDecoderRequiredIsChecked() {
        let report = migrate(("Pin.swift", """
        import Archiver

        struct Pin {
            let label: String?
        }

        extension Pin: Serializable {
            init?(responseObject: ResponseObject) {
                guard let label = responseObject["label"] as? String else { return nil }
                self.label = label
            }
        }

        """))
        #expect(report.convertedTypes == ["Pin"])
        #expect(report.diagnostics.isEmpty)
        #expect(report.files[0].converted.hasSuffix("""
        extension Pin: KeyMapped, KeyMapChecked {
            static let keyMap = KeyMap(Pin.init)

            // Added by archiver-migrate: what the hand-written initializers refused after reading.
            func keyMapCheck(from source: KeyMapSource) -> String? {
                if source == .responseObject, label == nil { return "a response without label is not a Pin" }
                return nil
            }
        }

        """))
    }
}

extension MigratorTests {
    @Test func propertiesOfTypeAnyAreLeftInPlace() {
        let report = migrate(("Blob.swift", """
        import Archiver

        struct Blob {
            let id: String
            let extra: [String: Any]
        }

        extension Blob: Serializable {
            init?(responseObject: ResponseObject) {
                guard let id = responseObject["id"] as? String else { return nil }
                self.id = id
                self.extra = responseObject["extra"] as? [String: Any] ?? [:]
            }
        }

        """))
        #expect(leftInPlace(report) == ["Blob.swift:5: left in place: Blob.extra is a [String: Any], and a key map holds only types it can convert (no Any)"])
    }
}

extension MigratorTests {
    @Test func aForceCastBecomesARequiredProperty() {
        let report = migrate(("Pin.swift", """
        import Archiver

        struct Pin {
            let label: String
        }

        extension Pin: Serializable {
            init?(responseObject: ResponseObject) {
                self.label = responseObject["pin_label"] as! String
            }
        }

        """))
        #expect(report.files[0].converted.contains(#".property(\.label, server: "pin_label"),"#))
        #expect(!report.files[0].converted.contains("default"))
        #expect(report.diagnostics.map(\.description) == ["Pin.swift:9: note: Pin.label: a missing or mistyped value now fails decoding Pin instead of crashing (`as!`)"])
    }
}

extension MigratorTests {
    /// An enum nested in a class, with a conformance of its own, in a file that was given: the
    /// reason names what it is, not a missing declaration.
    @Test func aTypeNestedInAClassIsFoundWhereItIsDeclared() {
        let report = migrate(("Game.swift", """
        import Archiver

        final class Game {
            enum State: Int {
                case waiting, playing
            }
        }

        extension Game.State: ArchiveRepresentable {
            init?(archive: Archive) {
                guard let raw = archive["state"] as? Int, let state = Game.State(rawValue: raw) else { return nil }
                self = state
            }

            var archiveValue: Archive { ["state": rawValue] }
        }

        """))
        #expect(leftInPlace(report) == ["Game.swift:10: left in place: Game.State is an enum; key maps derive structs"])
    }

    /// The 0.6 protocols written the way people write Swift: `[String: Any]()`, a property typed
    /// by its initial value, `if let … else { return nil }`, an enum read from its raw value.
    @Test func everydayIdiomsInsideTheZeroSixProtocols() {
        let report = migrate(("Piece.swift", """
        import Archiver

        enum PieceType: Int, CaseIterable {
            case pawn, rook
        }

        struct Piece {
            let type: PieceType
            let index: Int
            var hasMoved = false
        }

        extension Piece: ArchiveRepresentable {
            init?(archive: Archive) {
                if let raw = archive["type"] as? Int, let type = PieceType(rawValue: raw), let index = archive["index"] as? Int {
                    self.type = type
                    self.index = index
                } else {
                    return nil
                }
                self.hasMoved = archive["moved"] as? Bool ?? false
            }

            var archiveValue: Archive {
                var archive = [String: Any]()
                archive["type"] = type.rawValue
                archive["index"] = index
                archive["moved"] = hasMoved
                return archive
            }
        }

        """))
        #expect(report.convertedTypes == ["Piece"])
        #expect(report.files[0].converted.contains("""
        extension Piece: KeyMapped {
            static let keyMap = KeyMap(Piece.init, [
                .property(\\.hasMoved, archive: "moved", default: false, ifInvalid: .useDefault),
            ])
        }

        // Added by archiver-migrate: the key map reads PieceType by its raw value.
        extension PieceType: KeyMapValue {}
        """))
        // `as? Int` refused "5" and Int64(12), which the key map reads: said, at the read's line.
        #expect(report.diagnostics.map(\.description).contains { $0.hasPrefix(#"Piece.swift:15: note: Piece.index: in archives, a numeric string ("5", "4.0", "1e2")"#) })
        #expect(report.diagnostics.map(\.description).contains { $0.hasPrefix("Piece.swift:15: note: Piece.type: in archives,") && $0.contains("as a raw value of PieceType") })
    }

    /// Shapes the tool recognises but cannot convert are reported with the reason, never skipped.
    @Test func recognisedShapesThatCannotBeConvertedAreReported() {
        let report = migrate(("Shapes.swift", """
        struct Owner {
            let login: String

            init?(json: [String: Any]) {
                guard let login = (json["owner"] as? [String: Any])?["login"] as? String else { return nil }
                self.login = login
            }

            var json: [String: Any] { ["login": login] }
        }

        struct Point {
            let x: Int

            init?(dictionary: [String: Any]) {
                guard let x = dictionary["x"] as? Int else { return nil }
                self.x = x
            }

            init?(json: [String: Any]) {
                guard let x = json["x"] as? Int else { return nil }
                self.x = x
            }
        }

        struct Request {
            let query: String

            var parameters: [String: Any] { ["q": query] }
        }

        """))
        #expect(report.convertedTypes.isEmpty)
        #expect(leftInPlace(report) == [
            #"Shapes.swift:5: left in place: Owner reads "owner.login" from a nested dictionary of its archive, and a key map's archives are flat"#,
            "Shapes.swift:20: left in place: Point has more than one initializer from a dictionary; a key map replaces one, so keep one",
            "Shapes.swift:29: left in place: Request writes archives but does not read them; a key map does both",
        ])
        #expect(report.files.allSatisfy { !$0.isChanged })
    }
}

extension MigratorTests {
    /// A conversion in an extension that holds other members too: only the conversion goes, the
    /// extension and its protocol stay, and the key map's extension keeps the members it serves.
    @Test func aConversionBesideOtherMembersLeavesThemInPlace() {
        let report = migrate(("Tag.swift", """
        protocol JSONDecodable {
            init?(json: [String: Any])
        }

        struct Tag {
            let label: String
        }

        extension Tag: JSONDecodable {
            init?(json: [String: Any]) {
                guard let label = json["label"] as? String else { return nil }
                self.label = label
            }

            var display: String { "#" + label }
        }

        """))
        #expect(report.convertedTypes == ["Tag"])
        #expect(report.diagnostics.isEmpty)
        #expect(report.files[0].converted == """
        import Archiver
        protocol JSONDecodable {
            init?(json: [String: Any])
        }

        struct Tag {
            let label: String
        }

        extension Tag: JSONDecodable {
            var display: String { "#" + label }
        }

        extension Tag: KeyMapped {
            static let keyMap = KeyMap(Tag.init)

            // Kept by archiver-migrate: the type's own conversion, now made by the key map.
            init?(json: [String: Any]) {
                self.init(responseObject: json)
            }
        }

        """)
    }
}

extension MigratorTests {
    /// A type converted through the 0.6 protocols may also return a dictionary for something
    /// else, such as a request's parameters: that member is not taken for its encoder, and stays.
    @Test func aDictionaryForSomethingElseBesideAKnownConformanceStays() {
        let report = migrate(("Search.swift", """
        import Archiver

        struct Search {
            let query: String

            var parameters: [String: Any] { ["q": query, "limit": 20] }
        }

        extension Search: ArchiveRepresentable {
            init?(archive: Archive) {
                guard let query = archive["query"] as? String else { return nil }
                self.query = query
            }

            var archiveValue: Archive { ["query": query] }
        }

        """))
        #expect(report.convertedTypes == ["Search"])
        #expect(report.diagnostics.isEmpty)
        #expect(report.files[0].converted.contains(#"    var parameters: [String: Any] { ["q": query, "limit": 20] }"#))
        #expect(report.files[0].converted.hasSuffix("""
        extension Search: KeyMapped {
            static let keyMap = KeyMap(Search.init)
        }

        """))
    }
}

extension MigratorTests {
    /// The spellings of the shape: an optional parameter without a label, `Dictionary<String, Any>`,
    /// a method as the encoder; each kept member forwards to the key map as it was called.
    @Test func theShapesSpellingsAreKeptAsTheyWereWritten() {
        let report = migrate(("Note.swift", """
        struct Note {
            let text: String
        }

        extension Note {
            init?(_ dict: Dictionary<String, Any>?) {
                guard let dict = dict, let text = dict["text"] as? String else { return nil }
                self.text = text
            }

            func toDictionary() -> Dictionary<String, Any> {
                var result = Dictionary<String, Any>()
                result["text"] = text
                return result
            }
        }

        """))
        #expect(report.convertedTypes == ["Note"])
        #expect(report.diagnostics.isEmpty)
        #expect(report.files[0].converted.hasSuffix("""
        extension Note: KeyMapped {
            static let keyMap = KeyMap(Note.init)

            // Kept by archiver-migrate: the type's own conversion, now made by the key map.
            init?(_ dict: Dictionary<String, Any>?) {
                guard let dict else { return nil }
                self.init(archive: dict)
            }

            func toDictionary() -> Dictionary<String, Any> {
                archiveValue
            }
        }

        """))
    }
}
