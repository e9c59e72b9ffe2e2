import Archiver
import Foundation

/// Golden archive files: the archive a conformance writes, recorded once and checked ever after.
///
/// Record the archive a hand-written conformance produces; then, when the conformance is replaced
/// (by a key map, a Codable bridge, a refactor), the same test checks that the new one reads the
/// recorded archive and writes the same. Archives your users already have on disk stay readable.
///
/// ```swift
/// @Test func userArchiveIsUnchanged() throws {
///     try GoldenArchives().assertGolden(user, named: "user")
///     // Tests/MyAppTests/Goldens/user.plist, next to this test file
/// }
/// ```
///
/// Golden files are read and written where they are, not as bundle resources; keep SwiftPM from
/// asking about them with `exclude: ["Goldens"]` on the test target.
///
/// Goldens are recorded on purpose, never silently:
/// - a golden that does not exist yet is written, and the check fails saying so, so that a
///   missing file can never pass (in CI, say); review the file, commit it, run again.
/// - an existing golden is never overwritten unless recording is asked for, by setting the
///   environment variable `ARCHIVER_RECORD_GOLDENS=1` or passing ``RecordMode/all``; that check
///   fails too, so that recording cannot be left on.
public struct GoldenArchives: Sendable {
    /// When golden files are written.
    public enum RecordMode: Sendable, Equatable {
        /// Write goldens that do not exist yet; compare with the others. The default.
        case missing
        /// Write every golden checked, replacing existing ones.
        case all

        /// ``all`` when the environment variable `ARCHIVER_RECORD_GOLDENS` is `1`, `true` or
        /// `all`; otherwise ``missing``.
        public static var fromEnvironment: RecordMode {
            let value = ProcessInfo.processInfo.environment["ARCHIVER_RECORD_GOLDENS"]?.lowercased()
            return ["1", "true", "yes", "all"].contains(value ?? "") ? .all : .missing
        }
    }

    /// The folder that holds the golden files.
    public var directoryURL: URL
    /// When golden files are written.
    public var recordMode: RecordMode

    /// Goldens in `directoryURL`.
    ///
    /// ```swift
    /// let goldens = GoldenArchives(directoryURL: URL(fileURLWithPath: "/path/to/Goldens"))
    /// ```
    public init(directoryURL: URL, recordMode: RecordMode = .fromEnvironment) {
        self.directoryURL = directoryURL
        self.recordMode = recordMode
    }

    /// Goldens in the folder `folderName` next to the test file that creates them.
    ///
    /// ```swift
    /// // In Tests/MyAppTests/UserTests.swift: goldens in Tests/MyAppTests/Goldens/
    /// let goldens = GoldenArchives()
    /// ```
    public init(folderName: String = "Goldens", filePath: StaticString = #filePath, recordMode: RecordMode = .fromEnvironment) {
        let testFile = URL(fileURLWithPath: "\(filePath)")
        self.init(directoryURL: testFile.deletingLastPathComponent().appendingPathComponent(folderName, isDirectory: true), recordMode: recordMode)
    }

    /// The file of the golden `name`: `<directoryURL>/<name>.plist`.
    ///
    /// ```swift
    /// GoldenArchives().fileURL(named: "user").lastPathComponent  // "user.plist"
    /// ```
    public func fileURL(named name: String) -> URL {
        directoryURL.appendingPathComponent(name + ".plist", isDirectory: false)
    }

    // MARK: Checks

    /// Checks `value` against the golden `name`: that `value` writes the golden's archive, that the
    /// type decodes the golden, that the decoded value writes the golden back unchanged, and that
    /// the decoded value equals `value` field by field (through `Mirror`, not `==`, which for a
    /// hand-written ``UniquelyIdentifiable`` type compares ids only, as in Archiver 0.6; a
    /// key-mapped type's `==` compares every field). A stored property that the conformance
    /// leaves out of the archive therefore fails the check unless `value` holds the value
    /// decoding gives it: build the value under test with that default.
    ///
    /// ```swift
    /// try goldens.assertGolden(user, named: "user")
    /// ```
    ///
    /// - Throws: ``ArchiverTestFailure`` listing the differing key paths, or saying that the golden
    ///   was recorded.
    public func assertGolden<Value: ArchiveRepresentable & Equatable>(_ value: Value, named name: String) throws(ArchiverTestFailure) {
        try assertSameFields(try check(value, named: name), as: value, name: name)
    }

    /// Checks `value` against the golden `name`, for types that are not `Equatable`: `value` writes
    /// the golden's archive, the type reads the golden and writes it back unchanged, and the value
    /// read equals `value` field by field, as for `Equatable` types.
    ///
    /// ```swift
    /// try goldens.assertGolden(session, named: "session")
    /// // throws: Session decodes golden session.plist to a value that differs from the value
    /// //         checked at token: "abc" ≠ ""
    /// ```
    public func assertGolden<Value: ArchiveRepresentable>(_ value: Value, named name: String) throws(ArchiverTestFailure) {
        try assertSameFields(try check(value, named: name), as: value, name: name)
    }

