import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// Codable types as properties of key-mapped types, through the Codable bridge.
struct CodablePropertyTests {
    struct Money: Equatable, KeyMapCodable {
        let amount: Int
        let currency: String
        let note: String?
    }

    struct Receipt: Equatable, KeyMapCodable {
        let url: URL
        let issued: Date
        let lines: [Money]
        let tags: [String: Int]
    }

    enum Status: String, Codable, CaseIterable, KeyMapValue { case open, paid }

    struct Label: Codable, Equatable {
        let text: String
    }

    struct Order: Equatable {
        let id: String
        let total: Money
        let receipt: Receipt?
        let status: Status
        let history: [Money]
    }

    @Test func codablePropertiesRoundTripThroughTheBridge() throws {
        let order = Order(
            id: "o1", total: Money(amount: 12, currency: "EUR", note: nil),
            receipt: Receipt(url: URL(string: "https://shop.example/r/1")!, issued: Date(timeIntervalSinceReferenceDate: 1_000),
                             lines: [Money(amount: 12, currency: "EUR", note: "soup")], tags: ["a": 1]),
            status: .paid, history: [Money(amount: 1, currency: "USD", note: nil)]
        )
        let archive = order.archiveValue
        let total = try #require(archive["total"] as? Archive)
        #expect(total.sameContent(as: ["amount": 12, "currency": "EUR"]))
        #expect(archive["status"] as? String == "paid")
        #expect((archive["receipt"] as? Archive)?["url"] as? String == "https://shop.example/r/1")
        #expect(try Order.decode(archive: throughPropertyList(archive)) == order)
        try Order.validateKeyMap()
    }

    @Test func codableErrorsSitInsideTheKeyMapPath() {
        let json: ResponseObject = ["id": "o1", "total": ["amount": "twelve", "currency": "EUR"], "status": "open", "history": []]
        do {
            _ = try Order.decode(responseObject: json)
            Issue.record("decoded an order with a text amount")
        } catch {
            #expect(error.keyPath == "Order.total.amount")
            #expect(Order(responseObject: json) == nil)
        }
    }

    @Test func aValueTheBridgeCannotEncodeFailsTheStoreByName() async throws {
        struct Basket: KeyMapCodable { let items: [Refusing] }
        struct Cart: Archivable, KeyMapped {
            static var archiver: Archiver { testArchiver }
            static let keyMap = KeyMap(Cart.init)
            let id: String
            let basket: Basket
        }
        try TemporaryArchiver.with { _ throws in
            do throws(ArchiverError) {
                try Cart(id: "c", basket: Basket(items: [Refusing(id: "r", amount: -1)])).store()
                Issue.record("stored a basket that cannot be encoded")
            } catch {
                guard case .invalidPropertyList(_, _, let keyPath, _) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(keyPath == "basket")
            }
            #expect(try Cart.load(resourceID: "c") == nil)
        }
    }

    @Test func placeholdersAreBuiltFromZeros() throws {
        let receipt = try #require(Receipt.keyMapPlaceholder)
        #expect(receipt.lines.isEmpty && receipt.tags.isEmpty)
        #expect(Money.keyMapPlaceholder == Money(amount: 0, currency: "", note: nil))
        #expect(Status.keyMapPlaceholder == .open)
    }
}

extension CodablePropertyTests.Order: KeyMapped {
    static let keyMap = KeyMap(CodablePropertyTests.Order.init)
}
