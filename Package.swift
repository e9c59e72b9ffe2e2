// swift-tools-version: 6.2
import PackageDescription

/// What Xcode 26 gives a new app target: main-actor isolation by default and "approachable
/// concurrency". The examples are built with them because that is what users' code is built with.
let appTargetSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

let package = Package(
    name: "Archiver",
    platforms: [
        .macOS(.v12),
        .iOS(.v15),
        .tvOS(.v15),
        .watchOS(.v8),
    ],
    products: [
        .library(name: "Archiver", targets: ["Archiver"]),
        .library(name: "ArchiverTesting", targets: ["ArchiverTesting"]),
        .executable(name: "archiver-tutorial", targets: ["ArchiverTutorial"]),
        .executable(name: "archiver-compare", targets: ["ArchiverComparison"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "Archiver"),
        .target(name: "ArchiverTesting", dependencies: ["Archiver"]),
        // The tutorial's server response, for the examples and the tests; not a product, so no app
        // that depends on Archiver sees it. The benchmarks, Tools and the NewCodable comparison
        // (Scripts/compare-newcodable.sh) compile its file through links.
        .target(
            name: "TutorialData",
            dependencies: ["Archiver"],
            path: "Examples/TutorialData"
        ),
        // The tutorial's model after migration from 0.6, every conformance derived from a key map:
        // the one declaration the tutorial's walk-through, MIGRATION.md and its tests use (Tools
        // reads its source through a link). Public, and built as a library is. (The 2016
        // hand-written model stays in ArchiverTutorial: it must compile unchanged, and it is
        // internal, as the tutorial wrote it. The benchmarks' key-mapped users are the README's
        // zero-configuration form and its fast form, which this model, with the door rules the
        // migration keeps, no longer is.)
        .target(name: "TutorialModel", dependencies: ["Archiver"], path: "Examples/TutorialModel"),
        .executableTarget(
            name: "ArchiverTutorial",
            dependencies: ["Archiver", "TutorialData", "TutorialModel"],
            path: "Examples/ArchiverTutorial",
            swiftSettings: appTargetSettings
        ),
        .executableTarget(
            name: "ArchiverComparison",
            dependencies: ["Archiver", "TutorialData"],
            path: "Examples/ArchiverComparison",
            swiftSettings: appTargetSettings
        ),
        .executableTarget(
            name: "ArchiverQuickStart",
            dependencies: ["Archiver"],
            path: "Examples/QuickStart",
            swiftSettings: appTargetSettings
        ),
        // The code of the DocC articles, one module per article, built as an app's code is.
        .target(name: "DocGettingStarted", dependencies: ["Archiver", "ArchiverTesting"], path: "Examples/Documentation/GettingStarted", swiftSettings: appTargetSettings),
        .target(name: "DocKeyMaps", dependencies: ["Archiver", "ArchiverTesting"], path: "Examples/Documentation/KeyMaps", swiftSettings: appTargetSettings),
        .target(name: "DocCodableBridge", dependencies: ["Archiver"], path: "Examples/Documentation/CodableBridge", swiftSettings: appTargetSettings),
        .target(name: "DocCaching", dependencies: ["Archiver"], path: "Examples/Documentation/Caching", swiftSettings: appTargetSettings),
        // Not a product: the helper process the crash-safety tests kill mid-write.
        .executableTarget(
            name: "ArchiverCrashWriter",
            dependencies: ["Archiver"],
            path: "Tests/ArchiverCrashWriter"
        ),
        .testTarget(
            name: "ArchiverTests",
            dependencies: ["Archiver", "ArchiverTesting", "ArchiverTutorial", "TutorialData", "ArchiverCrashWriter"],
            resources: [.copy("Migration/Fixtures"), .copy("JSON/JSONTestSuite")]
        ),
        .testTarget(name: "ArchiverTestingTests", dependencies: ["ArchiverTesting"]),
        // MIGRATION.md's code: each path's code before and after, and tests that run it and keep
        // the document identical to it.
        .target(name: "MigrationBefore", dependencies: ["Archiver"], path: "Examples/Migration/Before", swiftSettings: appTargetSettings),
        .target(name: "MigrationAfter", dependencies: ["Archiver"], path: "Examples/Migration/After", swiftSettings: appTargetSettings),
        .testTarget(
            name: "MigrationDocTests",
            dependencies: [
                "Archiver", "ArchiverTesting", "MigrationBefore", "MigrationAfter", "ArchiverTutorial", "TutorialData", "TutorialModel",
                "ArchiverQuickStart", "DocGettingStarted", "DocKeyMaps", "DocCodableBridge", "DocCaching",
            ],
            exclude: ["Goldens"],
            // The tests of the examples are written as an app's tests are, with the app's settings.
            swiftSettings: appTargetSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
