import Foundation
import Testing
@testable import Archiver

@Suite("ArchiveComparison.measure")
struct ArchiveSpeedTests {
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("speed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("each job is timed each way on the user's value, and nothing is left in the folder")
    func timesEveryJobAndCleansUp() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let speed = try ArchiveComparison.measure(TutorialUser.george, runs: 3, in: folder)
        #expect(speed.typeName == "TutorialUser")
        #expect(speed.runs == 3)
        for medians in [speed.encode, speed.decode, speed.store, speed.load] {
            #expect(medians.archiveValue > 0 && medians.codable > 0)
            #expect(medians.ratio == medians.archiveValue / medians.codable)
        }
        // Storing includes encoding, loading includes decoding, each way.
        #expect(speed.store.archiveValue > speed.encode.archiveValue * 0.5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let lines = speed.description.split(separator: "\n")
        #expect(lines.first == "TutorialUser: medians of 3 runs (archiveValue / Codable)")
        #expect(lines.filter { $0.hasPrefix("  encode") || $0.hasPrefix("  decode") || $0.hasPrefix("  store") || $0.hasPrefix("  load") }.count == 4)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        #expect(speed.description.hasSuffix("file size \(try TutorialUser.george.archivedData().count) / \(try encoder.encode(TutorialUser.george).count) bytes"))
    }

    @Test("fewer than one run is one run")
    func atLeastOneRun() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ArchiveComparison.measure(Place(name: "Monk's", site: URL(string: "https://monks.example")!), runs: 0, in: folder).runs == 1)
    }

    @Test("a value whose archiveValue no property list holds is a typed error, not a timing")
    func unstorableValueThrows() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect {
            try ArchiveComparison.measure(Unstorable(site: URL(string: "https://a.b")!), in: folder)
        } throws: { error in
            guard case .invalidPropertyList(let type, _, let keyPath, _) = error as? ArchiverError else { return false }
            return type == "Unstorable" && keyPath == "site"
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a value its own conformance cannot read back is a typed error naming the type")
    func unreadableArchiveThrows() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect {
            try ArchiveComparison.measure(Rated(rating: 4), in: folder)
        } throws: { error in
            guard let error = error as? ArchiverError else { return false }
            return error.description.contains("Rated")
        }
    }

    @Test("the median of an odd count is the middle time, of an even count the mean of the two middle ones")
    func median() {
        #expect(ArchiveComparison.median([3, 1, 2]) == 2)
        #expect(ArchiveComparison.median([4, 1, 3, 2]) == 2.5)
        #expect(ArchiveComparison.median([7]) == 7)
    }
}
