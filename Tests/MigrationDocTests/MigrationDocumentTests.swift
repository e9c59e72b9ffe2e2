import ArchiverTesting
import Foundation
import Testing

/// Every Swift block of MIGRATION.md appears, line for line, in code that CI builds and runs, so
/// that the document cannot show code that does not compile or has drifted.
struct MigrationDocumentTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where the document's code lives: the examples before and after, the tutorial (Archiver 0.6
    /// code), and the tests that run them.
    static let sourceFolders = ["Examples/Migration", "Examples/TutorialModel", "Examples/ArchiverTutorial", "Tests/MigrationDocTests"]

    static func swiftBlocks(in markdown: String) -> [(line: Int, lines: [String])] {
        MarkdownCodeBlocks.blocks("swift", in: markdown)
    }

    static func sourceFiles() throws -> [(path: String, lines: [String])] {
        var files: [(String, [String])] = []
        for folder in sourceFolders {
            let url = packageRoot.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { continue }
            while let path = enumerator.nextObject() as? String {
                guard path.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
                files.append((folder + "/" + path, text.components(separatedBy: "\n").map(trimmingTrailingWhitespace)))
            }
        }
        return files
    }

    static func trimmingTrailingWhitespace(_ line: String) -> String {
        var line = Substring(line)
        while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
        return String(line)
    }

    /// Whether `block` appears in `lines` as consecutive lines, all indented by the same prefix.
    static func contains(_ lines: [String], _ block: [String]) -> Bool {
        let block = block.map(trimmingTrailingWhitespace)
        guard let first = block.first(where: { !$0.isEmpty }), let firstIndex = block.firstIndex(of: first) else { return true }
        for start in lines.indices where lines[start].hasSuffix(first) {
            let indent = String(lines[start].dropLast(first.count))
            guard indent.allSatisfy({ $0 == " " }), start - firstIndex >= 0, start - firstIndex + block.count <= lines.count else { continue }
            let candidate = lines[(start - firstIndex)..<(start - firstIndex + block.count)]
            if zip(candidate, block).allSatisfy({ source, doc in doc.isEmpty ? source.isEmpty : source == indent + doc }) {
                return true
            }
        }
        return false
    }

    @Test func everySwiftBlockIsCodeThatIsBuilt() throws {
        let markdown = try String(contentsOf: Self.packageRoot.appendingPathComponent("MIGRATION.md"), encoding: .utf8)
        let blocks = Self.swiftBlocks(in: markdown)
        #expect(blocks.count >= 10)
        let files = try Self.sourceFiles()
        for (line, block) in blocks {
            let found = files.contains { Self.contains($0.lines, block) }
            #expect(found, "MIGRATION.md line \(line): this block is not in \(Self.sourceFolders.joined(separator: ", ")):\n\(block.joined(separator: "\n"))")
        }
    }

    @Test func theMatcherNeedsWholeLinesInOrderAtOneIndent() {
        let source = ["struct A {", "    func f() {", "        let x = 1", "        let y = 2", "    }", "}"]
        #expect(Self.contains(source, ["let x = 1", "let y = 2"]))
        #expect(Self.contains(source, ["func f() {", "    let x = 1"]))
        #expect(!Self.contains(source, ["let y = 2", "let x = 1"]))
        #expect(!Self.contains(source, ["let x = 1", "    let y = 2"]))
        #expect(!Self.contains(source, ["let x = 10"]))
    }
}
