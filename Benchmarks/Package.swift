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
        .executableTarget(
            name: "ArchiverBenchmarks",
            dependencies: [
                .product(name: "Archiver", package: "Archiver"),
                .product(name: "TutorialData", package: "Archiver"),
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
