import Foundation
import Testing
@testable import ArchiverMigrate

/// The tests `--goldens` writes are the ones the GoldenBeforeTests and GoldenAfterTests targets
/// compile and run: against the hand-written models, they record the goldens; against the
/// converted ones, they check the key maps write and read those same files.
struct GoldenTestWriterTests {
    static let targets = ["GoldenBeforeTests": "MigrationFixtures", "GoldenAfterTests": "MigrationConverted"]

    @Test(arguments: targets.sorted(by: <))
    func theGoldenTargetsHoldWhatTheToolWrites(target: String, module: String) throws {
        let (files, _) = GoldenTestWriter.tests(for: try Fixtures.migrateBefore(), module: module)
        #expect(files.map(\.fileName).sorted() == ["BookmarkGoldenTests.swift", "MovieGoldenTests.swift", "RestaurantGoldenTests.swift", "ReviewGoldenTests.swift", "UserGoldenTests.swift"])
        let folder = Fixtures.toolsRoot.appendingPathComponent("Tests/\(target)")
        let committed = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(committed == files.map(\.fileName).sorted())
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file.fileName), encoding: .utf8)
            #expect(text == file.text, "Tests/\(target)/\(file.fileName) is not what `archiver-migrate --goldens Tests/\(target) --module \(module) Fixtures/Before` writes")
        }
    }

    /// One set of goldens: what the hand-written models recorded is what the converted ones check.
    @Test func bothTargetsCheckTheSameGoldens() throws {
        let before = Fixtures.toolsRoot.appendingPathComponent("Tests/GoldenBeforeTests/Goldens")
        let after = Fixtures.toolsRoot.appendingPathComponent("Tests/GoldenAfterTests/Goldens")
        let names = try FileManager.default.contentsOfDirectory(atPath: before.path).sorted()
        #expect(names == ["Bookmark-noted.plist", "Bookmark.plist", "Movie-noted.plist", "Movie.plist", "Restaurant.plist", "Review-noted.plist", "Review.plist", "User.plist"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: after.path).sorted() == names)
        for name in names {
            #expect(try Data(contentsOf: before.appendingPathComponent(name)) == Data(contentsOf: after.appendingPathComponent(name)), "\(name)")
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

    @Test func bothShapeTargetsCheckTheSameGoldens() throws {
        let before = Fixtures.toolsRoot.appendingPathComponent("Tests/ShapeGoldenBeforeTests/Goldens")
        let after = Fixtures.toolsRoot.appendingPathComponent("Tests/ShapeGoldenAfterTests/Goldens")
        let names = try FileManager.default.contentsOfDirectory(atPath: before.path).sorted()
        #expect(names.count == 18)
        #expect(try FileManager.default.contentsOfDirectory(atPath: after.path).sorted() == names)
        for name in names {
            #expect(try Data(contentsOf: before.appendingPathComponent(name)) == Data(contentsOf: after.appendingPathComponent(name)), "\(name)")
        }
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
