import Foundation
import Testing

/// The benchmarks' `handwritten` way is the tutorial's model, copied into the nested Benchmarks
/// package because an executable target cannot be imported. The copies may differ from the
/// tutorial only in their leading comment, so that the baseline is the code the tutorial shows.
struct BenchmarkTutorialCopyTests {
    static func code(_ relativePath: String) throws -> [String] {
        let url = MigrationDocumentTests.packageRoot.appendingPathComponent(relativePath)
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        return Array(lines.drop { $0.hasPrefix("//") })
    }

    @Test(arguments: ["User.swift", "Review.swift", "Restaurant.swift"])
    func theBenchmarksTutorialModelIsTheTutorials(file: String) throws {
        let copy = try Self.code("Benchmarks/Benchmarks/ArchiverBenchmarks/Tutorial/\(file)")
        let tutorial = try Self.code("Examples/ArchiverTutorial/\(file)")
        #expect(!tutorial.isEmpty)
        #expect(copy == tutorial)
    }
}
