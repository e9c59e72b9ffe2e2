import Foundation

/// The fenced code blocks of a Markdown document, for tests that keep a README's or an article's
/// code identical to code the package builds and runs.
///
/// ```swift
/// @Test func everySnippetIsBuilt() throws {
///     let readme = try String(contentsOf: readmeURL, encoding: .utf8)
///     for block in MarkdownCodeBlocks.blocks("swift", in: readme) {
///         #expect(exampleSource.contains(block.lines.joined(separator: "\n")), "README.md:\(block.line)")
///     }
/// }
/// ```
public enum MarkdownCodeBlocks {
    /// Each block fenced with ```` ```language ```` and ```` ``` ````, with the index of its first
    /// line (0-based: the line after the opening fence). Fences may be indented, as in a list
    /// item; the block's lines are returned as written.
    ///
    /// ```swift
    /// MarkdownCodeBlocks.blocks("swift", in: "Text\n```swift\nlet a = 1\n```\n")
    /// // [(line: 2, lines: ["let a = 1"])]
    /// ```
    public static func blocks(_ language: String, in markdown: String) -> [(line: Int, lines: [String])] {
        var blocks: [(line: Int, lines: [String])] = []
        var current: [String]?
        var start = 0
        for (number, line) in markdown.components(separatedBy: "\n").enumerated() {
            let fence = line.trimmingCharacters(in: .whitespaces)
            if current == nil, fence == "```" + language {
                current = []
                start = number + 1
            } else if let lines = current, fence == "```" {
                blocks.append((start, lines))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}
