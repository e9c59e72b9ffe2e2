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
        .target(
            name: "ArchiverMigrate",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ]
        ),
        .executableTarget(name: "archiver-migrate", dependencies: ["ArchiverMigrate"]),
    ],
    swiftLanguageModes: [.v6]
)
