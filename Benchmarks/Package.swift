// swift-tools-version: 6.1
//
// Benchmarks for Bitpal Workbench, a package of its own so that ordo-one/benchmark never enters
// the main build. Run from this directory: `swift package benchmark`. See docs/benchmarks.md.

import PackageDescription

let package = Package(
    name: "BitpalWorkbenchBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "BitpalWorkbench", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "WorkbenchBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TrackerCore", package: "BitpalWorkbench"),
                .product(name: "PriceModels", package: "BitpalWorkbench"),
                .product(name: "Simulation", package: "BitpalWorkbench"),
                .product(name: "AppHosting", package: "BitpalWorkbench"),
                .product(name: "Scenarios", package: "BitpalWorkbench"),
                .product(name: "Runs", package: "BitpalWorkbench"),
                .product(name: "Fleets", package: "BitpalWorkbench"),
            ],
            path: "Benchmarks/WorkbenchBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ],
    swiftLanguageModes: [.v6]
)
