import Foundation
import Testing
@testable import Archiver

// Shapes every REST API has, which one probe instance could not tell apart: many `Bool`s, many
// optional dates, several enums of one type, and a generic envelope. Every key path must resolve
// to its own property, so each entry below renames or defaults a property whose neighbours have
// the same type, and the tests check that the value lands in that property and no other.

/// Eight Booleans, as a payments API's charge has (`livemode`, `paid`, `refunded`, …).
struct EightFlags: Equatable {
    let id: Int
    let livemode: Bool
    let paid: Bool
    let refunded: Bool
    let captured: Bool
    let disputed: Bool
    let isTest: Bool
    let archived: Bool
    let deleted: Bool
}

extension EightFlags: KeyMapped {
    static let keyMap = KeyMap(EightFlags.init, [
        .property(\.livemode, default: false),
        .property(\.paid, server: "is_paid"),
        .property(\.captured, default: true),
        .property(\.isTest, server: "test"),
        .property(\.deleted, server: "gone", default: false),
    ])
}

/// Five optional dates.
struct FiveDates: Equatable {
    let id: Int
    let created: Date?
    let canceledAt: Date?
    let endedAt: Date?
    let trialStart: Date?
    let trialEnd: Date?
}

extension FiveDates: KeyMapped {
    static let keyMap = KeyMap(FiveDates.init, [
        .property(\.canceledAt, server: "canceled_at"),
        .property(\.trialStart, server: "trial_start"),
        .property(\.trialEnd, server: "trial_end", default: Date(timeIntervalSince1970: 86_400)),
    ])
}

/// Several properties of one enum type.
struct ThreeStatuses: Equatable {
    enum Status: String, CaseIterable { case active, pastDue = "past_due", canceled }
    let id: Int
    let current: Status
    let previous: Status
    let next: Status
}

extension ThreeStatuses.Status: KeyMapValue {}

extension ThreeStatuses: KeyMapped {
    static let keyMap = KeyMap(ThreeStatuses.init, [
        .property(\.previous, server: "previous_status", default: .active),
        .property(\.next, default: .canceled),
    ])
}

/// A generic envelope with key-path entries on two properties of one type, declared as the
/// KeyMaps article teaches.
struct FlagPage<Item> {
    let data: [Item]
    let hasMore: Bool
    let isFirst: Bool
    let total: Int
}

extension FlagPage: Equatable where Item: Equatable {}

extension FlagPage: KeyMapped, KeyMapValue, Serializable, ArchiveRepresentable where Item: KeyMapped {
    static var keyMap: KeyMap<Self> {
        KeyMap({ FlagPage(data: $0, hasMore: $1, isFirst: $2, total: $3) }, [
            .property(\.hasMore, server: "has_more", default: false),
            .property(\.isFirst, server: "first"),
            .property(\.total, default: 0),
        ])
    }
}

