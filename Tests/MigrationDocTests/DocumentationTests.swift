import ArchiverTesting
import DocGettingStarted
import DocKeyMaps
import Foundation
import Testing

/// README.md's quick start and the code of the DocC articles are code that CI builds (with an
/// app's settings) and runs: the documents cannot show code that does not compile or has drifted.
struct DocumentationTests {
    typealias Document = MigrationDocumentTests

    static func text(_ path: String) throws -> String {
        try String(contentsOf: Document.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// Where each document's code lives.
    nonisolated static let articles: [(document: String, folders: [String])] = [
        ("Sources/Archiver/Archiver.docc/GettingStarted.md", ["Examples/Documentation/GettingStarted", "Examples/ArchiverTutorial"]),
        ("Sources/Archiver/Archiver.docc/KeyMaps.md", ["Examples/Documentation/KeyMaps", "Tests/MigrationDocTests"]),
        ("Sources/Archiver/Archiver.docc/Archiver.md", ["Examples/Documentation"]),
        ("Sources/Archiver/Archiver.docc/Migration.md", ["Examples/Migration", "Tests/MigrationDocTests"]),
    ]

    static func files(in folders: [String]) throws -> [[String]] {
        var files: [[String]] = []
        for folder in folders {
            let url = Document.packageRoot.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { continue }
            while let path = enumerator.nextObject() as? String {
                guard path.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
                files.append(text.components(separatedBy: "\n").map(Document.trimmingTrailingWhitespace))
            }
        }
        return files
    }

    @Test func theReadmeQuickStartIsTheWholeQuickStartProgram() throws {
        let readme = try Self.text("README.md")
        let quickStart = try #require(readme.range(of: "## Quick start"))
        let block = try #require(Document.swiftBlocks(in: String(readme[quickStart.lowerBound...])).first)
        let program = try Self.text("Examples/QuickStart/main.swift").components(separatedBy: "\n")
        #expect(block.lines + [""] == program, "README.md's quick start differs from Examples/QuickStart/main.swift")
    }

    @Test func theReadmeAppTargetExampleIsBuilt() throws {
        let readme = try Self.text("README.md")
        let section = try #require(readme.range(of: "### In an app target"))
        let block = try #require(Document.swiftBlocks(in: String(readme[section.lowerBound...])).first)
        let files = try Self.files(in: ["Tests/MigrationDocTests"])
        #expect(files.contains { Document.contains($0, block.lines) })
    }

    @Test(arguments: articles.map(\.document))
    func everySwiftBlockOfTheArticleIsBuilt(document: String) throws {
        let folders = try #require(Self.articles.first { $0.document == document }).folders
        let blocks = Document.swiftBlocks(in: try Self.text(document))
        #expect(blocks.count >= 2)
        let files = try Self.files(in: folders)
        for (line, block) in blocks {
            #expect(files.contains { Document.contains($0, block) },
                    "\(document) line \(line): this block is not in \(folders.joined(separator: ", ")):\n\(block.joined(separator: "\n"))")
        }
    }

    static let json: [String: Any] = [
        "id": 1296269, "name": "George Costanza",
        "user_reviews": [
            ["id": 1, "restaurant": ["id": 12, "name": "The Original Soup Man", "cuisine": "soup"], "star_rating": "4"],
            ["id": 2, "restaurant": ["name": "Monk's Café"], "star_rating": "5"],
            ["id": 3, "restaurant": ["id": 14, "name": "La Boîte en Bois"], "star_rating": "4", "text": "Risotto"],
        ],
    ]

    @Test func theGettingStartedCodeRunsAsTheArticleSays() throws {
        let printed = try TemporaryArchiver.with { _ in try gettingStarted(json: Self.json) }
        #expect(printed == ["2", "George Costanza", "[1296269]", "George Costanza"])
    }

    @Test func theKeyMapsCodeRunsAsTheArticleSays() throws {
        let printed = try TemporaryArchiver.with { _ in try keyMaps(json: Self.json, badJSON: ["id": "george"]) }
        #expect(printed == [
            #"["soup", "deli"]"#, "true",
            "User.user_reviews[1].restaurant.id: expected Int, found nothing", "2",
            #"User.id: expected Int, found String "george""#,
            "3", "deli",
        ])
    }
}
