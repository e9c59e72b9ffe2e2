import Archiver
import ArchiverTesting
import Testing

struct KeyMapAssertionsTests {
    struct Dish { let id: String; let name: String; let price: Int }

    struct Misspelled { let id: String; let name: String }

    @Test func aMapThatFitsItsTypePasses() throws {
        try assertValidKeyMap(Dish.self)
    }

    @Test func aMapNamingNoPropertyFailsInWords() {
        let failure = #expect(throws: ArchiverTestFailure.self) { try assertValidKeyMap(Misspelled.self) }
        #expect(failure?.message.contains("Misspelled") == true)
        #expect(failure?.message.contains("\"nmae\"") == true)
    }
}

extension KeyMapAssertionsTests.Dish: KeyMapped {
    static let keyMap = KeyMap(KeyMapAssertionsTests.Dish.init, ["price": .init(server: "price_cents")])
}

extension KeyMapAssertionsTests.Misspelled: KeyMapped {
    static let keyMap = KeyMap(KeyMapAssertionsTests.Misspelled.init, ["nmae": .init(default: "")])
}
