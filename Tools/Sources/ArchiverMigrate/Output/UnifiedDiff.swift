/// A unified diff of two texts, line by line, with three lines of context, as `diff -u` and
/// `git apply` read it.
///
/// ```swift
/// UnifiedDiff.render(old: "a\nb\n", new: "a\nc\n", path: "User.swift")
/// // --- a/User.swift
/// // +++ b/User.swift
/// // @@ -1,2 +1,2 @@
/// //  a
/// // -b
/// // +c
/// ```
enum UnifiedDiff {
    static let context = 3

    /// The diff, or `""` when the texts are equal.
    static func render(old: String, new: String, path: String) -> String {
        guard old != new else { return "" }
        let oldLines = lines(of: old)
        let newLines = lines(of: new)
        let operations = diff(oldLines, newLines)
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks(of: operations) {
            output += hunkText(hunk, operations: operations)
        }
        return output
    }

    enum Operation: Equatable {
        case same(String), removed(String), added(String)
    }

    /// Lines, each without its newline; a final line without a newline is marked as diff does.
    static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" {
            lines.removeLast()
        } else if !lines.isEmpty {
            lines[lines.count - 1] += "\n\\ No newline at end of file"
        }
        return lines
    }

    /// The common first and last lines, then the longest common subsequence of what is between,
    /// by dynamic programming: a rewrite changes a few regions of a file, and a minimal diff reads
    /// better than a fast one.
    static func diff(_ old: [String], _ new: [String]) -> [Operation] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let middle = middleDiff(Array(old[prefix..<(old.count - suffix)]), Array(new[prefix..<(new.count - suffix)]))
        return old[..<prefix].map { .same($0) } + middle + old[(old.count - suffix)...].map { .same($0) }
    }

    private static func middleDiff(_ old: [String], _ new: [String]) -> [Operation] {
        let rows = old.count + 1, columns = new.count + 1
        var lengths = [Int](repeating: 0, count: rows * columns)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i * columns + j] = old[i] == new[j]
                    ? lengths[(i + 1) * columns + j + 1] + 1
                    : max(lengths[(i + 1) * columns + j], lengths[i * columns + j + 1])
            }
        }
        var operations: [Operation] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                operations.append(.same(old[i])); i += 1; j += 1
            } else if i < old.count, j == new.count || lengths[(i + 1) * columns + j] >= lengths[i * columns + j + 1] {
                operations.append(.removed(old[i])); i += 1
            } else {
                operations.append(.added(new[j])); j += 1
            }
        }
        return operations
    }

    /// Ranges of operations to show: each change with its context, overlapping ones merged.
    static func hunks(of operations: [Operation]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for (index, operation) in operations.enumerated() {
            if case .same = operation { continue }
            let range = max(0, index - context)..<min(operations.count, index + context + 1)
            if let last = ranges.last, last.upperBound >= range.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        return ranges
    }

    static func hunkText(_ hunk: Range<Int>, operations: [Operation]) -> String {
        var oldStart = 1, newStart = 1
        for operation in operations[..<hunk.lowerBound] {
            switch operation {
            case .same: oldStart += 1; newStart += 1
            case .removed: oldStart += 1
            case .added: newStart += 1
            }
        }
        var oldCount = 0, newCount = 0, body = ""
        for operation in operations[hunk] {
            switch operation {
            case .same(let line): oldCount += 1; newCount += 1; body += " \(line)\n"
            case .removed(let line): oldCount += 1; body += "-\(line)\n"
            case .added(let line): newCount += 1; body += "+\(line)\n"
            }
        }
        // diff's convention: an empty side starts at the line before it.
        if oldCount == 0 { oldStart -= 1 }
        if newCount == 0 { newStart -= 1 }
        return "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + body
    }
}
