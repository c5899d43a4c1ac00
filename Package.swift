// swift-tools-version: 6.1
//
// Bitpal Workbench: a deterministic simulation and backtesting workbench for the logic of a
// CoinGecko-based crypto tracker app. Module layout and import rules: docs/architecture.md.

import Foundation
import PackageDescription

/// The release binary links the Swift runtime and Foundation statically (below), except in the
/// optimised test build of `scripts/test.sh --fast` (`BITPAL_SHARED_STDLIB=1`, in `.build/fast`):
/// its test bundle links the executable's module, and FoundationXML, which the tests read JUnit
/// reports with, has no static form that links.
let staticStdlib: [String] =
    ProcessInfo.processInfo.environment["BITPAL_SHARED_STDLIB"] == nil ? ["-static-stdlib"] : []

/// Where the order is kept (before `releaseLinking`, which a manifest's top level reads in order).
let symbolOrder = Context.packageDirectory + "/Sources/workbench/Linking/symbol-order.txt"

/// What the release `workbench` is linked with on Linux: the static standard library (above), by
/// lld with packed relative relocations (`DT_RELR`, glibc 2.36 and later). The loader reads 37 kB
/// of relocations instead of gold's 2.26 MB of `.rela.dyn`, which stayed resident, so every run
/// holds about 2 MB less (docs/benchmarks.md, round five; docs/DESIGN.md, "A statically linked
/// release binary").
///
/// lld also lays the code out in the order of `Sources/workbench/Linking/symbol-order.txt`: the
/// functions the benchmark runs execute, written by `scripts/symbol-order.sh`, first and together
/// (each of the package's functions in a section of its own, `-function-sections`, so it can be
/// moved). The kernel maps a binary's code in 64 kB runs around each page a run touches, so code
/// that is run spread over the whole 21 MB of text kept most of it resident (docs/benchmarks.md,
/// round five, "The binary's code in the order it runs"). A function the list does not name (new
/// or renamed since it was written) is placed after the listed ones, as before; nothing else moves.
let releaseLinking: [String] =
    staticStdlib.isEmpty
    ? []
    : staticStdlib + [
        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
        "-Xlinker", "--symbol-ordering-file=\(symbolOrder)",
        "-Xlinker", "--no-warn-symbol-ordering",
    ]
/// Each function in a section of its own, so the release link can order them (above).
let functionSections: [String] = staticStdlib.isEmpty ? [] : ["-Xfrontend", "-function-sections"]

