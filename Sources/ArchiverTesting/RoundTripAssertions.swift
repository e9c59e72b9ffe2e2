import Archiver
import Foundation

/// Checks that `value` survives its archive: `value → archive → bytes → archive → value` gives a
/// value equal to `value`, whose archive has the same content as the first.
///
/// For a ``UniquelyIdentifiable`` type `==` compares ids only, so the archive comparison is the
/// check that catches a lost field; a property left out of `archiveValue` goes unchecked.
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
    let decoded = try archiveRoundTrip(value)
    guard decoded == value else {
        throw ArchiverTestFailure("\(Value.self) does not survive its archive:\n  before: \(value)\n  after:  \(decoded)")
    }
    return decoded
}

/// Checks that `value` survives its archive, for types that are not `Equatable`: the value read
/// back writes an archive with the same content.
@discardableResult
public func assertArchiveRoundTrip<Value: ArchiveRepresentable>(_ value: Value) throws(ArchiverTestFailure) -> Value {
    try archiveRoundTrip(value)
}

/// Checks that `value` survives being stored by `archiver` and loaded by its id: the loaded
/// value writes an archive with the same content, and is `==` to `value`.
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
    let loaded = try storageRoundTrip(value, in: archiver)
    guard loaded == value else {
        throw ArchiverTestFailure("\(Value.self) \(String(reflecting: value.id)) is not == after storing and loading:\n  stored: \(value)\n  loaded: \(loaded)")
    }
    return loaded
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
