import Foundation
import Testing
@testable import Archiver

// A key map without readers reads each stored property where the layout puts it, after checking,
// on instances its own initializer built, that each property's value is there: same-typed
// properties in a row (the issue's five `Bool?`s, whose swapped readers passed validation) are
// told apart by probe instances in which they differ.

enum OffsetVisibility: String, CaseIterable, KeyMapValue { case open, unlisted, hidden, direct }

struct OffsetStatus: Equatable {
    let id: String
    let favourited: Bool?
    let reblogged: Bool?
    let muted: Bool?
    let bookmarked: Bool?
    let pinned: Bool?
    let createdAt: Date?
    let editedAt: Date?
    let deletedAt: Date?
    let visibility: OffsetVisibility
    let quoting: OffsetVisibility
    let replying: OffsetVisibility
    let sensitive: Bool
    let count: Int
}

extension OffsetStatus: KeyMapped {
    static let keyMap = KeyMap(OffsetStatus.init, serverKeys: .snakeCase, [.property(\.count, server: "replies_count", default: 0)])
}

/// Two nested values of one key-mapped type, told apart by models the nested type's map builds.
struct OffsetPlace: Equatable { let name: String }
extension OffsetPlace: KeyMapped { static let keyMap = KeyMap(OffsetPlace.init) }
struct OffsetTrip: Equatable { let from: OffsetPlace; let to: OffsetPlace; let days: Int }
extension OffsetTrip: KeyMapped { static let keyMap = KeyMap(OffsetTrip.init) }

/// Two arrays of one key-mapped type: an array's elements build no map (a type may hold an array
/// of itself), so nothing tells the two apart, and the map reads them through `Mirror`, correctly.
struct OffsetItinerary: Equatable { let stops: [OffsetPlace]; let skipped: [OffsetPlace] }
extension OffsetItinerary: KeyMapped { static let keyMap = KeyMap(OffsetItinerary.init) }

/// Holds arrays of itself: building its map must not build it again.
struct OffsetNode: Equatable { let id: Int; let children: [OffsetNode]; let parents: [OffsetNode] }
extension OffsetNode: KeyMapped { static let keyMap = KeyMap(OffsetNode.init) }

/// One nested value of its type, among others: its value alone tells it.
struct OffsetVisit: Equatable { let place: OffsetPlace; let note: String?; let rating: Int8; let score: Float; let tags: [String] }
extension OffsetVisit: KeyMapped { static let keyMap = KeyMap(OffsetVisit.init) }

/// Collections of one type in pairs, told apart by one element or none.
struct OffsetTags: Equatable {
    let tags: Set<String>; let labels: Set<String>
    let counts: [String: Int]; let totals: [String: Int]
    let names: [String]; let aliases: [String]
}
extension OffsetTags: KeyMapped { static let keyMap = KeyMap(OffsetTags.init) }

/// A model read at its offsets holding one whose map reads through `Mirror`: a store writes the
/// nested value from where it is.
struct OffsetJourney: Equatable { let name: String; let trip: OffsetItinerary; let flagged: Bool? }
extension OffsetJourney: KeyMapped { static let keyMap = KeyMap(OffsetJourney.init) }

/// A model of zero size: nothing to read, at any offset.
struct OffsetMarker: Equatable { let kind: ObjectKind }
extension OffsetMarker: KeyMapped { static let keyMap = KeyMap(OffsetMarker.init) }

/// An app's own value held by reference.
final class OffsetAvatar: KeyMapValue, @unchecked Sendable {
    let url: String
    init(url: String) { self.url = url }
    init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) { url = try String(keyMapValue: input) }
    var keyMapArchiveValue: Any? { url }
    static var keyMapPlaceholder: OffsetAvatar? { OffsetAvatar(url: "") }
}

