// swift-tools-version: 6.2
import PackageDescription

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
        .executable(name: "archiver-tutorial", targets: ["ArchiverTutorial"]),
        .executable(name: "archiver-compare", targets: ["ArchiverComparison"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "Archiver"),
        .executableTarget(
            name: "ArchiverTutorial",
            dependencies: ["Archiver"],
            path: "Examples/ArchiverTutorial"
        ),
        .executableTarget(
            name: "ArchiverComparison",
            dependencies: ["Archiver"],
            path: "Examples/ArchiverComparison"
        ),
        // Not a product: the helper process the crash-safety tests kill mid-write.
        .executableTarget(
            name: "ArchiverCrashWriter",
            dependencies: ["Archiver"],
            path: "Tests/ArchiverCrashWriter"
        ),
        .testTarget(
            name: "ArchiverTests",
            dependencies: ["Archiver", "ArchiverTutorial", "ArchiverCrashWriter"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
