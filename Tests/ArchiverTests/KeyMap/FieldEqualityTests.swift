import Foundation
import Testing
@testable import Archiver

struct EqCustomer { let id: Int; let name: String; let tags: [String]; let created: Date?; let plan: Plan? }
extension EqCustomer: KeyMapped, Cachable { static let keyMap = KeyMap(EqCustomer.init) }

/// An Archiver 0.6-style hand-written type: equal by id.
struct HandCustomer: UniquelyIdentifiable { let id: String; let name: String }

@Suite struct FieldEqualityTests {
    @Test func aKeyMappedTypeComparesItsFields() {
        let customer = EqCustomer(id: 1, name: "Elaine", tags: ["a"], created: Date(timeIntervalSince1970: 5), plan: nil)
        #expect(customer == EqCustomer(id: 1, name: "Elaine", tags: ["a"], created: Date(timeIntervalSince1970: 5), plan: nil))
        #expect(customer != EqCustomer(id: 1, name: "Jerry", tags: ["a"], created: Date(timeIntervalSince1970: 5), plan: nil))
        #expect(customer != EqCustomer(id: 1, name: "Elaine", tags: [], created: Date(timeIntervalSince1970: 5), plan: nil))
        #expect(customer != EqCustomer(id: 1, name: "Elaine", tags: ["a"], created: nil, plan: nil))
        #expect(customer != EqCustomer(id: 2, name: "Elaine", tags: ["a"], created: Date(timeIntervalSince1970: 5), plan: nil))
        let plan = Plan(id: 1, status: .active, interval: .month, trialEnd: nil, amount: 1, history: [])
        let withPlan = EqCustomer(id: 1, name: "Elaine", tags: [], created: nil, plan: plan)
        #expect(withPlan == EqCustomer(id: 1, name: "Elaine", tags: [], created: nil, plan: plan))
        #expect(withPlan != EqCustomer(id: 1, name: "Elaine", tags: [], created: nil, plan: Plan(
            id: 1, status: .active, interval: .year, trialEnd: nil, amount: 1, history: [])))
    }

    @Test func aLoadedValueEqualsTheOriginalOnlyWhenEveryFieldRoundTrips() throws {
        let customer = EqCustomer(id: 3, name: "George", tags: ["x", "y"], created: Date(timeIntervalSince1970: 10), plan: nil)
        #expect(try EqCustomer.decode(archive: customer.archiveValue) == customer)
        var archive = customer.archiveValue
        archive["name"] = "Costanza"
        #expect(try EqCustomer.decode(archive: archive) != customer)
    }

    @Test func handWrittenTypesKeepEqualityById() {
        #expect(HandCustomer(id: "a", name: "Old") == HandCustomer(id: "a", name: "New"))
        #expect(HandCustomer(id: "a", name: "Old") != HandCustomer(id: "b", name: "Old"))
    }
}
