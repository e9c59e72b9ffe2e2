import Foundation
import Testing
@testable import Archiver

// Every entry option, through every door, from one set of cases: a mutation that makes an
// option behave differently on one door fails here.

enum PlanStatus: String, CaseIterable, Equatable { case active, canceled, unknown }
extension PlanStatus: KeyMapValue { static var keyMapUnknownValue: PlanStatus? { .unknown } }

enum BillingInterval: String, CaseIterable, Equatable { case month, year }
extension BillingInterval: KeyMapValue {}

struct Plan: Equatable {
    let id: Int
    let status: PlanStatus
    let interval: BillingInterval
    let trialEnd: Date?
    let amount: Int
    let history: [PlanStatus]
}

extension Plan: KeyMapped {
    static let keyMap = KeyMap(Plan.init, [
        .property(\.interval, ifInvalid: .use(.month)),
        .property(\.trialEnd, ifInvalid: .useDefault),
        .property(\.amount, default: 0, ifInvalid: .useDefault),
        .property(\.history, default: []),
    ])
}

struct PlanList: Equatable {
    let id: Int
    let plans: [Plan]
    let strictPlans: [Plan]
}

extension PlanList: KeyMapped {
    static let keyMap = KeyMap(PlanList.init, [
        .property(\.plans, default: []),
        .property(\.strictPlans, default: [], strict: true),
    ])
}

/// One case: a JSON text (server and archive keys agree), and what every door must give.
struct EntryOptionCase: CustomStringConvertible, Sendable {
    let name: String
    let json: String
    /// The decoded value's description, or the error's when `throws`.
    let expected: String
    let throwsError: Bool
    let dropped: [String]

    var description: String { name }

    static let plan = #""id": 1, "status": "active", "interval": "year", "trialEnd": 0, "amount": 5"#