@Suite struct KeyPathResolutionTests {
    @Test func eightBooleansResolveEachToItsOwnProperty() throws {
        expectValidKeyMap(EightFlags.self)
        let json = #"""
            {"id": 1, "is_paid": true, "refunded": true, "disputed": false, "test": true, "archived": true, "gone": true}
            """#
        let expected = EightFlags(id: 1, livemode: false, paid: true, refunded: true, captured: true, disputed: false,
                                  isTest: true, archived: true, deleted: true)
        for door in KeyMapDoor.serverDoors {
            #expect(try door.decode(EightFlags.self, json) == expected, "\(door)")
        }
        let archive = expected.archiveValue
        #expect(archive["paid"] as? Bool == true)
        #expect(archive["deleted"] as? Bool == true)
        #expect(archive["livemode"] as? Bool == false)
        #expect(try EightFlags.decode(archive: archive) == expected)
    }

    @Test func fiveOptionalDatesResolveEachToItsOwnProperty() throws {
        expectValidKeyMap(FiveDates.self)
        let json = #"{"id": 2, "created": 10, "canceled_at": 20, "endedAt": 30, "trial_start": 40}"#
        let expected = FiveDates(
            id: 2, created: Date(timeIntervalSince1970: 10), canceledAt: Date(timeIntervalSince1970: 20),
            endedAt: Date(timeIntervalSince1970: 30), trialStart: Date(timeIntervalSince1970: 40),
            trialEnd: Date(timeIntervalSince1970: 86_400))
        for door in KeyMapDoor.serverDoors {
            #expect(try door.decode(FiveDates.self, json) == expected, "\(door)")
        }
    }

    @Test func severalEnumsOfOneTypeResolveEachToItsOwnProperty() throws {
        expectValidKeyMap(ThreeStatuses.self)
        let json = #"{"id": 3, "current": "past_due", "previous_status": "canceled"}"#
        for door in KeyMapDoor.serverDoors {
            #expect(try door.decode(ThreeStatuses.self, json) == ThreeStatuses(id: 3, current: .pastDue, previous: .canceled, next: .canceled), "\(door)")
        }
    }

    @Test func keyPathEntriesResolveOnAGenericType() throws {
        expectValidKeyMap(FlagPage<ThreeStatuses>.self)
        expectValidKeyMap(FlagPage<EightFlags>.self)
        let json = #"{"data": [{"id": 4, "current": "active"}], "first": true, "total": 9}"#
        let expected = FlagPage(data: [ThreeStatuses(id: 4, current: .active, previous: .active, next: .canceled)],
                                hasMore: false, isFirst: true, total: 9)
        for door in KeyMapDoor.serverDoors {
            #expect(try door.decode(FlagPage<ThreeStatuses>.self, json) == expected, "\(door)")
        }
    }

    @Test func theFieldRecordsNameEveryStoredPropertyAtItsOffset() throws {
        let flags = EightFlags(id: 1, livemode: true, paid: false, refunded: true, captured: false,
                               disputed: true, isTest: false, archived: true, deleted: false)
        let fields = try #require(KeyMapPropertyResolution.storedFields(of: flags))
        #expect(fields.map(\.name) == ["id", "livemode", "paid", "refunded", "captured", "disputed", "isTest", "archived", "deleted"])
        #expect(fields[2].offset == MemoryLayout<EightFlags>.offset(of: \EightFlags.paid))
        #expect(KeyMapPropertyResolution.storedFields(of: NSObject()) == nil)
    }
}

/// The doors a key-mapped value is read through: the parsed JSON text, the `JSONSerialization`
/// dictionary, and an archive. Cases shared by every door run over ``allCases`` (the archive
/// door reads the same keys where a type's server and archive keys agree).
enum KeyMapDoor: CustomStringConvertible, CaseIterable, Sendable {
    case json
    case responseObject
    case archive

    static let serverDoors: [KeyMapDoor] = [.json, .responseObject]

    var description: String {
        switch self {
        case .json: "decode(json:)"
        case .responseObject: "decode(responseObject:)"
        case .archive: "decode(archive:)"
        }
    }

    func decode<Model: KeyMapped>(_ type: Model.Type, _ json: String) throws -> Model {
        switch self {
        case .json: try Model.decode(json: Data(json.utf8))
        case .responseObject: try Model.decode(responseObject: ArchiverTests.responseObject(json))
        case .archive: try Model.decode(archive: ArchiverTests.responseObject(json))
        }
    }

    /// Decodes, and returns what was dropped or replaced, as text.
    func decodeReporting<Model: KeyMapped>(_ type: Model.Type, _ json: String) throws -> (Model, [String]) {
        let (value, dropped) = try ArchiveDecodingError.collectingDroppedElements { () throws -> Model in
            switch self {
            case .json: try Model.decode(json: Data(json.utf8))
            case .responseObject: try Model.decode(responseObject: ArchiverTests.responseObject(json))
            case .archive: try Model.decode(archive: ArchiverTests.responseObject(json))
            }
        }
        return (value, dropped.map(\.description))
    }
}