let package = Package(
    name: "BitpalWorkbench",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "WorkbenchFoundation", targets: ["WorkbenchFoundation"]),
        .library(name: "TrackerCore", targets: ["TrackerCore"]),
        .library(name: "Datasets", targets: ["Datasets"]),
        .library(name: "Persistence", targets: ["Persistence"]),
        .library(name: "PriceModels", targets: ["PriceModels"]),
        .library(name: "AppHosting", targets: ["AppHosting"]),
        .library(name: "Simulation", targets: ["Simulation"]),
        .library(name: "Scenarios", targets: ["Scenarios"]),
        .library(name: "Reports", targets: ["Reports"]),
        .library(name: "LiveHTTP", targets: ["LiveHTTP"]),
        .executable(name: "workbench", targets: ["workbench"]),
        // For the server's own package (Server/): `workbench serve` runs it.
        .library(name: "Runs", targets: ["Runs"]),
        .library(name: "CommandLineShell", targets: ["CommandLineShell"]),
        // For the benchmarks' fleets (Benchmarks/).
        .library(name: "Fleets", targets: ["Fleets"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    ],
    targets: [
        // The general library under everything: the JSON reader and writer (Eisel-Lemire numbers,
        // located errors), dates and times, hashing, seeded random numbers, percentiles, locks, text.
        // Foundation only; it knows nothing of the app.
        .target(name: "WorkbenchFoundation", dependencies: ["CPortableMath"]),
        // The app's platform-neutral logic: no wall clock, no global state.
        .target(name: "TrackerCore", dependencies: ["WorkbenchFoundation"]),
        // GNU GSL (libgsl-dev) with a header-only shim for the generator-type globals.
        .systemLibrary(name: "CGSL", providers: [.apt(["libgsl-dev"]), .brew(["gsl"])]),
        // libyaml's event API (Debian's libyaml-dev), for the scenario reader's shape guard: Yams
        // publishes no product for its bundled copy.
        .systemLibrary(name: "CLibYAML", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        // Seeded GSL price processes, their calibration, and synthetic markets built from them.
        .target(
            name: "PriceModels",
            dependencies: ["WorkbenchFoundation", "TrackerCore", "CGSL"]),
        // exp, log and pow with the same bits on every x86-64 CPU (glibc's baseline algorithms, header-only).
        .target(name: "CPortableMath"),
        // What every shell of the app shares: the host (AppHost: the app built from a run's config,
        // its effects executed, the user's actions played), the run's configuration, the event
        // queue, and the observers that measure a run (events, metrics, results). No market.
        .target(
            name: "AppHosting",
            dependencies: ["WorkbenchFoundation", "TrackerCore", "WorkbenchMetrics", "CGSL"]),
        // The deterministic simulation: the simulated CoinGecko and its market, and the virtual
        // clock that runs the app's host against them.
        .target(
            name: "Simulation",
            dependencies: [
                "WorkbenchFoundation", "TrackerCore", "PriceModels", "Datasets", "WorkbenchMetrics",
                "AppHosting",
            ]),
        // A metric's stable name, value and unit: shared by the simulator, reports and the CLI.
        .target(name: "WorkbenchMetrics"),
        // YAML scenarios: schema, located validation, resolution to a run config, expectations.
        .target(
            name: "Scenarios",
            dependencies: [
                "WorkbenchFoundation", "TrackerCore", "PriceModels", "Simulation", "Datasets", "CLibYAML",
                "WorkbenchMetrics", "AppHosting", .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Running scenarios in process: load (read once, hashed), run with a seed, report input.
        .target(
            name: "Runs",
            dependencies: [
                "WorkbenchFoundation", "TrackerCore", "Datasets", "Scenarios", "Simulation", "Reports",
                "WorkbenchMetrics", "AppHosting",
            ]),
        // Run results as JSON, Markdown and self-contained HTML with inline SVG plots.
        // Sweeps: plan, durable cells in a SQLite database, resume, shards and merge, summaries by SQL.
        .target(
            name: "Sweeps",
            dependencies: [
                "WorkbenchFoundation", "TrackerCore", "Datasets", "WorkbenchMetrics", "Reports", "Runs",
                "Persistence",
            ]),
        // Fleets: a population of users drawn from seeded habits on one scenario, run and totalled.
        .target(
            name: "Fleets",
            dependencies: [
                "WorkbenchFoundation", "PriceModels", "TrackerCore", "Scenarios", "Simulation", "Runs",
                "Reports", "AppHosting",
            ]),
        // `workbench record`: listed requests through CoinGeckoClient and its limiter, kept as a dataset.
        .target(name: "Recording", dependencies: ["WorkbenchFoundation", "TrackerCore", "Datasets"]),
        // Reports read their own result model (ReportResult), never the simulator's types.
        .target(name: "Reports", dependencies: ["WorkbenchFoundation", "TrackerCore", "WorkbenchMetrics"]),
        // The recorded CoinGecko datasets: manifest, checksums, inspection.
        .target(name: "Datasets", dependencies: ["WorkbenchFoundation", "TrackerCore"]),
        // SQLite stores (watchlist, portfolio, chart cache, run history) through GRDB on the
        // system libsqlite3 (libsqlite3-dev).
        .target(
            name: "Persistence",
            dependencies: [
                "WorkbenchFoundation", "TrackerCore", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // One HTTP GET through libcurl, loaded with dlopen when the first request is sent.
        .target(name: "CCurl"),
        // The live shell: the libcurl transport and the wall clock.
        .target(name: "LiveHTTP", dependencies: ["TrackerCore", "CCurl"]),
        // `workbench live`: the app's host (AppHost) on the wall clock against a real API,
        // measured by the same observers as a simulated run; it never imports the market.
        .target(
            name: "Live",
            dependencies: ["WorkbenchFoundation", "TrackerCore", "AppHosting"]),
        // The command-line shell: wiring, files, wall clock, terminal output.
        .executableTarget(
            name: "workbench",
            dependencies: [
                "WorkbenchFoundation", "TrackerCore",
                "Datasets",
                "Persistence",
                "LiveHTTP",
                "Live",
                "PriceModels",
                "Simulation",
                "AppHosting",
                "Scenarios",
                "Reports",
                "Runs",
                "WorkbenchMetrics",
                "Sweeps",
                "Fleets",
                "Recording",
                "CommandLineShell",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The release link's order of functions (releaseLinking): not a source, not a resource.
            exclude: ["Linking"],
            // The release binary carries the Swift runtime and Foundation instead of loading
            // them: 5 MB less resident memory (relocated library pages), the same results
            // (docs/DESIGN.md, "A statically linked release binary"). Debug builds link them shared.
            // Linux only: Apple platforms do not support `-static-stdlib` (issue 57).
            swiftSettings: [
                .unsafeFlags(staticStdlib, .when(platforms: [.linux], configuration: .release))
            ],
            linkerSettings: [
                .unsafeFlags(releaseLinking, .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // What both executables share: errors and exit codes, number options.
        .target(
            name: "CommandLineShell",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // Fuzz targets (scripts/fuzz.sh builds BitpalFuzz with libFuzzer; FuzzCorpusTests replays).
        .target(
            name: "FuzzTargets",
            dependencies: ["WorkbenchFoundation", "TrackerCore", "Datasets", "Scenarios"]),
        .executableTarget(name: "BitpalFuzz", dependencies: ["FuzzTargets"]),

        // Shared test helpers: fixture and peer-vector loading, seeded generators.
        .target(
            name: "TestSupport",
            dependencies: ["WorkbenchFoundation", "TrackerCore", "CommandLineShell", "CGSL"],
            path: "Tests/TestSupport"),
        .testTarget(name: "WorkbenchFoundationTests", dependencies: ["WorkbenchFoundation", "TestSupport"]),
        .testTarget(
            name: "TrackerCoreTests", dependencies: ["WorkbenchFoundation", "TrackerCore", "TestSupport"]),
        .testTarget(name: "DatasetsTests", dependencies: ["WorkbenchFoundation", "Datasets", "TestSupport"]),
        .testTarget(name: "FuzzCorpusTests", dependencies: ["FuzzTargets", "TestSupport"]),
        .testTarget(name: "CGSLTests", dependencies: ["CGSL"]),
        .testTarget(
            name: "PriceModelsTests",
            dependencies: ["WorkbenchFoundation", "PriceModels", "Datasets", "TestSupport"]),
        .testTarget(
            name: "PersistenceTests",
            dependencies: [
                "WorkbenchFoundation", "Persistence", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "SimulationTests",
            dependencies: [
                "WorkbenchFoundation", "AppHosting", "Simulation", "Live", "WorkbenchMetrics", "TestSupport",
            ]),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "AppHosting", "TestSupport"]),
        .testTarget(
            name: "ReportsTests",
            dependencies: [
                "WorkbenchFoundation", "Reports", "Runs", "Scenarios", "WorkbenchMetrics", "TestSupport",
            ]),
        .testTarget(name: "LiveHTTPTests", dependencies: ["LiveHTTP", "Live", "TestSupport"]),
        .testTarget(name: "RecordingTests", dependencies: ["Recording", "Datasets", "TestSupport"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "workbench", "TrackerCore", "LiveHTTP", "Persistence", "Sweeps", "TestSupport",
                "CommandLineShell", "Fleets", "Scenarios",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

let sections = SwiftSetting.unsafeFlags(functionSections, .when(platforms: [.linux], configuration: .release))
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [sections]
}