    static let all: [EntryOptionCase] = [
        EntryOptionCase(name: "a valid plan", json: "{\(plan)}",
                        expected: "1 active year 1970-01-01 00:00:00 +0000 5 []", throwsError: false, dropped: []),
        EntryOptionCase(name: "missing values get their defaults, unreported", json: #"{"id": 1, "status": "active", "interval": "month"}"#,
                        expected: "1 active month nil 0 []", throwsError: false, dropped: []),
        EntryOptionCase(name: "null reads as missing", json: #"{"id": 1, "status": "active", "interval": "month", "trialEnd": null, "amount": null}"#,
                        expected: "1 active month nil 0 []", throwsError: false, dropped: []),
        EntryOptionCase(name: "an unknown raw value reads as the enum's unknown case", json: #"{"id": 1, "status": "requires_reauthorization", "interval": "month", "history": ["active", "paused"]}"#,
                        expected: "1 unknown month nil 0 [active, unknown]", throwsError: false, dropped: []),
        EntryOptionCase(name: "an unknown value gets the entry's value, reported", json: #"{"id": 1, "status": "active", "interval": "fortnight"}"#,
                        expected: "1 active month nil 0 []", throwsError: false,
                        dropped: [#"Plan.interval: expected BillingInterval, found String "fortnight""#]),
        EntryOptionCase(name: "a value of the wrong type gets the entry's value too", json: #"{"id": 1, "status": "active", "interval": 12}"#,
                        expected: "1 active month nil 0 []", throwsError: false,
                        dropped: ["Plan.interval: expected BillingInterval, found number 12"]),
        EntryOptionCase(name: "an unreadable optional reads nil, reported", json: #"{"id": 1, "status": "active", "interval": "month", "trialEnd": "soon"}"#,
                        expected: "1 active month nil 0 []", throwsError: false,
                        dropped: [#"Plan.trialEnd: expected Date (ISO 8601 such as 2016-06-01T12:00:00Z or 2016-06-01, or seconds since 1970), found String "soon""#]),
        EntryOptionCase(name: "an unreadable value gets the default, reported", json: #"{"id": 1, "status": "active", "interval": "month", "amount": "x"}"#,
                        expected: "1 active month nil 0 []", throwsError: false,
                        dropped: [#"Plan.amount: expected Int, found String "x""#]),
        EntryOptionCase(name: "an entry without ifInvalid fails", json: #"{"id": "one", "status": "active", "interval": "month"}"#,
                        expected: #"Plan.id: expected Int, found String "one""#, throwsError: true, dropped: []),
    ]

    static let lists: [EntryOptionCase] = [
        EntryOptionCase(name: "an invalid element is dropped and reported with its path", json: #"{"id": 7, "plans": [{\#(plan)}, {"id": 2}]}"#,
                        expected: "7 [1] []", throwsError: false,
                        dropped: ["PlanList.plans[1].status: expected PlanStatus, found nothing"]),
        EntryOptionCase(name: "a replaced value deep in a list is reported with its path", json: #"{"id": 7, "plans": [{"id": 3, "status": "active", "interval": "daily"}]}"#,
                        expected: "7 [3] []", throwsError: false,
                        dropped: [#"PlanList.plans[0].interval: expected BillingInterval, found String "daily""#]),
        EntryOptionCase(name: "a strict entry fails on an invalid element", json: #"{"id": 7, "strictPlans": [{\#(plan)}, {"id": 2}]}"#,
                        expected: "PlanList.strictPlans[1].status: expected PlanStatus, found nothing", throwsError: true, dropped: []),
    ]
}

extension Plan: CustomStringConvertible {
    var description: String {
        "\(id) \(status) \(interval) \(trialEnd.map { "\($0)" } ?? "nil") \(amount) [\(history.map(\.rawValue).joined(separator: ", "))]"
    }
}

extension PlanList: CustomStringConvertible {
    var description: String { "\(id) \(plans.map(\.id)) \(strictPlans.map(\.id))" }
}

@Suite struct EntryOptionDoorTests {
    static let planCases = KeyMapDoor.allCases.flatMap { door in EntryOptionCase.all.map { (door, $0) } }
    static let listCases = KeyMapDoor.allCases.flatMap { door in EntryOptionCase.lists.map { (door, $0) } }

    @Test(arguments: planCases)
    func everyOptionBehavesAlikeThroughEveryDoor(door: KeyMapDoor, option: EntryOptionCase) throws {
        try check(Plan.self, door: door, option)
    }

    @Test(arguments: listCases)
    func collectionsDropStrictlyAndReportAlikeThroughEveryDoor(door: KeyMapDoor, option: EntryOptionCase) throws {
        try check(PlanList.self, door: door, option)
    }

    private func check<Model: KeyMapped & CustomStringConvertible>(_ type: Model.Type, door: KeyMapDoor, _ option: EntryOptionCase) throws {
        expectValidKeyMap(Model.self)
        if option.throwsError {
            #expect(throws: ArchiveDecodingError.self) { try door.decode(Model.self, option.json) }
            do {
                _ = try door.decodeReporting(Model.self, option.json)
            } catch {
                #expect("\(error)" == option.expected, "\(door)")
            }
            return
        }
        let (value, dropped) = try door.decodeReporting(Model.self, option.json)
        #expect(value.description == option.expected, "\(door)")
        #expect(dropped == option.dropped, "\(door)")
        // The plain decode gives the same value without reporting.
        #expect(try door.decode(Model.self, option.json).description == option.expected, "\(door)")
    }

    @Test func aProcessWideObserverSeesEveryDropAndReplacement() throws {
        let seen = SeenErrors()
        ArchiveDecodingError.observeDroppedElements { error in seen.append(error) }
        defer { ArchiveDecodingError.observeDroppedElements(nil) }
        // Values no other test uses, as the observer sees the drops of tests running alongside.
        let json = #"{"id": 8, "plans": [{"id": "observer-only"}, {"id": 3, "status": "active", "interval": "observer-interval"}]}"#
        _ = try PlanList.decode(json: Data(json.utf8))
        _ = try PlanList.decode(responseObject: responseObject(json))
        _ = try PlanList.decode(archive: responseObject(json))
        let mine = seen.errors.filter { $0.contains("observer-") }
        #expect(mine.count == 6)
        #expect(mine.filter { $0.contains(#"[0].id: expected Int, found String "observer-only""#) }.count == 3)
        #expect(mine.filter { $0.contains(#"Plan.interval: expected BillingInterval, found String "observer-interval""#) }.count == 3)
    }

    @Test func decodeCollectionReportsWhatItsElementsDroppedThroughEveryDoor() throws {
        let json = #"[{"id": 1, "plans": [{"id": 2}]}, {"id": "bad"}]"#
        let fromJSON = try PlanList.decodeCollection(json: Data(json.utf8))
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [ResponseObject])
        let fromObjects = PlanList.decodeCollection(responseObjects: objects)
        let fromArchives = PlanList.decodeCollection(archives: objects)
        for result in [fromJSON, fromObjects, fromArchives] {
            #expect(result.values.map(\.id) == [1])
            #expect(result.failures.map(\.index) == [1])
            #expect(result.droppedElements.map(\.description) == ["[PlanList][0].plans[0].status: expected PlanStatus, found nothing"])
        }
    }
}

final class SeenErrors: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ error: ArchiveDecodingError) { lock.withLock { stored.append(error.description) } }
    var errors: [String] { lock.withLock { stored } }
}

// MARK: A type's own conversion is the rule through every door

/// An enum whose own conversion folds case and maps anything unknown to `.other`.
enum Cuisine18: String, Codable, Equatable { case deli, soup, other }

extension Cuisine18: KeyMapValue {
    init(keyMapValue input: KeyMapInput) throws(ArchiveDecodingError) {
        self = Cuisine18(rawValue: try String(keyMapValue: input).lowercased()) ?? .other
    }

    static var keyMapPlaceholder: Cuisine18? { .deli }
}

struct Diner: Equatable { let id: Int; let cuisine: Cuisine18 }
extension Diner: KeyMapped { static let keyMap = KeyMap(Diner.init) }

struct CodableDiner: Codable, Equatable { let id: Int; let cuisine: Cuisine18 }

@Suite struct OwnConversionDoorTests {
    @Test(arguments: KeyMapDoor.allCases)
    func theTypesOwnConversionIsTheRule(door: KeyMapDoor) throws {
        #expect(try door.decode(Diner.self, #"{"id": 1, "cuisine": "SOUP"}"#) == Diner(id: 1, cuisine: .soup))
        #expect(try door.decode(Diner.self, #"{"id": 1, "cuisine": "pizza"}"#) == Diner(id: 1, cuisine: .other))
    }

    @Test func theTypesOwnConversionIsTheRuleThroughTheCodableBridge() throws {
        let decoded = try ArchiveDecoder().decode(CodableDiner.self, from: ["id": 1, "cuisine": "SOUP"])
        #expect(decoded == CodableDiner(id: 1, cuisine: .soup))
        let unknown = try ArchiveDecoder().decode(CodableDiner.self, from: ["id": 1, "cuisine": "pizza"])
        #expect(unknown == CodableDiner(id: 1, cuisine: .other))
    }
}
