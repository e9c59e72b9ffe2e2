// The manifest the Getting Started article shows under "Add the package": an app's manifest, not
// this package's, so it is text here. DocumentationTests keeps the article identical to it and
// checks that the products it names are ones Package.swift declares.

/// The Getting Started article's example manifest of a package that depends on Archiver.
let packageManifestExample = """
    // swift-tools-version: 6.2
    // Package.swift of your package
    import PackageDescription

    let package = Package(
        name: "MyApp",
        platforms: [.macOS(.v12), .iOS(.v15)],
        dependencies: [
            // A checkout beside your package. The package's name is the folder's: for
            // ../archiver-main, write package: "archiver-main" below.
            .package(path: "../Archiver"),
            // Or a commit of the repository, pinned by its full hash (git rev-parse HEAD):
            // .package(url: "https://example.com/you/Archiver.git", revision: "<40-character commit hash>"),
        ],
        targets: [
            .target(name: "MyApp", dependencies: [.product(name: "Archiver", package: "Archiver")]),
            .testTarget(name: "MyAppTests", dependencies: [
                "MyApp", .product(name: "ArchiverTesting", package: "Archiver"),
            ]),
        ]
    )
    """