/// A weak property is stored as a reference to the object's side table, not to the object; an
/// unowned one with a reference count of its own. Neither may be read at its offset as a strong
/// reference, which the probe instances cannot show (their weak property is `nil` by the time
/// they are read), so a map with a property that holds a class instance reads through `Mirror`.
struct OffsetProfile: KeyMapped {
    static let keyMap = KeyMap(OffsetProfile.init)
    let name: String
    weak var avatar: OffsetAvatar?
    let banner: OffsetAvatar
    init(name: String, avatar: OffsetAvatar?, banner: OffsetAvatar) {
        self.name = name
        self.avatar = avatar
        self.banner = banner
    }
}

/// An unowned property holds its object without keeping it alive: the placeholder the map built
/// its model from was freed as the model was made, and reflecting on the model trapped.
struct OffsetOwned: KeyMapped {
    static let keyMap = KeyMap(OffsetOwned.init)
    let name: String
    unowned let owner: OffsetAvatar
    unowned(unsafe) let sponsor: OffsetAvatar
}

/// Two of them: the map probes each with models of `OffsetOwned`'s own map.
struct OffsetOwnedPair: KeyMapped {
    static let keyMap = KeyMap(OffsetOwnedPair.init)
    let first: OffsetOwned
    let second: OffsetOwned
}

@Suite struct StoredPropertyOffsetTests {
    /// Every combination of the five `Bool?`s' three values would be 243 statuses; these give each
    /// property each value at least once while its neighbours hold others.
    static func statuses() -> [OffsetStatus] {
        let states: [Bool?] = [true, false, nil]
        let dates: [Date?] = [Date(timeIntervalSince1970: 1_574_553_600), nil, Date(timeIntervalSince1970: 86_400.5)]
        let kinds = OffsetVisibility.allCases
        return (0 ..< 9).map { index in
            OffsetStatus(
                id: "status \(index)",
                favourited: states[index % 3], reblogged: states[(index + 1) % 3], muted: states[(index / 3) % 3],
                bookmarked: states[(index + 2) % 3], pinned: states[(index / 3 + 1) % 3],
                createdAt: dates[index % 3], editedAt: dates[(index + 1) % 3], deletedAt: dates[(index / 3) % 3],
                visibility: kinds[index % 4], quoting: kinds[(index + 1) % 4], replying: kinds[(index / 3) % 4],
                sensitive: index % 2 == 0, count: index * 7)
        }
    }

    @Test func aMapWithoutReadersReadsStoredPropertiesInPlace() throws {
        guard case .readers(let entries) = OffsetStatus.keyMap.readers else {
            Issue.record("OffsetStatus is archived through Mirror")
            return
        }
        #expect(entries.map(\.key) == OffsetStatus.keyMap.fields.map(\.archiveKey))
        guard case .readers = OffsetVisit.keyMap.readers else {
            Issue.record("OffsetVisit is archived through Mirror")
            return
        }
    }

    @Test func fiveOptionalBooleansDatesAndEnumsOfOneTypeRoundTripEachValue() throws {
        for status in Self.statuses() {
            let archive = status.archiveValue
            #expect(archive["favourited"] as? Bool == status.favourited)
            #expect(archive["reblogged"] as? Bool == status.reblogged)
            #expect(archive["muted"] as? Bool == status.muted)
            #expect(archive["bookmarked"] as? Bool == status.bookmarked)
            #expect(archive["pinned"] as? Bool == status.pinned)
            #expect(archive["editedAt"] as? Date == status.editedAt)
            #expect(archive["quoting"] as? String == status.quoting.rawValue)
            #expect(try OffsetStatus.decode(archive: archive) == status)
            let loaded = try OffsetStatus(archivedData: status.archivedData())
            #expect(loaded == status)
        }
    }

