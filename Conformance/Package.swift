// swift-tools-version: 6.1
//
// `workbench conformance`'s tool, a package of its own so that a fresh clone's `workbench`
// neither resolves nor builds swift-syntax (as Server/ keeps Hummingbird out). `workbench
// conformance` builds it on first use (`swift build --package-path Conformance --product
// workbench-conformance`). See docs/conformance.md.

import PackageDescription

/// A library of the main package, by name.
func workbench(_ name: String) -> Target.Dependency {
    .product(name: name, package: "BitpalWorkbench")
}

let package = Package(
    name: "BitpalWorkbenchConformance",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "workbench-conformance", targets: ["workbench-conformance"])
    ],
    dependencies: [
        .package(name: "BitpalWorkbench", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        // The app's code read at two commits: git, the citation table, cited symbols found by
        // parsing Swift (SwiftParser), their drift.
        .target(
            name: "Conformance",
            dependencies: [
                workbench("CommandLineShell"),
                workbench("WorkbenchFoundation"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            path: "Sources/Conformance"),
        // The tool's executable: `workbench conformance ARGS` runs it.
        .executableTarget(
            name: "workbench-conformance",
            dependencies: [
                "Conformance",
                workbench("CommandLineShell"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/workbench-conformance"),
    ],
    swiftLanguageModes: [.v6]
)
