import Testing
@testable import ArchiverMigrate

struct UnifiedDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(UnifiedDiff.render(old: "a\nb\n", new: "a\nb\n", path: "x") == "")
    }

    @Test func aChangeShowsThreeLinesOfContextWithHunkRanges() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(UnifiedDiff.render(old: old, new: new, path: "File.swift") == """
        --- a/File.swift
        +++ b/File.swift
        @@ -2,7 +2,7 @@
         line 2
         line 3
         line 4
        -line 5
        +line five
         line 6
         line 7
         line 8

        """)
    }

    @Test func distantChangesMakeTwoHunksAndRemovalsComeFirst() {
        let old = (1...20).map { "\($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "2\n3\n", with: "two\n").replacingOccurrences(of: "\n18\n", with: "\n18\n18½\n")
        let diff = UnifiedDiff.render(old: old, new: new, path: "n")
        #expect(diff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") } == ["@@ -1,6 +1,5 @@", "@@ -16,5 +15,6 @@"])
        #expect(diff.contains("-2\n-3\n+two\n"))
    }

    @Test func aMissingFinalNewlineIsMarked() {
        let diff = UnifiedDiff.render(old: "a", new: "b", path: "n")
        #expect(diff.contains("-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n"))
    }
}
