import Foundation

/// Archives a value both ways — its ``ArchiveRepresentable`` conformance and its `Codable`
/// conformance through `PropertyListEncoder` — and reports what differs, so that a type can move
/// from one to the other knowing nothing is lost.
///
/// Differences of content (a key one way lacks, a value that reads back differently) are kept
/// apart from differences of form, which the report names: a URL as a string or as
/// `{relative: …}`, a `Decimal` as text or as a mantissa, a number at two widths. Those are notes,
/// one line each, and do not make the content differ.
///
/// ```swift
/// struct Place: Codable, Equatable, ArchiveRepresentable {
///     var name: String
///     var site: URL
///     var archiveValue: Archive { ["name": name, "site": site.absoluteString] }
///     init?(archive: Archive) { … }
/// }
///
/// let report = try ArchiveComparison.compare(place)
/// print(report)
/// // Place: archiveValue and Codable (PropertyListEncoder) compared
/// //   Same content: yes, 1 representational note
/// //     site: URL form: archiveValue "https://a.b", Codable {relative: "https://a.b"}
/// //   archiveValue round trip: equal
/// //   Codable round trip: equal
/// //   File sizes: archiveValue … bytes, Codable … bytes
/// ```
///
/// Both files are made in memory, exactly as storage writes them; nothing touches the disk.
public enum ArchiveComparison {
    /// Compares the two archives of `value`, and how each decodes back; a value that is
    /// `Equatable` is also compared by `==` with what each way decodes.
    ///
    /// ```swift
    /// let report = try ArchiveComparison.compare(user)
    /// if !report.isLossless { print(report) }
    /// ```
    ///
    /// - Throws: ``ArchiveEncodingError`` when either way cannot make a file: `archiveValue`
    ///   holds something a property list cannot, `PropertyListEncoder` fails, or the value does
    ///   not encode as a dictionary.
    public static func compare<Value: ArchiveRepresentable & Codable>(_ value: Value) throws(ArchiveEncodingError) -> ArchiveComparisonReport {
        try compare(value, isEqual: Value.self is any Equatable.Type ? { first, second in
            guard let first = first as? any Equatable else { return false }
            return isEqual(first, second)
        } : nil)
    }

    private static func isEqual<Equal: Equatable>(_ first: Equal, _ second: Any) -> Bool {
        guard let second = second as? Equal else { return false }
        return first == second
    }

    private static func compare<Value: ArchiveRepresentable & Codable>(
        _ value: Value, isEqual: ((Value, Value) -> Bool)?
    ) throws(ArchiveEncodingError) -> ArchiveComparisonReport {
        let archiveValue = value.archiveValue
        let archiveData = try archiveFile(of: archiveValue, type: Value.self)
        let (codableData, codableArchive) = try codableFile(of: value)
        // What the core reads back from the file, so the comparison sees what is on disk.
        let storedArchive = (try? PropertyListCoding.archive(from: archiveData)) ?? [:]

        var differences: [ArchiveComparisonReport.Difference] = []
        var notes: [ArchiveComparisonReport.Difference] = []
        for entry in PropertyListDiff.differences(storedArchive, codableArchive) {
            let archiveText = ValueDescription.text(entry.first), codableText = ValueDescription.text(entry.second)
            if let first = entry.first, let second = entry.second, let representation = Representation.of(first, second) {
                notes.append(.init(path: entry.path, archiveValue: archiveText, codableValue: codableText, representation: representation))
            } else {
                differences.append(.init(path: entry.path, archiveValue: archiveText, codableValue: codableText))
            }
        }

        let archiveRoundTrip: ArchiveComparisonReport.RoundTrip
        do {
            let decoded = try Value.decode(archive: storedArchive)
            archiveRoundTrip = roundTrip(of: value, to: decoded, archiveValue: archiveValue, codableArchive: codableArchive, isEqual: isEqual)
        } catch {
            archiveRoundTrip = .init(error: error)
        }

        let codableRoundTrip: ArchiveComparisonReport.RoundTrip
        do {
            let decoded = try PropertyListDecoder().decode(Value.self, from: codableData)
            codableRoundTrip = roundTrip(of: value, to: decoded, archiveValue: archiveValue, codableArchive: codableArchive, isEqual: isEqual)
        } catch {
            codableRoundTrip = .init(error: ArchiveDecodingError(decoding: Value.self, error: error))
        }

        return ArchiveComparisonReport(
            typeName: String(describing: Value.self), differences: differences, notes: notes,
            archiveRoundTrip: archiveRoundTrip, codableRoundTrip: codableRoundTrip,
            archiveFileSize: archiveData.count, codableFileSize: codableData.count)
    }

    /// The bytes the core writes for `archive`.
    private static func archiveFile(of archive: Archive, type: Any.Type) throws(ArchiveEncodingError) -> Data {
        do {
            return try PropertyListCoding.data(for: archive)
        } catch {
            // Said as storing the value would say it (the one mapping, ArchiverError+Files.swift).
            throw ArchiveEncodingError(type: type, reason: .custom("archiveValue: \(ArchiverError.writing(String(describing: type), error))"))
        }
    }

    /// The bytes `PropertyListEncoder` writes for `value`, and the archive they hold.
    private static func codableFile<Value: Encodable>(of value: Value) throws(ArchiveEncodingError) -> (Data, Archive) {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw ArchiveEncodingError(encoding: Value.self, error: error)
        }
        do {
            return (data, try PropertyListCoding.archive(from: data))
        } catch {
            throw ArchiveEncodingError(type: Value.self, reason: .notADictionary(found: "a property list of another kind"))
        }
    }

    /// How `decoded` compares with `original`: in both archives, so that a property one way
    /// drops shows in the other, and by `==` where there is one.
    private static func roundTrip<Value: ArchiveRepresentable & Codable>(
        of original: Value, to decoded: Value, archiveValue: Archive, codableArchive: Archive, isEqual: ((Value, Value) -> Bool)?
    ) -> ArchiveComparisonReport.RoundTrip {
        var changes = PropertyListDiff.differences(archiveValue, decoded.archiveValue).map {
            ArchiveComparisonReport.RoundTrip.Change(way: .archiveValue, path: $0.path,
                                                     original: ValueDescription.text($0.first), decoded: ValueDescription.text($0.second))
        }
        do throws(ArchiveEncodingError) {
            let decodedCodable = try codableFile(of: decoded).1
            changes += PropertyListDiff.differences(codableArchive, decodedCodable).map {
                ArchiveComparisonReport.RoundTrip.Change(way: .codable, path: $0.path,
                                                         original: ValueDescription.text($0.first), decoded: ValueDescription.text($0.second))
            }
        } catch {
            changes.append(.init(way: .codable, path: error.path, original: "encodes", decoded: "does not encode: \(error.reason)"))
        }
        return .init(changes: changes, isEqualByEquatable: isEqual.map { $0(original, decoded) })
    }
}
