import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// The size and depth limits hold on read, say so in their errors, and belong to each archiver.
struct LimitsTests {
    /// A note whose text sits `depth` arrays deep under the key "deep".
    struct DeepNote: Archivable {
        static var archiver: Archiver { testArchiver }
        let id: String
        let depth: Int
        var archiveValue: Archive {
            var value: Any = "bottom"
            for _ in 0..<depth { value = [value] }
            return ["id": id, "deep": value]
        }

        init(id: String, depth: Int) {
            self.id = id
            self.depth = depth
        }

        init?(archive: Archive) {
            guard let id = archive["id"] as? String else { return nil }
            var depth = 0
            var value = archive["deep"]
            while let array = value as? [Any], let first = array.first {
                depth += 1
                value = first
            }
            self.init(id: id, depth: depth)
        }
    }

    @Test func theSizeLimitIsPerArchiverAndNamesSizeAndLimit() async throws {
        try TemporaryArchiver.with { archiver throws in
            let strict = Archiver(archiveDirectoryURL: archiver.archiveDirectoryURL)
            strict.limits = Archiver.Limits(maximumFileSize: 512, maximumDepth: 512)
            let note = Note(id: "big", text: String(repeating: "x", count: 4_000))
            let url = try note.store(in: archiver)
            #expect(try Note.load(resourceID: "big", in: archiver) == note)
            #expect(throws: ArchiverError.fileTooLarge(type: "Note", id: "big", file: url, size: try Self.size(of: url), limit: 512)) {
                try Note.load(resourceID: "big", in: strict)
            }
            let error = ArchiverError.fileTooLarge(type: "Note", id: "big", file: url, size: 4_100, limit: 512)
            #expect(error.description.contains("over the limit of 512"))
        }
    }

    @Test func theDepthLimitHoldsOnWriteAndOnReadWithAClearError() async throws {
        try TemporaryArchiver.with { archiver throws in
            let shallow = Archiver(archiveDirectoryURL: archiver.archiveDirectoryURL)
            shallow.limits.maximumDepth = 10
            #expect(archiver.limits.maximumDepth == Archiver.Limits().maximumDepth)

            // Written within the default limit, refused on write by the shallow archiver.
            let deep = DeepNote(id: "deep", depth: 40)
            try deep.store(in: archiver)
            #expect(try DeepNote.load(resourceID: "deep", in: archiver)?.depth == 40)
            do throws(ArchiverError) {
                try DeepNote(id: "other", depth: 40).store(in: shallow)
                Issue.record("stored nesting deeper than the limit")
            } catch {
                guard case .invalidPropertyList(_, _, _, let found) = error else { Issue.record("unexpected \(error)"); return }
                #expect(found.contains("deeper than 10"))
            }

            // Refused on read, with an error that says it was the nesting.
            do throws(ArchiverError) {
                _ = try DeepNote.load(resourceID: "deep", in: shallow)
                Issue.record("read nesting deeper than the limit")
            } catch {
                guard case .corruptFile(_, let id, _, let reason) = error else { Issue.record("unexpected \(error)"); return }
                #expect(id == "deep")
                #expect(reason.contains("deeper than 10"), "\(reason)")
            }
            #expect(try DeepNote.load(resourceID: "missing", in: shallow) == nil)
        }
    }

    @Test func theDefaultLimitsAreGenerousButFinite() {
        let limits = Archiver.Limits()
        #expect(limits.maximumFileSize == 256 << 20)
        #expect(limits.maximumDepth == 512)
    }

    private static func size(of url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
    }
}
