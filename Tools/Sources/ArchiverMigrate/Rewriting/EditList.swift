import SwiftSyntax

/// Text edits by byte offset, applied from the end of each file so that offsets stay valid.
struct EditList {
    private let texts: [[UInt8]]
    private var edits: [[(range: Range<Int>, text: String)]]

    init(files: [ParsedFile]) {
        texts = files.map { Array($0.text.utf8) }
        edits = Array(repeating: [], count: files.count)
    }

    mutating func replace(_ node: Syntax, in file: Int, with text: String) {
        edits[file].append((node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset, text))
    }

    /// Removes a declaration with the blank lines before it.
    mutating func remove(_ node: Syntax, in file: Int) {
        var start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let bytes = texts[file]
        while start > 0, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[start - 1]) {
            start -= 1
        }
        edits[file].append((start..<node.endPositionBeforeTrailingTrivia.utf8Offset, ""))
    }

    /// Removes a member of a type or an extension. The first member goes with the blank lines
    /// after it, so that the body does not begin with one; any other, with those before it.
    mutating func removeMember(_ node: Syntax, in file: Int) {
        let bytes = texts[file]
        let whitespace = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        var before = start
        while before > 0, whitespace.contains(bytes[before - 1]) { before -= 1 }
        guard before > 0, bytes[before - 1] == UInt8(ascii: "{") else {
            remove(node, in: file)
            return
        }
        var after = node.endPositionBeforeTrailingTrivia.utf8Offset
        while after < bytes.count, whitespace.contains(bytes[after]) { after += 1 }
        edits[file].append((start..<after, ""))
    }

    mutating func insert(_ text: String, after node: Syntax, in file: Int) {
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        edits[file].append((end..<end, text))
    }

    mutating func insertAtStart(_ text: String, in file: Int) {
        edits[file].append((0..<0, text))
    }

    func apply(to file: Int) -> String {
        var bytes = texts[file]
        for edit in edits[file].sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