    @Test func nestedValuesRoundTrip() throws {
        let visit = OffsetVisit(place: OffsetPlace(name: "Monk's"), note: nil, rating: -3, score: 4.5, tags: ["soup", "bread"])
        #expect(try OffsetVisit(archivedData: visit.archivedData()) == visit)
        #expect(try OffsetVisit.decode(archive: visit.archiveValue) == visit)
        let trip = OffsetTrip(from: OffsetPlace(name: "Monk's"), to: OffsetPlace(name: "Soup Man"), days: 2)
        #expect(try OffsetTrip(archivedData: trip.archivedData()) == trip)
        #expect(trip.archiveValue["to"] as? [String: String] == ["name": "Soup Man"])
    }

    @Test func collectionsOfOneTypeAreReadInPlace() throws {
        guard case .readers = OffsetTags.keyMap.readers else {
            Issue.record("OffsetTags is archived through Mirror")
            return
        }
        let tags = OffsetTags(tags: ["a"], labels: ["b", "c"], counts: ["x": 1], totals: [:], names: [], aliases: ["d"])
        #expect(try OffsetTags(archivedData: tags.archivedData()) == tags)
        #expect(try OffsetTags.decode(archive: tags.archiveValue) == tags)
    }

    @Test func aNestedValueReadThroughMirrorIsStoredFromWhereItIs() throws {
        guard case .readers = OffsetJourney.keyMap.readers, case .mirror = OffsetItinerary.keyMap.readers else {
            Issue.record("expected OffsetJourney read at its offsets and OffsetItinerary through Mirror")
            return
        }
        let trip = OffsetItinerary(stops: [OffsetPlace(name: "Monk's")], skipped: [OffsetPlace(name: "Soup Man"), OffsetPlace(name: "")])
        for journey in [OffsetJourney(name: "lunch", trip: trip, flagged: true), OffsetJourney(name: "", trip: trip, flagged: nil)] {
            #expect(try OffsetJourney(archivedData: journey.archivedData()) == journey)
            #expect(try OffsetJourney.decode(archive: journey.archiveValue) == journey)
        }
    }

    @Test func aModelOfZeroSizeRoundTrips() throws {
        #expect(MemoryLayout<OffsetMarker>.size == 0)
        let marker = OffsetMarker(kind: .charge)
        #expect(marker.archiveValue["kind"] as? String == "charge")
        #expect(try OffsetMarker(archivedData: marker.archivedData()) == marker)
    }

    @Test func sameTypedPropertiesWithoutDistinctProbeValuesAreReadThroughMirror() throws {
        guard case .mirror = OffsetItinerary.keyMap.readers else {
            Issue.record("OffsetItinerary's two arrays were read in place without being told apart")
            return
        }
        let node = OffsetNode(id: 1, children: [OffsetNode(id: 2, children: [], parents: [])], parents: [])
        #expect(try OffsetNode(archivedData: node.archivedData()) == node)
    }

    /// Read at its offset as a strong reference, the weak `avatar` crashed the process in
    /// `archiveValue` (Bad pointer dereference in `swift_retain`).
    @Test func aPropertyThatHoldsAClassInstanceIsReadThroughMirror() throws {
        guard case .mirror = OffsetProfile.keyMap.readers else {
            Issue.record("OffsetProfile's weak avatar would be read at its offset as a strong reference")
            return
        }
        let avatar = OffsetAvatar(url: "https://example.com/a.png")
        let banner = OffsetAvatar(url: "https://example.com/b.png")
        let profile = OffsetProfile(name: "a", avatar: avatar, banner: banner)
        #expect(profile.archiveValue["avatar"] as? String == avatar.url)
        #expect(profile.archiveValue["banner"] as? String == banner.url)
        let json = try JSONSerialization.jsonObject(with: profile.jsonData()) as? [String: Any]
        #expect(json?["avatar"] as? String == avatar.url)
        let stored = try OffsetProfile(archivedData: profile.archivedData())
        #expect(stored.name == "a" && stored.banner.url == banner.url)
        withExtendedLifetime(avatar) {}
    }

