import Foundation
import Testing
@testable import Archiver

// Models whose stored properties `Mirror` does not show as they are, or whose layout the offsets
// of key paths cannot tell: a custom mirror, a lazy var, zero-sized properties, and a class-typed
// property holding a subclass instance. Each must either map every property to its own key or be
// refused in words; none may archive, or decode into, another property's value.

// MARK: Custom mirrors

/// Hides its token from `dump` and the debugger, as apps do for credentials.
struct RedactedCredentials: Equatable {
    let user: String
    let token: String
}

extension RedactedCredentials: CustomReflectable {
    var customMirror: Mirror {
        Mirror(self, children: ["user": user, "token": "<redacted>"], displayStyle: .struct)
    }
}

extension RedactedCredentials: KeyMapped {
    static let keyMap = KeyMap(RedactedCredentials.init)
}

/// A mirror that lists the properties in another order than they are declared.
struct MirrorInOtherOrder: Equatable {
    let first: String
    let last: String
}

extension MirrorInOtherOrder: CustomReflectable {
    var customMirror: Mirror {
        Mirror(self, children: ["last": last, "first": first], displayStyle: .struct)
    }
}

extension MirrorInOtherOrder: KeyMapped {
    static let keyMap = KeyMap(MirrorInOtherOrder.init)
}

/// A value that hides itself from `dump` and the debugger, as the custom-mirror problem advises:
/// the custom mirror is the property type's, not the key-mapped type's.
struct Secret: KeyMapValue, CustomReflectable, Equatable {
    let value: String
    init(_ value: String) { self.value = value }
    init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) { value = try String(keyMapValue: input) }
    var keyMapArchiveValue: Any? { value }
    static var keyMapPlaceholder: Secret? { Secret("") }
    var customMirror: Mirror { Mirror(self, children: ["value": "<redacted>"]) }
}

struct Account: Equatable {
    let user: String
    let token: Secret
}

extension Account: KeyMapped {
    static let keyMap = KeyMap(Account.init, [.property(\.token, server: "access_token")])
}

// MARK: Lazy vars

/// A lazy var is in the memberwise initializer, as an optional, and `Mirror` shows its storage
/// under a compiler-internal name.
struct LazyArticle {
    let id: Int
    lazy var slug: String = "article-\(id)"
}

extension LazyArticle: KeyMapped {
    static let keyMap = KeyMap(LazyArticle.init)
}

// MARK: Zero-sized properties

/// A single-case enum: zero bytes, as a payments API's `"object": "charge"` is modelled.
enum ObjectKind: String, CaseIterable, Equatable { case charge }
extension ObjectKind: KeyMapValue {}

/// Another single-case enum, a type of its own.
enum Version: String, CaseIterable, Equatable { case v2 }
extension Version: KeyMapValue {}

/// An empty struct: zero bytes too. It reads any value and archives `true`.
struct Marker: KeyMapValue, Equatable {
    init() {}
    init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {}
    var keyMapArchiveValue: Any? { true }
    static var keyMapPlaceholder: Marker? { Marker() }
}

struct ZeroSizedFirst: Equatable {
    let kind: ObjectKind
    let id: Int
    let name: String
}

extension ZeroSizedFirst: KeyMapped {
    static let keyMap = KeyMap(ZeroSizedFirst.init, [.property(\.kind, server: "object", archive: "kind_archived")])
}

struct ZeroSizedInTheMiddle: Equatable {
    let id: Int
    let kind: ObjectKind
    let name: String
}

extension ZeroSizedInTheMiddle: KeyMapped {
    static let keyMap = KeyMap(ZeroSizedInTheMiddle.init, [.property(\.kind, server: "object", archive: "kind_archived")])
}

struct ZeroSizedLast: Equatable {
    let id: Int
    let name: String
    let kind: ObjectKind
}

extension ZeroSizedLast: KeyMapped {
    static let keyMap = KeyMap(ZeroSizedLast.init, [.property(\.kind, server: "object", archive: "kind_archived")])
}

/// An empty struct in the middle.
struct EmptyStructInTheMiddle: Equatable {
    let id: Int
    let marker: Marker
    let name: String
}

extension EmptyStructInTheMiddle: KeyMapped {
    static let keyMap = KeyMap(EmptyStructInTheMiddle.init, [.property(\.marker, server: "flag", default: Marker())])
}

/// Three zero-sized properties of three types: at the start, in the middle and at the end.
struct ZeroSizedOfThreeTypes: Equatable {
    let kind: ObjectKind
    let id: Int
    let marker: Marker
    let name: String
    let version: Version
}

