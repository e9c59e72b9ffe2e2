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
        .target(
            name: "TutorialData",
            dependencies: ["Archiver"],
            path: "Examples/TutorialData"
        ),
        .executableTarget(
            name: "ArchiverTutorial",
            dependencies: ["Archiver", "TutorialData"],
            path: "Examples/ArchiverTutorial"
        ),
        .executableTarget(
            name: "ArchiverComparison",
            dependencies: ["Archiver", "TutorialData"],
            path: "Examples/ArchiverComparison"
        ),
        .testTarget(name: "ArchiverTests", dependencies: ["Archiver", "ArchiverTutorial", "TutorialData"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
