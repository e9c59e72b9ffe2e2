import Foundation
import Testing
@testable import Archiver

/// Inputs the coverage-guided fuzzers (Scripts/fuzz.sh) found, kept in Fuzz/<Target>/regressions.
struct FuzzerFindingsTests {
    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/FileReader/regressions")

    /// `foundation-set-bridging-segv`: a tutorial archive with one bit flipped into a set marker
    /// (0xC1). Foundation's PropertyListSerialization on Linux segfaults bridging it
    /// (swift_conformsToProtocolMaybeInstantiateSuperclasses under NSArray.allObjects); the
    /// reader that called it crashed the process. Our own reader must refuse or read it.
    @Test func fileReaderFindingsAreRefusedOrRead() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.regressions.path).sorted()
        #expect(!names.isEmpty)
        for name in names {
            let data = try Data(contentsOf: Self.regressions.appendingPathComponent(name))
            // Refused with a typed error, or read to an archive that writes and reads back the same.
            do throws(PropertyListError) {
                let archive = try PropertyListCoding.archive(from: data)
                let again = try PropertyListCoding.archive(from: PropertyListCoding.data(for: archive))
                #expect(PropertyListValue(again) == PropertyListValue(archive), "\(name)")
            } catch {
                guard case .malformed(let reason) = error else { Issue.record("\(name): \(error)"); continue }
                #expect(!reason.isEmpty, "\(name)")
            }
        }
    }
}
