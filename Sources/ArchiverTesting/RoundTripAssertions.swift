import Archiver
import Foundation

/// Checks that `value` survives its archive: `value → archive → bytes → archive → value` gives a
/// value whose archive has the same content as the first, and that equals `value` field by field.
///
/// Fields are compared through `Mirror`, not `==`, which for a hand-written
/// ``UniquelyIdentifiable`` type compares ids only, as in Archiver 0.6 (a key-mapped type's `==`
/// compares every field); so a stored property forgotten in both `archiveValue` and `init(archive:)`
/// fails the check, naming it (`Movie.releaseYear: 1993 ≠ 0`). A property deliberately left out
/// of the archive must hold, in `value`, the value decoding gives it.
///
/// ```swift
/// @Test func movieRoundTrips() throws {
///     try assertArchiveRoundTrip(Movie(name: "Jurassic Park", director: "Steven Spielberg", releaseYear: 1993))
/// }
/// ```
///
/// - Throws: ``ArchiverTestFailure`` saying which step lost what.
@discardableResult
public func assertArchiveRoundTrip<Value: ArchiveRepresentable & Equatable>(_ value: Value) throws(ArchiverTestFailure) -> Value {
    try assertSameFields(try archiveRoundTrip(value), as: value, step: "its archive")
}

/// Checks that `value` survives its archive, for types that are not `Equatable`: the value read
/// back writes an archive with the same content and equals `value` field by field.
///
/// ```swift
/// try assertArchiveRoundTrip(session)  // throws: Session does not survive its archive: token: "abc" ≠ ""
/// ```
@discardableResult
public func assertArchiveRoundTrip<Value: ArchiveRepresentable>(_ value: Value) throws(ArchiverTestFailure) -> Value {
    try assertSameFields(try archiveRoundTrip(value), as: value, step: "its archive")
}

/// Checks that `value` survives being stored by `archiver` and loaded by its id: the loaded
/// value writes an archive with the same content, and equals `value` field by field (through
/// `Mirror`, as the archive round trip compares them).
///
/// ```swift
/// try TemporaryArchiver.with { archiver in
///     try assertStorageRoundTrip(user, in: archiver)
/// }
/// ```
///
/// - Throws: ``ArchiverTestFailure`` saying what failed or differed.
@discardableResult
public func assertStorageRoundTrip<Value: Archivable>(_ value: Value, in archiver: Archiver) throws(ArchiverTestFailure) -> Value {
    try assertSameFields(try storageRoundTrip(value, in: archiver), as: value, step: "storing and loading as \(String(reflecting: value.id))")
}

/// `decoded`, if it equals `value` field by field.
private func assertSameFields<Value>(_ decoded: Value, as value: Value, step: String) throws(ArchiverTestFailure) -> Value {
    if let difference = FieldComparison.firstDifference(expected: value, actual: decoded) {
        throw ArchiverTestFailure("\(Value.self) does not survive \(step): \(difference)")
    }
    return decoded
}

private func archiveRoundTrip<Value: ArchiveRepresentable>(_ value: Value) throws(ArchiverTestFailure) -> Value {
    let archive = value.archiveValue
    let reread: Archive
    do {
        reread = try Archive(archivedData: archive.archivedData())
    } catch {
        throw ArchiverTestFailure("\(Value.self)'s archive is not a property list: \(error)")
    }
    let lost = ArchiveDifference.lines(expected: archive, actual: reread)
    guard lost.isEmpty else {
        throw ArchiverTestFailure("\(Value.self)'s archive changes on the way through bytes:\n" + lost.map { "  " + $0 }.joined(separator: "\n"))
    }
    let decoded: Value
    do {
        decoded = try Value.decode(archive: reread)
    } catch {
        throw ArchiverTestFailure("\(Value.self) does not decode its own archive: \(error)")
    }
    let differences = ArchiveDifference.lines(expected: archive, actual: decoded.archiveValue)
    guard differences.isEmpty else {
        throw ArchiverTestFailure("\(Value.self) decodes its archive but writes it back differently:\n" + differences.map { "  " + $0 }.joined(separator: "\n"))
    }
    return decoded
}

private func storageRoundTrip<Value: Archivable>(_ value: Value, in archiver: Archiver) throws(ArchiverTestFailure) -> Value {
    let loaded: Value?
    do {
        try value.store(in: archiver)
        loaded = try Value.load(resourceID: value.id, in: archiver)
    } catch {
        throw ArchiverTestFailure("\(Value.self) \(String(reflecting: value.id)) does not store and load: \(error)")
    }
    guard let loaded else {
        throw ArchiverTestFailure("\(Value.self) \(String(reflecting: value.id)) was stored but nothing loads under its id")
    }
    let differences = ArchiveDifference.lines(expected: value.archiveValue, actual: loaded.archiveValue)
    guard differences.isEmpty else {
        throw ArchiverTestFailure("\(Value.self) \(String(reflecting: value.id)) loads with a different archive:\n" + differences.map { "  " + $0 }.joined(separator: "\n"))
    }
    return loaded
}