    /// Checks an archive dictionary that no type writes yet against the golden `name`, recording
    /// it when there is none: a `Dictionariable` type's `dictionaryRepresentation()` before the
    /// type moves to a key map, so that the key map can be checked against what it wrote.
    ///
    /// ```swift
    /// let archive = try #require(movie.dictionaryRepresentation() as? Archive)
    /// try goldens.assertGolden(archive: archive, named: "Movie")
    /// ```
    ///
    /// - Throws: ``ArchiverTestFailure`` listing the differing key paths, or saying that the golden
    ///   was recorded.
    public func assertGolden(archive: Archive, named name: String) throws(ArchiverTestFailure) {
        _ = try checkWritten(archive, typeName: "Archive", named: name)
    }

    /// Decodes the golden `name` as `type` and checks that the value writes the golden back
    /// unchanged; returns the value. The golden may be a keyed archive Archiver 0.6 wrote.
    ///
    /// ```swift
    /// let user = try goldens.assertDecodes(User.self, named: "user-0.6")
    /// #expect(user.reviews.count == 3)
    /// ```
    @discardableResult
    public func assertDecodes<Value: ArchiveRepresentable>(_ type: Value.Type, named name: String) throws(ArchiverTestFailure) -> Value {
        let golden = try readGolden(named: name)
        return try decodeAndRewrite(Value.self, golden: golden, name: name)
    }

    /// Records `value`'s archive as golden `name`, replacing any, whatever the record mode; for a
    /// one-off script that records goldens on purpose.
    ///
    /// ```swift
    /// try goldens.record(user, named: "user")
    /// ```
    public func record<Value: ArchiveRepresentable>(_ value: Value, named name: String) throws(ArchiverTestFailure) {
        try write(value.archiveValue, typeName: String(describing: Value.self), named: name)
    }

    // MARK: Steps

    private func assertSameFields<Value>(_ decoded: Value, as value: Value, name: String) throws(ArchiverTestFailure) {
        if let difference = FieldComparison.firstDifference(expected: value, actual: decoded) {
            throw ArchiverTestFailure(
                "\(Value.self) decodes golden \(name).plist to a value that differs from the value checked at \(difference)"
                    + " (a property left out of the archive must hold its decoded default in the value checked)")
        }
    }

    private func check<Value: ArchiveRepresentable>(_ value: Value, named name: String) throws(ArchiverTestFailure) -> Value {
        let golden = try checkWritten(value.archiveValue, typeName: String(describing: Value.self), named: name)
        return try decodeAndRewrite(Value.self, golden: golden, name: name)
    }

    /// Records `archive` as golden `name` when there is none (and fails, saying so), or checks that
    /// it equals the golden; returns the golden.
    private func checkWritten(_ archive: Archive, typeName: String, named name: String) throws(ArchiverTestFailure) -> Archive {
        let url = fileURL(named: name)
        let exists = FileManager.default.fileExists(atPath: url.path)
        if !exists || recordMode == .all {
            try write(archive, typeName: typeName, named: name)
            throw ArchiverTestFailure(
                "\(exists ? "Re-recorded" : "Recorded new") golden \(name).plist for \(typeName) at \(url.path). "
                    + "Review it, commit it, and run the test again\(recordMode == .all ? " without ARCHIVER_RECORD_GOLDENS" : "").")
        }
        let golden = try readGolden(named: name)
        let differences = ArchiveDifference.lines(expected: golden, actual: archive)
        guard differences.isEmpty else {
            throw ArchiverTestFailure("\(typeName) does not write golden \(name).plist:\n" + indented(differences))
        }
        return golden
    }

    private func decodeAndRewrite<Value: ArchiveRepresentable>(_ type: Value.Type, golden: Archive, name: String) throws(ArchiverTestFailure) -> Value {
        let decoded: Value
        do {
            decoded = try Value.decode(archive: golden)
        } catch {
            throw ArchiverTestFailure("\(Value.self) does not decode golden \(name).plist: \(error)")
        }
        let differences = ArchiveDifference.lines(expected: golden, actual: decoded.archiveValue)
        guard differences.isEmpty else {
            throw ArchiverTestFailure("\(Value.self) decodes golden \(name).plist but writes it back differently:\n" + indented(differences))
        }
        return decoded
    }

    private func readGolden(named name: String) throws(ArchiverTestFailure) -> Archive {
        let url = fileURL(named: name)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ArchiverTestFailure("Cannot read golden \(name).plist at \(url.path): \(error.localizedDescription)")
        }
        do {
            return try Archive(archivedData: data)
        } catch {
            throw ArchiverTestFailure("Golden \(name).plist at \(url.path) is not an archive: \(error)")
        }
    }

    private func write(_ archive: Archive, typeName: String, named name: String) throws(ArchiverTestFailure) {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw ArchiverTestFailure("\(name.debugDescription) is not a golden name: use a file name without a folder")
        }
        let url = fileURL(named: name)
        do {
            let data = try archive.archivedData()
            try FileManager.default.createDirectory(at: directoryURL, withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw ArchiverTestFailure("Cannot record golden \(name).plist for \(typeName) at \(url.path): \(error)")
        }
    }

    private func indented(_ lines: [String]) -> String {
        lines.map { "  " + $0 }.joined(separator: "\n")
    }
}
