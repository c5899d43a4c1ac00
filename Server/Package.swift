// swift-tools-version: 6.1
//
// `workbench serve`'s server, a package of its own so that a fresh clone's `workbench` neither
// resolves nor builds Hummingbird, SwiftNIO and the two dozen packages under them (resolving
// them took 13 s of the first run). `workbench serve` builds it on first use; so do the scripts
// that load it (`swift build --package-path Server --product workbench-serve`). See docs/serve.md.

import PackageDescription

/// A library of the main package, by name.
func workbench(_ name: String) -> Target.Dependency {
    .product(name: name, package: "BitpalWorkbench")
}

let package = Package(
    name: "BitpalWorkbenchServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "workbench-serve", targets: ["workbench-serve"])
    ],
    dependencies: [
        .package(name: "BitpalWorkbench", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        // Hummingbird's own; named to trigger its graceful shutdown from serve's signal thread.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", exact: "2.13.0"),
    ],
    targets: [
        // The simulated CoinGecko over HTTP (Hummingbird), with a clock and an admin API.
        .target(
            name: "Serve",
            dependencies: [
                workbench("WorkbenchFoundation"),
                workbench("TrackerCore"),
                workbench("Simulation"),
                workbench("AppHosting"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Serve"),
        // The server's executable: `workbench serve ARGS` runs it.
        .executableTarget(
            name: "workbench-serve",
            dependencies: [
                "Serve",
                workbench("WorkbenchFoundation"),
                workbench("TrackerCore"),
                workbench("PriceModels"),
                workbench("Simulation"),
                workbench("AppHosting"),
                workbench("Runs"),
                workbench("LiveHTTP"),
                workbench("CommandLineShell"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/workbench-serve"),
    ],
    swiftLanguageModes: [.v6]
)
