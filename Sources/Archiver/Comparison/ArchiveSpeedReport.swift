import Foundation

extension ArchiveComparison {
    /// Times both ways on your own value, in this process: its ``ArchiveRepresentable``
    /// conformance (hand-written or key-mapped) as storage writes it, and its `Codable`
    /// conformance through `PropertyListEncoder` and `PropertyListDecoder` (binary format).
    ///
    /// Each of the four jobs runs `runs` times a way, alternating ways, and the report keeps
    /// the median: *encode* (value → file bytes), *decode* (bytes → value), *store* (encode,
    /// then write the file atomically) and *load* (read the file, then decode). Both ways write
    /// and read the same kind of file in the same folder, so the figures compare the conversions
    /// on equal I/O, as the benchmark package does for the tutorial's model.
    ///
    /// ```swift
    /// let speed = try ArchiveComparison.measure(user, runs: 25)
    /// print(speed)
    /// // User: medians of 25 runs (archiveValue / Codable)
    /// //   encode  41 µs / 160 µs  (0.26×)
    /// //   …
    /// speed.load.ratio  // archiveValue's median over Codable's: below 1 is faster
    /// ```
    ///
    /// Medians in a process you also run other work in move from run to run; compare orders
    /// of magnitude, or raise `runs`. Nothing is left on disk: the two files are removed.
    ///
    /// - Parameters:
    ///   - value: The value to time, as your app holds it.
    ///   - runs: How many times each job runs each way (at least 1).
    ///   - directory: Where the two files are written; the temporary directory by default.
    /// - Throws: ``ArchiverError`` when a way cannot make, write or read back its file; the
    ///   the failure `compare(_:)` reports through ``ArchiveEncodingError`` or a round trip.
    public static func measure<Value: ArchiveRepresentable & Codable>(
        _ value: Value, runs: Int = 25, in directory: URL = FileManager.default.temporaryDirectory
    ) throws(ArchiverError) -> ArchiveSpeedReport {
        let typeName = String(describing: Value.self)
        let runs = max(1, runs)
        let stem = "archiver-measure-\(UUID().uuidString)"
        let archiveFile = directory.appendingPathComponent(stem + ".archive.plist")
        let codableFile = directory.appendingPathComponent(stem + ".codable.plist")
        defer {
            try? FileManager.default.removeItem(at: archiveFile)
            try? FileManager.default.removeItem(at: codableFile)
        }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let decoder = PropertyListDecoder()
        func encodeCodable() throws(ArchiverError) -> Data {
            do {
                return try encoder.encode(value)
            } catch {
                let failure = ArchiveEncodingError(encoding: Value.self, error: error)
                throw .invalidPropertyList(type: typeName, id: nil, keyPath: failure.keyPath, found: "\(failure.reason)")
            }
        }
        func decodeCodable(_ data: Data) throws(ArchiverError) -> Value {
            do {
                return try decoder.decode(Value.self, from: data)
            } catch {
                throw .decodingFailed(type: typeName, id: nil, file: nil, error: ArchiveDecodingError(decoding: Value.self, error: error))
            }
        }

        let archiveData = try value.archivedData()
        let codableData = try encodeCodable()
        // Each job's two ways are parameters, not elements of an array: an array of typed-throws
        // closures needs the runtime's typed-throws metadata, which Apple platforms have only
        // from macOS 15 / iOS 18, above the package's floor (Scripts/apple-floor.py checks this).
        func medians(
            _ archiveWay: () throws(ArchiverError) -> Void, _ codableWay: () throws(ArchiverError) -> Void
        ) throws(ArchiverError) -> ArchiveSpeedReport.Medians {
            var archiveTimes: [Double] = [], codableTimes: [Double] = []
            archiveTimes.reserveCapacity(runs)
            codableTimes.reserveCapacity(runs)
            for _ in 0..<runs {
                archiveTimes.append(try seconds(archiveWay))
                codableTimes.append(try seconds(codableWay))
            }
            return .init(archiveValue: median(archiveTimes), codable: median(codableTimes))
        }
        let encode = try medians({ () throws(ArchiverError) in _ = try value.archivedData() },
                                 { () throws(ArchiverError) in _ = try encodeCodable() })
        let decode = try medians({ () throws(ArchiverError) in _ = try Value(archivedData: archiveData) },
                                 { () throws(ArchiverError) in _ = try decodeCodable(codableData) })
        let store = try medians({ () throws(ArchiverError) in try ArchiveFile.write(to: archiveFile, value.archivedData) },
                                { () throws(ArchiverError) in try ArchiveFile.write(to: codableFile, encodeCodable) })
        let load = try medians(
            { () throws(ArchiverError) in
                _ = try ArchiveFile.read(archiveFile, typeName: typeName) { (data) throws(ArchiverError) in try Value(archivedData: data) }
            },
            { () throws(ArchiverError) in _ = try ArchiveFile.read(codableFile, typeName: typeName, decodeCodable) })
        return ArchiveSpeedReport(
            typeName: typeName, runs: runs,
            encode: encode, decode: decode, store: store, load: load,
            archiveFileSize: archiveData.count, codableFileSize: codableData.count)
    }

