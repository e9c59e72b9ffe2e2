// swift-tools-version: 6.1
import PackageDescription

// A package of its own, so that the library's users never resolve the benchmark harness.
let package = Package(
    name: "ArchiverBenchmarks",
    platforms: [
        .macOS(.v13),
    ],
    dependencies: [
        .package(name: "Archiver", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The tutorial's server response, which the root package keeps out of its products: a
        // link to Examples/TutorialData/TutorialResponse.swift, as a target's files must lie
        // inside its package.
        .target(
            name: "BenchmarkTutorialData",
            dependencies: [.product(name: "Archiver", package: "Archiver")],
            path: "Benchmarks/BenchmarkTutorialData"
        ),
        .executableTarget(
            name: "ArchiverBenchmarks",
            dependencies: [
                .product(name: "Archiver", package: "Archiver"),
                "BenchmarkTutorialData",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ArchiverBenchmarks",
            exclude: ["Fixtures/repository.json"],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
