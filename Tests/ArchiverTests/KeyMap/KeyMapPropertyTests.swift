import Foundation
import Testing
@testable import Archiver

/// A restaurant as GitHub-style APIs send it: an `Int` id, an enum, entries by key path.
struct Bistro: Equatable {
    enum Kind: String { case deli, soup, bistro }
    let id: Int
    let name: String
    let kind: Kind
    let rating: Int
    let openedAt: Date?
    let isFavorite: Bool
    let priceCents: Int
}

/// Not `CaseIterable`: one line names any case as its placeholder.
extension Bistro.Kind: KeyMapValue { static var keyMapPlaceholder: Bistro.Kind? { .deli } }

extension Bistro: KeyMapped {
    static let keyMap = KeyMap(Bistro.init, serverKeys: .snakeCase, [
        .property(\.kind, default: .deli),
        .property(\.rating, server: "star_rating", archive: "stars", default: 0),
        .property(\.openedAt, server: "opened"),
        .excluded(\.isFavorite, default: true),
        .transform(\.priceCents, server: "price",
                   decode: { value throws(ArchiveDecodingError) in
                       Int((try Double(keyMapValue: KeyMapInput(value, from: .responseObject)) * 100).rounded()) },
                   encode: { cents in Double(cents) / 100 }),
    ])
}

/// A key path to a computed property: there is no stored property to give the entry to.
struct ComputedEntry { let id: Int; let first: String; var shout: String { first.uppercased() } }
extension ComputedEntry: KeyMapped { static let keyMap = KeyMap(ComputedEntry.init, [.property(\.shout, default: "")]) }

/// Two Booleans, which a probe instance could not tell apart and their offsets do.
struct TwoFlags { let id: Int; let isOpen: Bool; let isNew: Bool }
extension TwoFlags: KeyMapped { static let keyMap = KeyMap(TwoFlags.init, [.property(\.isNew, default: false)]) }

/// Two strings and two integers.
struct SameTypes: Equatable { let id: Int; let first: String; let last: String; let age: Int; let height: Int }
extension SameTypes: KeyMapped {
    static let keyMap = KeyMap(SameTypes.init, [
        .property(\.last, server: "surname"),
        .property(\.height, default: 170),
    ])
}

/// One property given two key-path entries, and a key two properties share.
struct TwiceKeyed { let id: Int; let name: String; let title: String }
extension TwiceKeyed: KeyMapped {
    static let keyMap = KeyMap(TwiceKeyed.init, [
        .property(\.name, default: "a"),
        .property(\.name, server: "label"),
        .property(\.title, server: "name"),
    ])
}

/// An entry for a computed property, built only inside the exit test that watches a debug build stop on it.
struct ComputedInExitTest { let id: Int; let openedAt: Date?; var opened: Date? { openedAt } }
extension ComputedInExitTest: KeyMapped { static let keyMap = KeyMap(ComputedInExitTest.init, [.property(\.opened)]) }

@Suite struct KeyMapPropertyTests {
    @Test func keyPathEntriesRenameDefaultExcludeAndTransform() throws {
        expectValidKeyMap(Bistro.self)
        let bistro = try Bistro.decode(responseObject: try responseObject(#"""
            {"id": 7, "name": "Monk's Café", "star_rating": "4", "opened": 0, "price": 12.5, "is_favorite": false}
            """#))
        #expect(bistro == Bistro(id: 7, name: "Monk's Café", kind: .deli, rating: 4, openedAt: Date(timeIntervalSince1970: 0),
                                 isFavorite: true, priceCents: 1250))
        let archive = bistro.archiveValue
        #expect(archive["stars"] as? Int == 4)
        #expect(archive["priceCents"] as? Double == 12.5)
        #expect(archive["is_favorite"] == nil)
        #expect(try Bistro.decode(archive: archive) == bistro)
    }

    @Test func theDefaultIsTypedByTheProperty() throws {
        let soup = try Bistro.decode(responseObject: ["id": 1, "name": "a", "kind": "soup", "price": 1])
        #expect(soup.kind == .soup)
        let missing = try Bistro.decode(responseObject: ["id": 1, "name": "a", "price": 1])
        #expect(missing.kind == .deli)
        #expect(missing.rating == 0)
    }

    @Test func propertiesOfOneTypeAreToldApart() throws {
        expectValidKeyMap(SameTypes.self)
        let person = try SameTypes.decode(responseObject: ["id": 1, "first": "Elaine", "surname": "Benes", "age": 30])
        #expect(person == SameTypes(id: 1, first: "Elaine", last: "Benes", age: 30, height: 170))
    }

    @Test func anEntryListedTwiceAndASharedServerKeyAreReported() {
        #expect(TwiceKeyed.keyMap.problems.map(\.message) == [
            #"the entry "name" is listed more than once; only the first is used"#,
            #"the server key "name" is used by name and title"#,
        ])
    }

    @Test func aKeyPathToAComputedPropertyIsReportedInWordsAndTheMapRefusesToDecode() {
        KeyMapDiagnostics.$stopsOnUnknownEntries.withValue(false) {
            let problems = ComputedEntry.keyMap.problems
            #expect(problems.map(\.kind) == [.unknownEntry])
            #expect(problems.first?.message.contains("reads no stored property of ComputedEntry") == true)
            #expect(problems.first?.message.contains("stored String properties: first") == true)
            let error = decodingError { () throws(ArchiveDecodingError) in try ComputedEntry.decode(responseObject: ["id": 1, "first": "a"]) }
            #expect(error?.description.contains("the key map is unusable") == true)
        }
    }

    @Test func twoBooleansAreToldApartByTheirOffsets() throws {
        // A probe instance could not tell isOpen from isNew (both false); the offsets can.
        expectValidKeyMap(TwoFlags.self)
        let flags = try TwoFlags.decode(responseObject: ["id": 1, "isOpen": true])
        #expect(flags.isOpen == true)
        #expect(flags.isNew == false)
    }

    #if DEBUG
    @Test func anEntryForAComputedPropertyStopsADebugBuildAtFirstUse() async {
        await #expect(processExitsWith: .failure) {
            _ = ComputedInExitTest.keyMap
        }
    }
    #endif
}
