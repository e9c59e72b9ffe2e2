import ArchiverTesting
import Foundation
import Testing
@testable import ArchiverMigrate

/// What MIGRATION.md shows of the tool — its diffs and its diagnostics — is what the tool prints
/// for the "Before" files today, so that the document cannot drift from the tool.
struct MigrationDocumentTests {
    /// The runs MIGRATION.md shows, under the paths it shows them with.
    static func documentedRuns() throws -> [MigrationReport] {
        let fixtures = Dictionary(uniqueKeysWithValues: Fixtures.before.map { ($1, $0) })
        let runs = [
            ["Examples/ArchiverTutorial/User.swift", "Examples/ArchiverTutorial/Review.swift", "Examples/ArchiverTutorial/Restaurant.swift"],
            ["Examples/Migration/Before/Event+Coding.swift"],
            ["Examples/Migration/Before/Movie+Dictionariable.swift"],
            ["Examples/Migration/Before/Bookmark.swift"],
        ]
        let shapes = [["Tools/Fixtures/Shapes/Before/Route.swift"]]
        return try runs.map { paths in
            Migrator.migrate(try paths.map { path in (path: path, text: try Fixtures.text("Fixtures/Before/\(fixtures[path]!)")) })
        } + shapes.map { paths in
            Migrator.migrate(try paths.map { path in (path: path, text: try Fixtures.text(path, in: Fixtures.repositoryRoot)) })
        }
    }

    static func blocks(_ language: String, in markdown: String) -> [(line: Int, lines: [String])] {
        MarkdownCodeBlocks.blocks(language, in: markdown)
    }

    /// Whether `segment` appears as consecutive lines of `lines` at or after `from`; the index
    /// after it.
    static func find(_ segment: [String], in lines: [String], from: Int) -> Int? {
        guard !segment.isEmpty else { return from }
        guard lines.count >= segment.count else { return nil }
        for start in from...(lines.count - segment.count) where Array(lines[start..<(start + segment.count)]) == segment {
            return start + segment.count
        }
        return nil
    }

    @Test func everyDiffShownIsWhatTheToolPrints() throws {
        let markdown = try Fixtures.text("MIGRATION.md", in: Fixtures.repositoryRoot)
        let blocks = Self.blocks("diff", in: markdown)
        #expect(blocks.count >= 3)
        let diffLines = try Self.documentedRuns().flatMap { $0.files.map(\.diff) }.joined().components(separatedBy: "\n")
        for (line, block) in blocks {
            // "…" stands for lines left out; what is between must appear in order.
            var segments: [[String]] = [[]]
            for text in block {
                if text == "…" { segments.append([]) } else { segments[segments.count - 1].append(text) }
            }
            var position = 0
            for segment in segments {
                guard let next = Self.find(segment, in: diffLines, from: position) else {
                    Issue.record("MIGRATION.md line \(line): the tool does not print these lines (in this order):\n\(segment.joined(separator: "\n"))")
                    break
                }
                position = next
            }
        }
    }

    @Test func everyDiagnosticShownIsWhatTheToolReports() throws {
        let markdown = try Fixtures.text("MIGRATION.md", in: Fixtures.repositoryRoot)
        let reported = Set(try Self.documentedRuns().flatMap { $0.diagnostics.map(\.description) })
        let shown = Self.blocks("text", in: markdown).flatMap { block in block.lines.map { (block.line, $0) } }
            .filter { $0.1.range(of: #"^\S+\.swift:\d+: "#, options: .regularExpression) != nil }
        #expect(shown.count >= 4)
        for (line, diagnostic) in shown {
            #expect(reported.contains(diagnostic), "MIGRATION.md block at line \(line): the tool does not report \(diagnostic)")
        }
    }

    @Test func theMatcherNeedsTheLinesInOrder() {
        let lines = ["a", "b", "c", "d"]
        #expect(Self.find(["b", "c"], in: lines, from: 0) == 3)
        #expect(Self.find(["c", "b"], in: lines, from: 0) == nil)
        #expect(Self.find(["b"], in: lines, from: 2) == nil)
    }
}
