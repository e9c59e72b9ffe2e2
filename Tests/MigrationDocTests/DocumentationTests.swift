import ArchiverTesting
import DocCodableBridge
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
        ("Sources/Archiver/Archiver.docc/CodableBridge.md", ["Examples/Documentation/CodableBridge"]),
        ("Sources/Archiver/Archiver.docc/Storage.md", ["Examples/Documentation/Caching"]),
    ]

    /// `block` without the indent all its lines share: a block inside a list item is indented.
    static func dedented(_ block: [String]) -> [String] {
        let indents = block.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }
        let common = indents.min() ?? 0
        return block.map { String($0.dropFirst(min(common, $0.prefix { $0 == " " }.count))) }
    }

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

    /// Issue 30's "done when" for the documents a newcomer starts from, and issue 32's "README a
    /// newcomer reads in five minutes": a quick start under 40 lines with no reader list that
    /// shows a date strategy, a transform of an optional property, a recursive field and a model
    /// as an Xcode 26 app target writes it, helper and initializer of its own included.
    @Test func theReadmeIsShortAndItsQuickStartShowsWhatAKeyMapDoes() throws {
        let readme = try Self.text("README.md")
        #expect(readme.components(separatedBy: "\n").count <= 200, "README.md is read in five minutes")
        let quickStart = try #require(readme.range(of: "## Quick start"))
        let block = try #require(Document.swiftBlocks(in: String(readme[quickStart.lowerBound...])).first).lines
        #expect(block.count < 40, "the quick start is \(block.count) lines")
        let code = block.joined(separator: "\n")
        #expect(!code.contains("reading:"))
        #expect(code.contains("dates: ."), "a date strategy")
        #expect(block.contains { $0.contains(".transform(") && $0.contains("$0?.") }, "a transform of an optional property")
        #expect(code.contains(": Indirect<"), "a recursive field")
        #expect(code.contains("nonisolated struct") && code.contains("nonisolated extension"), "a model for use off the main actor")
        #expect(code.contains("nonisolated func"), "a helper the map calls")
        #expect(block.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("init(") }, "an initializer of its own")
        #expect(readme.contains("What `nonisolated` does here"))
    }

    @Test func theKeyMapsArticleShowsADateStrategyAnOptionalTransformAndARecursiveField() throws {
        let article = try Self.text("Sources/Archiver/Archiver.docc/KeyMaps.md")
        let code = Document.swiftBlocks(in: article).flatMap(\.lines).joined(separator: "\n")
        #expect(!code.contains("reading:"))
        #expect(code.contains("], dates: .millisecondsSince1970)"))
        #expect(code.contains(".transform(\\.editedAt") && code.contains("date.map"))
        #expect(code.contains("let replyTo: Indirect<Note>?"))
    }

    /// Every Swift block of README.md is code the package builds: the examples, the articles' code
    /// or the tests.
    @Test func everySwiftBlockOfTheReadmeIsBuilt() throws {
        let blocks = Document.swiftBlocks(in: try Self.text("README.md"))
        #expect(!blocks.isEmpty)
        let files = try Self.files(in: ["Examples", "Tests/MigrationDocTests"])
        for (line, block) in blocks {
            #expect(files.contains { Document.contains($0, Self.dedented(block)) },
                    "README.md line \(line): this block is not in Examples or Tests/MigrationDocTests:\n\(block.joined(separator: "\n"))")
        }
    }

    /// The Getting Started article's manifest is an app's, not built here: the products it names
    /// are products this package declares.
    @Test func theInstallationManifestNamesProductsThePackageDeclares() throws {
        let article = try Self.text("Sources/Archiver/Archiver.docc/GettingStarted.md")
        let manifest = try #require(Document.swiftBlocks(in: article).first { $0.lines.first == "// swift-tools-version: 6.2" })
        let package = try Self.text("Package.swift")
        let named = manifest.lines.flatMap { line in
            line.components(separatedBy: ".product(name: \"").dropFirst().compactMap { $0.components(separatedBy: "\"").first }
        }
        #expect(Set(named) == ["Archiver", "ArchiverTesting"])
        for product in named {
            #expect(package.contains(".library(name: \"\(product)\""), "Package.swift declares no library \(product)")
        }
    }

    @Test(arguments: articles.map(\.document))
    func everySwiftBlockOfTheArticleIsBuilt(document: String) throws {
        let folders = try #require(Self.articles.first { $0.document == document }).folders
        let blocks = Document.swiftBlocks(in: try Self.text(document))
        #expect(blocks.count >= 2)
        let files = try Self.files(in: folders)
        for (line, block) in blocks {
            #expect(files.contains { Document.contains($0, Self.dedented(block)) },
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

    @Test func theSnakeCaseServerKeysReadTheServersKeys() throws {
        #expect(try snakeCaseServerKeys() == ["octocat/Hello-World", "80"])
    }

    @Test func theCodableCodeRunsAsTheArticleSays() throws {
        let response: [String: Any] = [
            "html_url": "https://github.com/o/r/pull/1",
            "user": ["login": "octocat", "avatar_url": "https://avatars.example/u/1"],
        ]
        let article = try TemporaryArchiver.with { _ in try codableBridge(response: response) }
        #expect(Array(article.prefix(5)) == [
            "4", #"Counter.count: expected Int, found String "4x""#, "Monk's Café", "Soup",
            #"Menu.dishes[0].price: expected Decimal, found String "cheap""#,
        ])
        #expect(article.dropFirst(5).first == "https://avatars.example/u/1")
        #expect(article.dropFirst(6).first == "12 EUR")
        #expect(article.last == """
            Bookmark: archiveValue and Codable (PropertyListEncoder) compared
              Same content: yes, 1 representational note
                link: URL form: archiveValue "https://soupman.example/menu", Codable {relative: "https://soupman.example/menu"}
              archiveValue round trip: equal
              Codable round trip: equal
              File sizes: archiveValue 97 bytes, Codable 111 bytes
            """)
    }

    @Test func theKeyMapsCodeRunsAsTheArticleSays() throws {
        let printed = try TemporaryArchiver.with { _ in try keyMaps(json: Self.json, badJSON: ["id": "george"]) }
        #expect(printed == [
            #"["soup", "deli"]"#, "true",
            "User.user_reviews[1].restaurant.id: expected Int, found nothing", "2",
            #"User.id: expected Int, found String "george""#,
            "3", "deli", "true", #"["active", "unknown"]"#, #"["id"]"#, "1574553600.0", "Soup?",
        ])
    }
}
