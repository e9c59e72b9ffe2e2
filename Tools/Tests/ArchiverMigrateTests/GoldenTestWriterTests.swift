import Foundation
import Testing
@testable import ArchiverMigrate

/// The tests `--goldens` writes are the ones the GoldenBeforeTests and GoldenAfterTests targets
/// compile and run: against the hand-written models, they record the goldens; against the
/// converted ones, they check the key maps write and read those same files. One set of each:
/// GoldenAfterTests holds links to GoldenBeforeTests' tests and goldens, and reads the module
/// they import as the converted one.
struct GoldenTestWriterTests {
    static let before = Fixtures.toolsRoot.appendingPathComponent("Tests/GoldenBeforeTests")
    static let after = Fixtures.toolsRoot.appendingPathComponent("Tests/GoldenAfterTests")

    @Test func theGoldenTestsAreWhatTheToolWrites() throws {
        let (files, _) = GoldenTestWriter.tests(for: try Fixtures.migrateBefore(), module: "MigrationFixtures")
        #expect(files.map(\.fileName).sorted() == ["BookmarkGoldenTests.swift", "MovieGoldenTests.swift", "RestaurantGoldenTests.swift", "ReviewGoldenTests.swift", "UserGoldenTests.swift"])
        let committed = try FileManager.default.contentsOfDirectory(atPath: Self.before.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(committed == files.map(\.fileName).sorted())
        for file in files {
            let text = try String(contentsOf: Self.before.appendingPathComponent(file.fileName), encoding: .utf8)
            #expect(text == file.text, "Tests/GoldenBeforeTests/\(file.fileName) is not what `archiver-migrate --goldens Tests/GoldenBeforeTests --module MigrationFixtures Fixtures/Before` writes")
        }
        // What the tool writes for the converted module differs in the module it imports alone,
        // which GoldenAfterTests' `-module-alias MigrationFixtures=MigrationConverted` makes the same.
        let (converted, _) = GoldenTestWriter.tests(for: try Fixtures.migrateBefore(), module: "MigrationConverted")
        #expect(converted.map(\.fileName) == files.map(\.fileName))
        for (file, other) in zip(files, converted) {
            #expect(other.text.replacingOccurrences(of: "@testable import MigrationConverted\n", with: "@testable import MigrationFixtures\n") == file.text, "\(file.fileName)")
        }
    }

    /// One set of tests and goldens: GoldenAfterTests' entries are links to GoldenBeforeTests'.
    @Test func bothTargetsRunTheSameTestsOnTheSameGoldens() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.before.appendingPathComponent("Goldens").path).sorted()
        #expect(names == ["Bookmark-noted.plist", "Bookmark.plist", "Movie-noted.plist", "Movie.plist", "Restaurant.plist", "Review-noted.plist", "Review.plist", "User.plist"])
        let entries = try FileManager.default.contentsOfDirectory(atPath: Self.after.path).sorted()
        let tests = try FileManager.default.contentsOfDirectory(atPath: Self.before.path).filter { $0.hasSuffix(".swift") }
        #expect(entries == (tests + ["Goldens"]).sorted())
        for entry in entries {
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: Self.after.appendingPathComponent(entry).path)
            #expect(link == "../GoldenBeforeTests/" + entry, "Tests/GoldenAfterTests/\(entry)")
        }
    }

    // MARK: Conversions found by their shape

    static let shapeTargets = ["ShapeGoldenBeforeTests": "ShapesBefore", "ShapeGoldenAfterTests": "ShapesConverted"]

    /// One test per converted type of Fixtures/Shapes, through the members the rewrite keeps, and
    /// one per type with noted inputs, which records each of them.
    @Test(arguments: shapeTargets.sorted(by: <))
    func theShapeGoldenTargetsHoldWhatTheToolWrites(target: String, module: String) throws {
        let (files, skipped) = GoldenTestWriter.tests(for: try ShapeCorpusTests.migrate(), module: module)
        #expect(skipped.isEmpty)
        let folder = Fixtures.toolsRoot.appendingPathComponent("Tests/\(target)")
        let committed = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(committed == files.map(\.fileName).sorted())
        #expect(committed.count == 9)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file.fileName), encoding: .utf8)
            #expect(text == file.text, "Tests/\(target)/\(file.fileName) is not what `archiver-migrate --goldens Tests/\(target) --module \(module) Fixtures/Shapes/Before` writes")
        }
        // The inputs the notes name are in the tests, with the outcome each had before.
        let route = try #require(files.first { $0.fileName == "RouteGoldenTests.swift" }).text
        #expect(route.contains(#"(false, "loop", "Int(1)", Int(1)),"#))
        #expect(route.contains(#"(false, "loop", "\"true\"", "true"),"#))
        #expect(route.contains("let value = try #require(Route(dictionary: dictionary))"))
    }

    /// One set of goldens: ShapeGoldenAfterTests' is a link to ShapeGoldenBeforeTests'.
    @Test func bothShapeTargetsCheckTheSameGoldens() throws {
        let before = Fixtures.toolsRoot.appendingPathComponent("Tests/ShapeGoldenBeforeTests/Goldens")
        let after = Fixtures.toolsRoot.appendingPathComponent("Tests/ShapeGoldenAfterTests/Goldens")
        #expect(try FileManager.default.contentsOfDirectory(atPath: before.path).count == 18)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: after.path) == "../ShapeGoldenBeforeTests/Goldens")
    }

    @Test func nsCodingTypesGetNoTestAndAReason() throws {
        let (_, skipped) = GoldenTestWriter.tests(for: try Fixtures.migrateBefore(), module: "M")
        #expect(skipped.map(\.type) == ["Event", "Session"])
        #expect(skipped.allSatisfy { $0.reason.contains("is not ArchiveRepresentable") && $0.reason.contains("assertDecodes(\($0.type).self") })
    }

    @Test func theCommandWritesTheTestsAndInfersTheModuleFromSources() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("Sources/Models"), withIntermediateDirectories: true)
        try folder.write(MigrateCommandTests.convertible.replacingOccurrences(of: "extension Tag: Serializable", with: "extension Tag: Serializable, ArchiveRepresentable")
            .replacingOccurrences(of: "        self.name = name\n    }\n", with: """
                    self.name = name
                }

                var archiveValue: Archive { ["name": name] }

                init?(archive: Archive) {
                    guard let name = archive["name"] as? String else { return nil }
                    self.name = name
                }

            """), to: "Sources/Models/Tag.swift")
        var errors = ""
        let status = MigrateCommand.run(["--goldens", "Tests/ModelsTests", "Sources"], in: folder.url, output: { _ in }, errors: { errors += $0 })
        #expect(status == .converted, "\(errors)")
        let test = try folder.read("Tests/ModelsTests/TagGoldenTests.swift")

        // A test the user changed is not overwritten without --force.
        try folder.write(test + "// edited\n", to: "Tests/ModelsTests/TagGoldenTests.swift")
        var again = ""
        #expect(MigrateCommand.run(["--goldens", "Tests/ModelsTests", "Sources"], in: folder.url, output: { _ in }, errors: { again += $0 }) == .leftInPlace)
        #expect(again.contains("Tests/ModelsTests/TagGoldenTests.swift exists and differs; not overwritten (pass --force to replace it)"))
        #expect(try folder.read("Tests/ModelsTests/TagGoldenTests.swift").hasSuffix("// edited\n"))
        #expect(MigrateCommand.run(["--goldens", "Tests/ModelsTests", "--force", "Sources"], in: folder.url, output: { _ in }, errors: { _ in }) == .converted)
        #expect(try folder.read("Tests/ModelsTests/TagGoldenTests.swift") == test)
        #expect(test.contains("@testable import Models\n"))
        #expect(test.contains("let value = try #require(Tag(responseObject: responseObject))"))
        #expect(test.contains(#"try GoldenArchives().assertGolden(value, named: "Tag")"#))
    }
}
