import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// The file reader never crashes, hangs or grows without bound on hostile bytes: every input is
/// an archive or a ``PropertyListError``, and through an archiver a typed ``ArchiverError``.
struct FileReaderFuzzTests {
    /// Valid archives to mutate: small and large, flat and nested, every value type.
    static func seedArchives() throws -> [Data] {
        let archives: [Archive] = [
            ["id": "a"],
            ["id": "abcd-efgh", "name": "Monk's Café", "rating": 4, "price": 12.5, "open": true, "opened": Date(timeIntervalSince1970: 1_000)],
            ["id": "nested", "reviews": [["rating": 1, "restaurant": ["id": "r", "name": "n"]], ["rating": 5]], "tags": ["a", "b", "a"]],
            ["id": "bytes", "photo": Data((0..<300).map { UInt8(truncatingIfNeeded: $0) }), "empty": Data(), "list": [Int](0..<40)],
            ["id": "unicode é 日本 😀", "long": String(repeating: "x", count: 300), "big": Int64.max, "small": Int64.min, "neg": -1],
        ]
        return try archives.map { try PropertyListCoding.data(for: $0) }
    }

    /// Reads `data`, and says how it ended: an archive, or the error's reason.
    static func read(_ data: Data) -> Result<Archive, PropertyListError> {
        Result { () throws(PropertyListError) in try PropertyListCoding.archive(from: data) }
    }

    @Test func craftedHostileFilesAreRefusedOrRead() throws {
        var refused = 0
        for (name, data) in BinaryPropertyListForge.hostileFiles() {
            switch Self.read(data) {
            case .success(let archive):
                // Whatever was accepted is a bounded, finite tree a decoder can walk.
                #expect(Self.nodeCount(archive, limit: 1_000_000) < 1_000_000, "\(name): accepted an unbounded tree")
            case .failure:
                refused += 1
            }
        }
        #expect(refused > 0)
    }

    /// A few objects that refer to the next level twice describe a tree of 2^64 nodes. A reader
    /// that expands them, or hands a consumer a shared structure to walk, hangs; the reader
    /// refuses a file whose values, expanded, outnumber sixteen per byte (or 2^20).
    @Test func sharedReferencesCannotMultiplyATree() throws {
        for (name, data) in BinaryPropertyListForge.expandingFiles() {
            switch Self.read(data) {
            case .success(let archive):
                #expect(Self.nodeCount(archive, limit: 1_000_000) < 1_000_000, "\(name): accepted an exponential tree")
            case .failure(let error):
                #expect(error == .malformed(reason: "shared references expand to more than \(1 << 20) values"), "\(name)")
            }
        }
    }

    @Test func theForgeMakesFilesTheReaderAccepts() throws {
        // Sanity for the forge itself, so that the hostile files differ from valid ones only where intended.
        let forge = BinaryPropertyListForge.rooted { forge, _ in forge.add(BinaryPropertyListForge.ascii("v")) }
        let archive = try PropertyListCoding.archive(from: forge.data)
        #expect(archive["k"] as? String == "v")
    }

    @Test func randomTruncatedAndMutatedBytesNeverCrash() throws {
        let seed = SeededGenerator.seed(default: 0xF022_5EED)
        var random = SeededGenerator(seed: seed)
        let inputs = Reliability.scale(20_000, stress: 1_000_000)
        let seeds = try Self.seedArchives() + BinaryPropertyListForge.hostileFiles().map(\.data).filter { $0.count < 4_096 }
        var accepted = 0, refused = 0
        for round in 0..<inputs {
            let input = Self.mutate(seeds.randomElement(using: &random)!, others: seeds, using: &random)
            switch Self.read(input) {
            case .success(let archive):
                accepted += 1
                if Self.nodeCount(archive, limit: 1_000_000) >= 1_000_000 {
                    Issue.record("seed \(seed) round \(round): accepted an unbounded tree from \(input.base64EncodedString())")
                }
            case .failure:
                refused += 1
            }
        }
        let peak = Self.peakResidentMegabytes()
        Reliability.report("fuzz-file-reader", [
            "inputs": inputs, "accepted": accepted, "refused": refused, "crashes": 0, "peak_rss_mb": peak, "seed": seed,
        ])
        // A reader that allocated what a count claims would have gone far past this.
        #expect(peak < 2_048, "seed \(seed)")
    }