    @Test func aModelThatHoldsAClassInstanceUnownedBuildsItsMapAndArchives() throws {
        let owner = OffsetAvatar(url: "https://example.com/o.png")
        let sponsor = OffsetAvatar(url: "https://example.com/s.png")
        let owned = OffsetOwned(name: "a", owner: owner, sponsor: sponsor)
        #expect(OffsetOwned.keyMap.problems.isEmpty)
        #expect(owned.archiveValue["owner"] as? String == owner.url)
        #expect(owned.archiveValue["sponsor"] as? String == sponsor.url)
        let pair = OffsetOwnedPair(first: owned, second: OffsetOwned(name: "b", owner: sponsor, sponsor: owner))
        #expect(OffsetOwnedPair.keyMap.problems.isEmpty)
        let second = pair.archiveValue["second"] as? [String: Any]
        #expect(second?["owner"] as? String == sponsor.url)
        withExtendedLifetime((owner, sponsor)) {}
    }

    @Test func twoNestedValuesOfOneKeyMappedTypeAreReadInPlace() throws {
        guard case .readers = OffsetTrip.keyMap.readers else {
            Issue.record("OffsetTrip's two places are read through Mirror")
            return
        }
        let trip = OffsetTrip(from: OffsetPlace(name: "Monk's"), to: OffsetPlace(name: "Soup Man"), days: 2)
        #expect(try OffsetTrip(archivedData: trip.archivedData()) == trip)
        #expect(trip.archiveValue["to"] as? [String: String] == ["name": "Soup Man"])
    }

    @Test func probeInstancesGiveEveryTwoPropertiesOfATypeDifferentValues() throws {
        let types: [KeyMapStoredOffsets.Parameter] =
            Array(repeating: KeyMapStoredOffsets.Parameter(Bool?.self, in: OffsetStatus.self), count: 5)
            + Array(repeating: KeyMapStoredOffsets.Parameter(Bool.self, in: OffsetStatus.self), count: 9)
            + Array(repeating: KeyMapStoredOffsets.Parameter(OffsetVisibility.self, in: OffsetStatus.self), count: 3)
            + [KeyMapStoredOffsets.Parameter(String.self, in: OffsetStatus.self)]
        let probes = try KeyMapStoredOffsets.probes(for: types).get()
        // Five Bool?s of three values need two instances, nine Bools four.
        #expect(probes.choices.count == 4)
        for first in types.indices {
            for second in types.indices where second > first && types[first].typeIdentifier == types[second].typeIdentifier {
                #expect(probes.choices.contains { $0[first] != $0[second] }, "\(first) and \(second)")
            }
        }
        let places = [KeyMapStoredOffsets.Parameter([OffsetPlace].self, in: OffsetItinerary.self), .init([OffsetPlace].self, in: OffsetItinerary.self)]
        #expect(throws: KeyMapStoredOffsets.Unverified.self) { try KeyMapStoredOffsets.probes(for: places).get() }
    }

    @Test func probeValuesDifferFromPropertyToProperty() {
        #expect(KeyMapProbe.values(Bool?.self, upTo: 5).map { String(describing: $0) } == ["nil", "Optional(false)", "Optional(true)"])
        #expect(KeyMapProbe.values(OffsetVisibility.self, upTo: 9) == OffsetVisibility.allCases)
        let dates = KeyMapProbe.values(Date?.self, upTo: 4)
        #expect(Set(dates.map { String(describing: $0) }).count == 4)
        #expect(KeyMapProbe.values(OffsetPlace.self, upTo: 2) == [OffsetPlace(name: "probe 0"), OffsetPlace(name: "probe 1")])
        #expect(KeyMapProbe.values([String: Int].self, upTo: 3) == [[:], ["probe": 1_000_003], ["probe": 1_000_004]])
        #expect(KeyMapProbe.values(Set<String>.self, upTo: 2) == [[], ["probe 0"]])
        #expect(KeyMapProbe.values([OffsetPlace].self, upTo: 2) == [[]])
    }
}
