import Foundation

// TEMPORARY stub until h-plist lands.
@usableFromInline
final class BinaryPropertyListDocument: @unchecked Sendable {
    init(data: Data, maximumDepth: Int) throws(PropertyListError) { throw .malformed(reason: "stub") }
    struct Elements { var count: Int { 0 }; mutating func next() -> Int? { nil } }
    struct Members { var count: Int { 0 }; mutating func next() -> (Int, Int)? { nil } }
    func inputKind(of object: Int) -> KeyMapInputKind { .other }
    func bool(at object: Int) -> Bool { false }
    func integer<I: FixedWidthInteger>(_ type: I.Type, at object: Int) -> I? { nil }
    func double(at object: Int) -> Double? { nil }
    func numberText(at object: Int) -> String { "" }
    func string(at object: Int) -> String { "" }
    func date(at object: Int) -> Date { Date() }
    func data(at object: Int) -> Data { Data() }
    func describe(at object: Int) -> String { "" }
    func string(at object: Int, equals key: JSONKey) -> Bool { false }
    var topObject: Int { 0 }
    func elements(of object: Int) -> Elements? { nil }
    func members(of object: Int) -> Members? { nil }
    func foundationObject(at object: Int) -> Any { 0 }
}