    private static func seconds(_ body: () throws(ArchiverError) -> Void) throws(ArchiverError) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func median(_ times: [Double]) -> Double {
        let sorted = times.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// What ``ArchiveComparison/measure(_:runs:in:)`` timed: the median seconds of each job, each way,
/// on one value.
///
/// ```swift
/// let speed = try ArchiveComparison.measure(user)
/// speed.store.archiveValue   // 0.000083: seconds, the median of 25 stores
/// speed.store.ratio          // 0.61: archiveValue's median over Codable's
/// ```
public struct ArchiveSpeedReport: Sendable, CustomStringConvertible {
    /// One job's median time each way, in seconds.
    ///
    /// ```swift
    /// speed.decode.ratio < 1  // the ArchiveRepresentable conformance decodes faster
    /// ```
    public struct Medians: Sendable {
        /// The median through the type's ``ArchiveRepresentable`` conformance.
        public let archiveValue: Double
        /// The median through `PropertyListEncoder` or `PropertyListDecoder`.
        public let codable: Double
        /// ``archiveValue`` over ``codable``: below 1 the ``ArchiveRepresentable`` way is faster.
        public var ratio: Double { codable > 0 ? archiveValue / codable : .infinity }
    }

    /// The value's type, as `String(describing:)` names it; the description's first line.
    let typeName: String
    /// How many times each job ran each way; in the description's first line.
    let runs: Int
    /// Value → file bytes.
    public let encode: Medians
    /// File bytes → value.
    public let decode: Medians
    /// Encode, then write the file atomically.
    public let store: Medians
    /// Read the file, then decode.
    public let load: Medians
    let archiveFileSize: Int
    let codableFileSize: Int

    /// A table of the medians, one job a line.
    ///
    /// ```swift
    /// print(try ArchiveComparison.measure(user))
    /// // User: medians of 25 runs (archiveValue / Codable)
    /// //   encode   41 µs / 160 µs  (0.26×)
    /// //   decode   …
    /// //   file size 523 / 519 bytes
    /// ```
    public var description: String {
        func time(_ seconds: Double) -> String {
            seconds >= 0.01 ? "\(Int((seconds * 1_000).rounded())) ms" : "\(Int((seconds * 1_000_000).rounded())) µs"
        }
        func ratio(_ value: Double) -> String { String(Int((value * 100).rounded())).leftPadded(to: 3, with: "0").insertingDecimalPoint() }
        var lines = ["\(typeName): medians of \(runs) runs (archiveValue / Codable)"]
        for (name, medians) in [("encode", encode), ("decode", decode), ("store", store), ("load", load)] {
            lines.append("  \(name.padding(toLength: 7, withPad: " ", startingAt: 0)) \(time(medians.archiveValue)) / \(time(medians.codable))  (\(ratio(medians.ratio))×)")
        }
        lines.append("  file size \(archiveFileSize) / \(codableFileSize) bytes")
        return lines.joined(separator: "\n")
    }
}

private extension String {
    func leftPadded(to length: Int, with pad: Character) -> String {
        count >= length ? self : String(repeating: pad, count: length - count) + self
    }

    /// "026" → "0.26": two decimals of a ratio kept as hundredths.
    func insertingDecimalPoint() -> String {
        String(dropLast(2)) + "." + suffix(2)
    }
}
