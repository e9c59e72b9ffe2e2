import Archiver
import ArchiverTesting
import Testing

struct KeyMapAssertionsTests {
    struct Dish { let id: String; let name: String; let price: Int }

    struct Misspelled { let id: String; let name: String; var nmae: String { name } }

    @Test func aMapThatFitsItsTypePasses() throws {
        try assertValidKeyMap(Dish.self)
    }

    @Test func aMapWithAnEntryForAComputedPropertyFailsInWords() {
        let failure = #expect(throws: ArchiverTestFailure.self) { try assertValidKeyMap(Misspelled.self) }
        #expect(failure?.message.contains("Misspelled") == true)
        #expect(failure?.message.contains("reads no stored property of Misspelled") == true)
    }
}

extension KeyMapAssertionsTests.Dish: KeyMapped {
    static let keyMap = KeyMap(KeyMapAssertionsTests.Dish.init, [.property(\.price, server: "price_cents")])
}

extension KeyMapAssertionsTests.Misspelled: KeyMapped {
    static let keyMap = KeyMap(KeyMapAssertionsTests.Misspelled.init, [.property(\.nmae, default: "")])
}
