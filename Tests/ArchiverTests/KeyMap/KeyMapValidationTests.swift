import Foundation
import Testing
@testable import Archiver

// Broken maps, one per rule. In debug builds each prints its problems to standard error when
// first used; that is the automatic validation at work.

/// A `let` with an initial value is not a parameter of the memberwise initializer.
struct Versioned { let id: String; let version = 2 }
extension Versioned: KeyMapped { static let keyMap = KeyMap(Versioned.init) }

/// An entry for a computed property, an entry listed twice, and two properties read from one key.
struct Misspelled { let id: String; let name: String; let displayName: String; var nmae: String { name } }
extension Misspelled: KeyMapped {
    static let keyMap = KeyMap(Misspelled.init, [
        .property(\.nmae, default: "x"),
        .property(\.displayName, server: "name"),
        .property(\.displayName, default: "y"),
    ])
}

/// An initializer whose parameters are not the stored properties in order.
struct Reordered {
    let count: Int
    let name: String
    static func make(name: String, count: Int) -> Reordered { Reordered(count: count, name: name) }
}
extension Reordered: KeyMapped { static let keyMap = KeyMap(Reordered.make) }

/// A property type with no placeholder, so the map cannot reflect on an instance.
struct Opaque: Serializable, ArchiveRepresentable, KeyMapValue {
    let token: String
    init?(responseObject: ResponseObject) { return nil }
    init?(archive: Archive) { return nil }
    var archiveValue: Archive { [:] }
}
struct HoldsOpaque { let id: String; let opaque: Opaque }
extension HoldsOpaque: KeyMapped { static let keyMap = KeyMap(HoldsOpaque.init) }

@Suite struct KeyMapValidationTests {
    private func problems<Model: KeyMapped>(_ type: Model.Type) -> [KeyMapProblem] {
        do {
            try type.validateKeyMap()
            Issue.record("expected \(type) to have problems")
            return []
        } catch {
            #expect(error.typeName == String(describing: type))
            #expect(error.description.hasPrefix("KeyMap of \(type) has \(error.problems.count) problem"))
            return error.problems
        }
    }

    @Test func aLetWithAnInitialValueIsReportedAndMakesTheMapUnusable() throws {
        let found = problems(Versioned.self)
        #expect(found.map(\.kind) == [.initializerMismatch, .missingProperty])
        #expect(found[0].message.contains("takes 1 parameters (String) but Versioned has 2 stored properties (id, version)"))
        #expect(found[1].message.contains("stored property version (Int) is not a parameter of the initializer"))
        let error = decodingError { () throws(ArchiveDecodingError) in try Versioned.decode(responseObject: ["id": "a"]) }
        #expect(error?.typeName == "Versioned")
        #expect(error?.description.contains("the key map is unusable") == true)
        #expect(Versioned(responseObject: ["id": "a"]) == nil)
    }

    @Test func misspeltDuplicatedAndCollidingEntriesAreEachReported() {
        // A debug build would stop at the computed property's entry; this test reads the problems instead.
        let messages = KeyMapDiagnostics.$stopsOnUnknownEntries.withValue(false) { problems(Misspelled.self).map(\.message) }
        #expect(messages.count == 3)
        #expect(messages.first?.hasSuffix("reads no stored property of Misspelled (a computed property cannot have an entry; stored String properties: id, name, displayName)") == true)
        #expect(messages.dropFirst() == [
            #"the entry "displayName" is listed more than once; only the first is used"#,
            #"the server key "name" is used by name and displayName"#,
        ])
    }

    @Test func anInitializerThatDoesNotMatchThePropertiesIsReported() {
        let found = problems(Reordered.self)
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.kind == .initializerMismatch })
        #expect(found.first?.message.hasPrefix("parameter 1 of the initializer is String, but stored property count is Int") == true)
    }

    @Test func aPropertyTypeWithoutAPlaceholderIsReported() {
        let messages = problems(HoldsOpaque.self).map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("Opaque has no keyMapPlaceholder") == true)
    }

    @Test func validMapsHaveNoProblems() throws {
        #expect(Derived.User.keyMap.problems.isEmpty)
        #expect(KeyMappedEverything.keyMap.problems.isEmpty)
        #expect(FastEverything.keyMap.problems.isEmpty)
        try Shop.validateKeyMap()
    }
}
