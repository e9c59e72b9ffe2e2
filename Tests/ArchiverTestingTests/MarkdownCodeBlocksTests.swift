import ArchiverTesting
import Testing

struct MarkdownCodeBlocksTests {
    static let document = """
        # Title
        ```swift
        let a = 1
        ```
        - A list item:
          ```swift
          let b = 2
          ```
        ```diff
        -old
        ```
        ```swift
        ```
        """

    @Test func blocksOfTheLanguageWithTheirFirstLineAndIndentedFences() {
        let blocks = MarkdownCodeBlocks.blocks("swift", in: Self.document)
        #expect(blocks.map(\.line) == [2, 6, 12])
        #expect(blocks.map(\.lines) == [["let a = 1"], ["  let b = 2"], []])
    }

    @Test func otherLanguagesAreLeftOut() {
        #expect(MarkdownCodeBlocks.blocks("diff", in: Self.document).map(\.lines) == [["-old"]])
        #expect(MarkdownCodeBlocks.blocks("text", in: Self.document).isEmpty)
    }
}
