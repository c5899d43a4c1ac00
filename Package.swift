// swift-tools-version: 6.1
//
// Bitpal Workbench: a deterministic simulation and backtesting workbench for the logic of a
// CoinGecko-based crypto tracker app. Module layout and import rules: docs/architecture.md.

import PackageDescription

let package = Package(
    name: "BitpalWorkbench",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TrackerCore", targets: ["TrackerCore"]),
        .library(name: "Datasets", targets: ["Datasets"]),
        .executable(name: "workbench", targets: ["workbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2")
    ],
    targets: [
        // The app's platform-neutral logic: Foundation only, no wall clock, no global state.
        .target(name: "TrackerCore"),
        // GNU GSL (libgsl-dev) with a header-only shim for the generator-type globals.
        .systemLibrary(name: "CGSL", providers: [.apt(["libgsl-dev"])]),
        // The recorded CoinGecko datasets: manifest, checksums, inspection.
        .target(name: "Datasets", dependencies: ["TrackerCore"]),
        // The command-line shell: wiring, files, wall clock, terminal output.
        .executableTarget(
            name: "workbench",
            dependencies: [
                "TrackerCore",
                "Datasets",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Shared test helpers: fixture and peer-vector loading, seeded generators.
        .target(name: "TestSupport", dependencies: ["TrackerCore"], path: "Tests/TestSupport"),
        .testTarget(name: "TrackerCoreTests", dependencies: ["TrackerCore", "TestSupport"]),
        .testTarget(name: "DatasetsTests", dependencies: ["Datasets", "TestSupport"]),
        .testTarget(name: "CGSLTests", dependencies: ["CGSL"]),
        .testTarget(name: "EndToEndTests", dependencies: ["workbench", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
