// swift-tools-version: 6.2
import PackageDescription

// A package of its own, so that the library's users never resolve swift-syntax.
let package = Package(
    name: "ArchiverTools",
    platforms: [
        .macOS(.v13),
    ],
    products: [
        .executable(name: "archiver-migrate", targets: ["archiver-migrate"]),
    ],
    dependencies: [
        .package(name: "Archiver", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // The converter, a library so that tests run it in-process.
        .target(
            name: "ArchiverMigrate",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
                .product(name: "Archiver", package: "Archiver"),
            ]
        ),
        .executableTarget(name: "archiver-migrate", dependencies: ["ArchiverMigrate"]),

        // The proof. A target's files must lie inside its package, so the models the tool starts
        // from (Fixtures/Before) and MIGRATION.md's hand-written "After" (Fixtures/After) are
        // symbolic links to the repository's files, not copies; beside them, the tool's output
        // for them (a test keeps it identical to what the tool prints).
        .target(
            name: "MigrationFixtures",
            dependencies: [.product(name: "Archiver", package: "Archiver")],
            path: "Fixtures/Before"
        ),
        .target(
            name: "MigrationConverted",
            dependencies: [.product(name: "Archiver", package: "Archiver")],
            path: "Fixtures/Converted"
        ),
        .target(
            name: "MigrationAfterFixtures",
            dependencies: [.product(name: "Archiver", package: "Archiver")],
            path: "Fixtures/After"
        ),
        // A conformance whose initializers each have rules of their own, and the tool's output for
        // it: the tests decode the same input with both and compare.
        .target(
            name: "DoorRulesBefore",
            dependencies: [.product(name: "Archiver", package: "Archiver")],
            path: "Fixtures/DoorRules/Before"
        ),
        .target(
            name: "DoorRulesConverted",
            dependencies: [.product(name: "Archiver", package: "Archiver")],
            path: "Fixtures/DoorRules/Converted"
        ),
        // Models written in the idioms of real projects — a project's own protocol or none, raw
        // value enums, nested types, arrays of dictionaries — and the tool's output for them: the
        // tests decode the same edge inputs with both.
        .target(
            name: "ShapesBefore",
            path: "Fixtures/Shapes/Before"
        ),
        .target(
            name: "ShapesConverted",
            dependencies: [.product(name: "Archiver", package: "Archiver")],
            path: "Fixtures/Shapes/Converted"
        ),
        .testTarget(
            name: "ArchiverMigrateTests",
            dependencies: [
                "ArchiverMigrate", "archiver-migrate", "MigrationFixtures", "MigrationConverted", "MigrationAfterFixtures",
                "DoorRulesBefore", "DoorRulesConverted", "ShapesBefore", "ShapesConverted",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "Archiver", package: "Archiver"),
                .product(name: "ArchiverTesting", package: "Archiver"),
                "ToolsTutorialData",
            ]
        ),
        // The tutorial's server response, which the root package keeps out of its products: a
        // link to Examples/TutorialData/TutorialResponse.swift.
        .target(
            name: "ToolsTutorialData",
            dependencies: [.product(name: "Archiver", package: "Archiver")],
            path: "Fixtures/TutorialData"
        ),
        // The tests `archiver-migrate --goldens` writes, as a user runs them: compiled against
        // the hand-written models they record the goldens, against the converted ones they check
        // them. One set of tests and goldens: the After targets' files are links to the Before
        // targets' (Tests/*After*/ holds only links), and each After target reads the module
        // the tests import as the converted one (`-module-alias`), as a user's test target does
        // once the rewrite has replaced the models in place. ArchiverMigrateTests keeps the tests
        // identical to the tool's output.
        .testTarget(
            name: "GoldenBeforeTests",
            dependencies: [
                "MigrationFixtures",
                .product(name: "Archiver", package: "Archiver"),
                .product(name: "ArchiverTesting", package: "Archiver"),
            ],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "GoldenAfterTests",
            dependencies: [
                "MigrationConverted",
                .product(name: "Archiver", package: "Archiver"),
                .product(name: "ArchiverTesting", package: "Archiver"),
            ],
            exclude: ["Goldens"],
            swiftSettings: [.unsafeFlags(["-module-alias", "MigrationFixtures=MigrationConverted"])]
        ),
        // The same, for the models of Fixtures/Shapes, whose conversions keep their own members:
        // one test serves before and after, and the inputs the tool noted are known issues after.
        // One set of goldens (ShapeGoldenAfterTests/Goldens is a link), but the tests are the
        // tool's output for each module: two of them name it in their bodies, where they take it
        // out of a value's description, which a module alias does not change.
        .testTarget(
            name: "ShapeGoldenBeforeTests",
            dependencies: [
                "ShapesBefore",
                .product(name: "Archiver", package: "Archiver"),
                .product(name: "ArchiverTesting", package: "Archiver"),
            ],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "ShapeGoldenAfterTests",
            dependencies: [
                "ShapesConverted",
                .product(name: "Archiver", package: "Archiver"),
                .product(name: "ArchiverTesting", package: "Archiver"),
            ],
            exclude: ["Goldens"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
