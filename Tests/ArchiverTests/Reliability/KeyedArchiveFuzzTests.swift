import Foundation
import Testing
@testable import Archiver

/// The legacy keyed-archive reader on mutated 0.6, wrapper-class and hostile fixtures: every
/// input is an archive or a typed ``PropertyListCoding/ReadError``, never a crash or a hang.
struct KeyedArchiveFuzzTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Migration/Fixtures")

    @Test func mutatedKeyedArchivesAreReadOrRefused() throws {
        let seed = SeededGenerator.seed(default: 0x4B3E_D5EE)
        var random = SeededGenerator(seed: seed)
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".plist") }.sorted()
        let seeds = try names.map { try Data(contentsOf: Self.fixtures.appendingPathComponent($0)) }
        try #require(!seeds.isEmpty)
        let options = KeyedArchiveOptions(classesReadAsDictionaries: ["MyApp.MovieClass", "Session", "Speaker"])
        let inputs = Reliability.scale(10_000, stress: 500_000)
        var accepted = 0, refused = 0
        for round in 0..<inputs {
            let input = FileReaderFuzzTests.mutate(seeds.randomElement(using: &random)!, others: seeds, using: &random)
            do throws(PropertyListCoding.ReadError) {
                let archive = try PropertyListCoding.archive(from: input, maximumDepth: PropertyListCoding.defaultMaximumDepth, keyedArchiveOptions: options)
                accepted += 1
                if FileReaderFuzzTests.nodeCount(archive, limit: 1_000_000) >= 1_000_000 {
                    Issue.record("seed \(seed) round \(round): accepted an unbounded tree from \(input.base64EncodedString())")
                }
            } catch {
                refused += 1
            }
        }
        Reliability.report("fuzz-keyed-archive", ["inputs": inputs, "accepted": accepted, "refused": refused, "crashes": 0, "seed": seed])
        #expect(refused > 0)
    }
}