extension ZeroSizedOfThreeTypes: KeyMapped {
    static let keyMap = KeyMap(ZeroSizedOfThreeTypes.init, [
        .property(\.kind, server: "object"),
        .property(\.marker, server: "flag", default: Marker()),
        .property(\.version, server: "api_version", archive: "version_archived"),
    ])
}

/// Two zero-sized properties of one type, which neither their offsets (both 0) nor their values
/// (the one case) tell apart: an entry for either could be the other's.
struct TwoZeroSizedOfOneType: Equatable {
    let kind: ObjectKind
    let id: Int
    let previous: ObjectKind
}

extension TwoZeroSizedOfOneType: KeyMapped {
    static let keyMap = KeyMap(TwoZeroSizedOfOneType.init, [.property(\.previous, server: "previous_object")])
}

/// Two zero-sized properties of one type and no entry for either: nothing to tell apart.
struct TwoZeroSizedWithoutEntries: Equatable {
    let id: Int
    let kind: ObjectKind
    let name: String
    let previous: ObjectKind
}

extension TwoZeroSizedWithoutEntries: KeyMapped {
    static let keyMap = KeyMap(TwoZeroSizedWithoutEntries.init, [.property(\.name, server: "title")])
}

/// An entry for a zero-sized property of a property, beside the model's own of that type: the
/// key path reads no stored property of the model, and must not be given to `kind`.
struct ZeroSizedInsideAProperty: Equatable {
    let id: Int
    let inner: ZeroSizedFirst
    let kind: ObjectKind
}

extension ZeroSizedInsideAProperty: KeyMapped {
    static let keyMap = KeyMap(ZeroSizedInsideAProperty.init, [.property(\.inner.kind, server: "inner_object")])
}

// MARK: Class-typed properties

/// A class whose placeholder is an instance of a subclass, as Foundation's class clusters are.
class Shape: KeyMapValue, Equatable, CustomStringConvertible {
    let sides: Int

    init(sides: Int) { self.sides = sides }

    required init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        sides = try Int(keyMapValue: input)
    }

    var keyMapArchiveValue: Any? { sides }
    static var keyMapPlaceholder: Self? { Triangle() as? Self }
    var description: String { "Shape(\(sides))" }

    static func == (lhs: Shape, rhs: Shape) -> Bool { lhs.sides == rhs.sides }
}

final class Triangle: Shape {
    init() { super.init(sides: 3) }

    required init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        try super.init(keyMapValue: input)
    }
}

struct Drawing: Equatable {
    let id: Int
    let shape: Shape
    let title: String
}

extension Drawing: KeyMapped {
    static let keyMap = KeyMap(Drawing.init, [.property(\.shape, server: "figure")])
}