    @Test func hostileFilesOnDiskAreTypedErrorsAndLeaveNeighboursAlone() async throws {
        let seed = SeededGenerator.seed(default: 0xD15C_5EED)
        var random = SeededGenerator(seed: seed)
        try TemporaryArchiver.with { archiver throws in
            let neighbour = Note(id: "neighbour", text: "intact", revision: 3)
            try neighbour.store(in: archiver)
            let url = try archiver.fileURL(for: Note.self, resourceID: "hostile")
            let seeds = try Self.seedArchives()
            // Forged once: they include arrays and dictionaries nested 10,000 deep, whose forging
            // cost more than reading them (the loop below asked for them again for each file).
            let forged = BinaryPropertyListForge.hostileFiles().map(\.data)
            let files = forged
                + (0..<Reliability.scale(300, stress: 20_000)).map { _ in Self.mutate(seeds.randomElement(using: &random)!, others: seeds, using: &random) }
            for (index, bytes) in files.enumerated() {
                try bytes.write(to: url)
                var refusedAsCorrupt = false
                do throws(ArchiverError) {
                    _ = try Note.load(resourceID: "hostile", in: archiver)
                } catch {
                    switch error {
                    case .corruptFile: refusedAsCorrupt = true
                    case .decodingFailed: break
                    default: Issue.record("seed \(seed) file \(index): unexpected \(error)")
                    }
                }
                // Every forged file is refused by the reader itself (its root holds no note, so
                // `nil` from the failable initializer would prove nothing); a mutation may read.
                if index < forged.count {
                    #expect(refusedAsCorrupt, "forged file \(index)")
                }
            }
            #expect(try Note.load(resourceID: "neighbour", in: archiver) == neighbour)
            Reliability.report("fuzz-files-on-disk", ["inputs": files.count, "crashes": 0, "seed": seed])
        }
    }

    // MARK: Mutations

    /// One structure-aware mutation of `data`: truncation, bit flips, interesting bytes, trailer
    /// and offset-table fields set to extremes, duplicated or removed ranges, or a splice.
    static func mutate(_ data: Data, others: [Data], using random: inout SeededGenerator) -> Data {
        var bytes = [UInt8](data)
        guard !bytes.isEmpty else { return data }
        let interesting: [UInt8] = [0x00, 0x01, 0x0F, 0x7F, 0x80, 0xFE, 0xFF, 0x4F, 0x5F, 0xAF, 0xDF, 0x13, 0x14]
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<9, using: &random) {
            case 0:
                bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
            case 1:
                bytes[index] ^= 1 << UInt8.random(in: 0...7, using: &random)
            case 2:
                bytes[index] = interesting.randomElement(using: &random)!
            case 3 where bytes.count >= 32:
                // A trailer field (widths, count, top, table offset) set to an extreme.
                let field = bytes.count - 32 + [6, 7, 8, 16, 24].randomElement(using: &random)!
                let width = field < bytes.count - 24 ? 1 : 8
                let value: UInt8 = Bool.random(using: &random) ? 0xFF : 0x00
                for offset in 0..<width where field + offset < bytes.count { bytes[field + offset] = value }
                if Bool.random(using: &random) { bytes[field + width - 1] = UInt8.random(in: 0...255, using: &random) }
            case 4:
                // An inline length nibble set to 0xF, so the reader takes the next bytes as a count.
                bytes[index] |= 0x0F
            case 5:
                let end = min(bytes.count, index + Int.random(in: 1...16, using: &random))
                bytes.removeSubrange(index..<end)
            case 6:
                let end = min(bytes.count, index + Int.random(in: 1...16, using: &random))
                bytes.insert(contentsOf: bytes[index..<end], at: index)
            case 7:
                let other = [UInt8](others.randomElement(using: &random)!)
                let cut = Int.random(in: 0...other.count, using: &random)
                bytes = Array(bytes.prefix(index)) + other.suffix(other.count - cut)
            default:
                bytes = (0..<Int.random(in: 0..<64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                if Bool.random(using: &random) { bytes = Array("bplist00".utf8) + bytes }
            }
            if bytes.isEmpty { break }
        }
        return Data(bytes)
    }

    /// The nodes of `value`'s tree, counting shared containers once per path, stopping at `limit`.
    static func nodeCount(_ value: Any, limit: Int) -> Int {
        var count = 0
        var stack: [Any] = [value]
        while let next = stack.popLast(), count < limit {
            count += 1
            if let dictionary = next as? [String: Any] {
                stack.append(contentsOf: dictionary.values)
            } else if let array = next as? [Any] {
                stack.append(contentsOf: array)
            }
        }
        return count
    }

    /// The most memory this process has held, in MiB.
    static func peakResidentMegabytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss) >> 20
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) >> 10
        #endif
    }
}