@Suite struct PropertyResolutionRound4Tests {
    /// The problems `validateKeyMap()` throws for `type`, recording an issue when it throws none.
    private func problems<Model: KeyMapped>(_ type: Model.Type, sourceLocation: SourceLocation = #_sourceLocation) -> [KeyMapProblem] {
        do {
            try type.validateKeyMap()
            Issue.record("expected \(type) to have problems", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.problems
        }
    }

    /// Expects every door to refuse `json` for `type` as an unusable map, rather than decode it.
    private func expectRefused<Model: KeyMapped>(_ type: Model.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for door in KeyMapDoor.allCases {
            do {
                let decoded = try door.decode(type, json)
                Issue.record("\(door) decoded \(decoded) with a refused map", sourceLocation: sourceLocation)
            } catch {
                #expect("\(error)".contains("the key map is unusable"), "\(door): \(error)", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: Custom mirrors

    @Test func aCustomMirrorThatRedactsAPropertyIsRefusedNamingTheFix() throws {
        for found in [problems(RedactedCredentials.self)] {
            #expect(found.count == 1)
            let message = try #require(found.first).message
            #expect(message.contains("CustomReflectable"), "\(message)")
            #expect(message.contains("remove"), "\(message)")
        }
        let credentials = RedactedCredentials(user: "ada", token: "s3cr3t")
        // Nothing of the custom mirror reaches an archive: not the redacted text, nor its keys.
        #expect(!"\(credentials.archiveValue)".contains("redacted"))
        expectRefused(RedactedCredentials.self, #"{"user": "ada", "token": "s3cr3t"}"#)
    }

    @Test func aCustomMirrorInAnotherOrderIsRefusedRatherThanSwappingProperties() throws {
        let found = problems(MirrorInOtherOrder.self)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("CustomReflectable") == true)
        #expect(MirrorInOtherOrder(first: "Ada", last: "Lovelace").archiveValue["first"] as? String != "Lovelace")
        expectRefused(MirrorInOtherOrder.self, #"{"first": "Ada", "last": "Lovelace"}"#)
    }

    @Test func aPropertyTypeWithACustomMirrorKeepsItsValue() throws {
        expectValidKeyMap(Account.self)
        let expected = Account(user: "ada", token: Secret("s3cr3t"))
        for door in KeyMapDoor.serverDoors {
            #expect(try door.decode(Account.self, #"{"user": "ada", "access_token": "s3cr3t"}"#) == expected, "\(door)")
        }
        #expect(expected.archiveValue["token"] as? String == "s3cr3t")
        #expect(try Account.decode(archive: expected.archiveValue) == expected)
        var dumped = ""
        dump(expected, to: &dumped)
        #expect(dumped.contains("<redacted>") && !dumped.contains("s3cr3t"), "\(dumped)")
    }

    // MARK: Lazy vars

    @Test func aLazyVarIsRefusedByItsOwnName() throws {
        let found = problems(LazyArticle.self)
        #expect(found.count == 1)
        let message = try #require(found.first).message
        #expect(message.contains("slug is a lazy var"), "\(message)")
        #expect(!message.contains("$__lazy_storage_$_"), "\(message)")
        var article = LazyArticle(id: 7)
        _ = article.slug
        #expect(!article.archiveValue.keys.contains { $0.contains("lazy_storage") })
        expectRefused(LazyArticle.self, #"{"id": 7, "slug": "seven"}"#)
    }

    // MARK: Zero-sized properties

    @Test func aZeroSizedPropertyIsResolvedWhereverItIsDeclared() throws {
        func check<Model: KeyMapped & Equatable>(_ type: Model.Type, expected: Model, sourceLocation: SourceLocation = #_sourceLocation) throws {
            expectValidKeyMap(type, sourceLocation: sourceLocation)
            for door in KeyMapDoor.serverDoors {
                #expect(try door.decode(type, #"{"id": 1, "name": "n", "object": "charge"}"#) == expected, "\(door)", sourceLocation: sourceLocation)
                // The entry's server key is the one read: the property's own name is not.
                #expect(throws: ArchiveDecodingError.self, "\(door)", sourceLocation: sourceLocation) {
                    try door.decode(type, #"{"id": 1, "name": "n", "kind": "charge"}"#)
                }
            }
            let archive = expected.archiveValue
            #expect(archive["kind_archived"] as? String == "charge", sourceLocation: sourceLocation)
            #expect(archive["kind"] == nil, sourceLocation: sourceLocation)
            #expect(try Model.decode(archive: archive) == expected, sourceLocation: sourceLocation)
        }
        try check(ZeroSizedFirst.self, expected: ZeroSizedFirst(kind: .charge, id: 1, name: "n"))
        try check(ZeroSizedInTheMiddle.self, expected: ZeroSizedInTheMiddle(id: 1, kind: .charge, name: "n"))
        try check(ZeroSizedLast.self, expected: ZeroSizedLast(id: 1, name: "n", kind: .charge))
    }

    @Test func anEmptyStructInTheMiddleIsResolvedToItsOwnEntry() throws {
        expectValidKeyMap(EmptyStructInTheMiddle.self)
        let expected = EmptyStructInTheMiddle(id: 1, marker: Marker(), name: "n")
        for door in KeyMapDoor.serverDoors {
            #expect(try door.decode(EmptyStructInTheMiddle.self, #"{"id": 1, "name": "n"}"#) == expected, "\(door)")
        }
        let archive = expected.archiveValue
        #expect(archive["marker"] as? Bool == true)
        #expect(archive["flag"] == nil)
        #expect(try EmptyStructInTheMiddle.decode(archive: archive) == expected)
    }

    @Test func zeroSizedPropertiesOfDifferentTypesResolveEachToItsOwnEntry() throws {
        expectValidKeyMap(ZeroSizedOfThreeTypes.self)
        let expected = ZeroSizedOfThreeTypes(kind: .charge, id: 1, marker: Marker(), name: "n", version: .v2)
        let json = #"{"object": "charge", "id": 1, "name": "n", "api_version": "v2"}"#
        for door in KeyMapDoor.serverDoors {
            #expect(try door.decode(ZeroSizedOfThreeTypes.self, json) == expected, "\(door)")
            // Each entry's key is its own: the version is not read from the kind's key.
            #expect(throws: ArchiveDecodingError.self, "\(door)") {
                try door.decode(ZeroSizedOfThreeTypes.self, #"{"object": "charge", "id": 1, "name": "n", "version": "v2"}"#)
            }
        }
        let archive = expected.archiveValue
        #expect(archive["version_archived"] as? String == "v2")
        #expect(archive["kind"] as? String == "charge")
        #expect(archive["marker"] as? Bool == true)
        #expect(try ZeroSizedOfThreeTypes.decode(archive: archive) == expected)
    }

    @Test func anEntryForOneOfTwoZeroSizedPropertiesOfOneTypeIsRefused() throws {
        let found = KeyMapDiagnostics.$stopsOnUnknownEntries.withValue(false) { problems(TwoZeroSizedOfOneType.self) }
        #expect(found.count == 1)
        let message = try #require(found.first).message
        #expect(message.contains("kind, previous"), "\(message)")
        #expect(message.contains("zero-sized"), "\(message)")
        // Not given to `kind` in silence: the map decodes nothing.
        KeyMapDiagnostics.$stopsOnUnknownEntries.withValue(false) {
            expectRefused(TwoZeroSizedOfOneType.self, #"{"kind": "charge", "id": 1, "previous_object": "charge"}"#)
        }
    }

    @Test func zeroSizedPropertiesOfOneTypeWithoutEntriesNeedNoTellingApart() throws {
        expectValidKeyMap(TwoZeroSizedWithoutEntries.self)
        let expected = TwoZeroSizedWithoutEntries(id: 1, kind: .charge, name: "n", previous: .charge)
        let json = #"{"id": 1, "kind": "charge", "title": "n", "previous": "charge"}"#
        for door in KeyMapDoor.serverDoors {
            #expect(try door.decode(TwoZeroSizedWithoutEntries.self, json) == expected, "\(door)")
        }
        #expect(try TwoZeroSizedWithoutEntries.decode(archive: expected.archiveValue) == expected)
    }

    @Test func anEntryForAZeroSizedPropertyOfAPropertyIsNotGivenToTheModelsOwn() throws {
        let found = KeyMapDiagnostics.$stopsOnUnknownEntries.withValue(false) { problems(ZeroSizedInsideAProperty.self) }
        #expect(found.map(\.kind) == [.unknownEntry])
        #expect(found.first?.message.contains("reads no stored property of ZeroSizedInsideAProperty") == true)
    }

    // MARK: Class-typed properties

    @Test func aClassPropertyWhosePlaceholderIsASubclassInstanceIsResolvedByItsDeclaredType() throws {
        #expect(Shape.keyMapPlaceholder is Triangle)
        expectValidKeyMap(Drawing.self)
        let json = #"{"id": 1, "figure": 4, "title": "square"}"#
        for door in KeyMapDoor.serverDoors {
            #expect(try door.decode(Drawing.self, json) == Drawing(id: 1, shape: Shape(sides: 4), title: "square"), "\(door)")
        }
        let drawing = Drawing(id: 2, shape: Triangle(), title: "t")
        #expect(drawing.archiveValue["shape"] as? Int == 3)
        #expect(try Drawing.decode(archive: drawing.archiveValue) == drawing)
        #expect(try Drawing(archivedData: drawing.archivedData()) == drawing)
    }

    @Test func storedPropertiesAreReflectedWithTheirDeclaredTypes() throws {
        let parameters = [KeyMapParameter(Int.self), KeyMapParameter(Shape.self), KeyMapParameter(String.self)]
        let reflected = Reflection.storedProperties(of: Drawing(id: 1, shape: Triangle(), title: "t"), declaredTypes: parameters)
        #expect(reflected.properties.map(\.typeIdentifier) == parameters.map(\.typeIdentifier))
        // Without the initializer's types, Mirror's is the instance's class.
        let dynamic = Reflection.storedProperties(of: Drawing(id: 1, shape: Triangle(), title: "t"))
        #expect(dynamic.properties[1].typeIdentifier == ObjectIdentifier(Triangle.self))
    }
}

/// A value whose key map is refused stores nothing: an empty archive would load as nothing, or
/// as another value, and the one stored would be lost without a word.
struct UnusableMapStoreTests {
    /// `archivedData()` is the bytes a store writes, from the same writer.
    @Test func aValueWhoseMapIsRefusedHasNoArchiveBytes() throws {
        let article = LazyArticle(id: 7)
        #expect(throws: ArchiverError.self) { _ = try article.archivedData() }
        do {
            _ = try article.archivedData()
        } catch {
            #expect("\(error)".contains("LazyArticle, whose key map is unusable"), "\(error)")
            #expect("\(error)".contains("slug is a lazy var"), "\(error)")
        }
    }
}
