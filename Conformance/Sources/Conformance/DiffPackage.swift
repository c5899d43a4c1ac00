import Foundation

/// The scratch package `conformance diff` builds: the app's extracted files (patched) and the
/// harness's app side in `BitpalApp`, the shared cases in `ConformanceCases`, and the runner
/// beside TrackerCore (the workbench, by path). Files are rewritten only when they change, and
/// files of an earlier run removed, so a second run builds incrementally.
public struct DiffPackage {
    /// The package's folder.
    public let folder: URL
    /// The workbench's checkout (holding `Package.swift` and `Conformance/Harness`).
    public let workbench: URL

    /// A package in a folder.
    public init(folder: URL, workbench: URL) { (self.folder, self.workbench) = (folder, workbench) }

    /// The harness's folder.
    var harness: URL { workbench.appendingPathComponent("Conformance/Harness") }

    /// Writes the package: the extracted app files (path under the app's folder → text), the
    /// rules included.
    public func write(appFiles: [String: String], rules: [DiffRule]) throws(ConformanceError) {
        var files: [String: String] = ["Package.swift": manifest]
        let screens = rules.filter(\.isBehaviour)
        for (path, text) in appFiles {
            // A behaviour rule's app files build in a module of their own with the real services
            // (the pure rules stand some of them in); a file both kinds need goes to both.
            let behaviourOnly =
                !rules.contains { !$0.isBehaviour && $0.files.contains(path) }
                && screens.contains { $0.files.contains(path) }
            let place = DiffRule.scratchPath(of: path)
            if !behaviourOnly {
                files["Sources/BitpalApp/App/\(place)"] = text
            }
            if screens.contains(where: { $0.files.contains(path) }) {
                files["Sources/BitpalScreens/App/\(place)"] = text
            }
        }
        if !screens.isEmpty {
            try copy(
                harness.appendingPathComponent("Screens"), to: "Sources/BitpalScreens/Harness/Screens",
                into: &files)
            let logger = harness.appendingPathComponent("AppSide/Shared/LoggerStub.swift")
            files["Sources/BitpalScreens/Harness/Screens/LoggerStub.swift"] = try? String(
                contentsOf: logger, encoding: .utf8)
        }
        try copy(harness.appendingPathComponent("Cases"), to: "Sources/ConformanceCases", into: &files)
        try copy(harness.appendingPathComponent("Runner"), to: "Sources/conformance-runner", into: &files)
        try copy(
            harness.appendingPathComponent("AppSide/Shared"), to: "Sources/BitpalApp/Harness/Shared",
            into: &files)
        for rule in rules {
            for folder in rule.appSides.isEmpty ? [rule.name] : rule.appSides {
                try copy(
                    harness.appendingPathComponent("AppSide/\(folder)"),
                    to: "Sources/\(rule.isBehaviour ? "BitpalScreens" : "BitpalApp")/Harness/\(folder)",
                    into: &files)
            }
        }
        // Empty modules still build: each has at least this file.
        files["Sources/BitpalApp/Module.swift"] = "// The pure rules' app code (conformance diff).\n"
        files["Sources/BitpalScreens/Module.swift"] = "// The behaviour rules' app code (conformance diff).\n"

        files["Sources/conformance-runner/IncludedRules.swift"] = includedRules(rules)
        try sync(files)
    }

    /// The runner's list of app sides, for the rules included.
    func includedRules(_ rules: [DiffRule]) -> String {
        let names = Set(rules.map(\.name))
        let screens = rules.filter(\.isBehaviour)
        func side(_ rule: String, _ field: String, _ call: String) -> String {
            "\(field): \(names.contains(rule) ? call : "nil")"
        }
        return """
            // Written by `workbench conformance diff`: the rules whose app code was extracted.
            import BitpalApp
            import BitpalScreens

            extension AppSides {
                /// The rules included in this build.
                static let included = AppSides(
                    \(side("line-chart", "lineChart", "LineChartApp.run")),
                    \(side("candle-chart", "candleChart", "CandleChartApp.run")),
                    \(side("chart-cache", "chartCache", "ChartCacheApp.run")),
                    \(side("search-ranking", "searchRanking", "SearchRankingApp.run")),
                    \(side("rate-limiter", "rateLimiter", "RateLimiterApp.run")),
                    \(side("portfolio-ledger", "ledger", "LedgerApp.run")),
                    \(side("watchlist-screen", "watchlistScreen", "{ await WatchlistScreenApp.run($0, network: $1) }")),
                    \(side("coin-screen", "coinScreen", "{ await CoinScreenApp.run($0, network: $1) }")),
                    \(side("portfolio-tab", "portfolioTab", "{ await PortfolioTabApp.run($0, network: $1) }")),
                    \(side("search-sheet", "searchSheet", "{ await SearchSheetApp.run($0, network: $1) }")),
                    \(side("add-transaction", "addTransaction", "{ await AddTransactionApp.run($0, network: $1) }")),
                    \(side("widget", "widget", "{ await WidgetApp.run($0, network: $1) }")),
                    prepareScreens: \(screens.isEmpty ? "nil" : "ScreenRules.prepare"))
            }

            """
    }

    var manifest: String {
        """
        // swift-tools-version: 6.1
        // Written by `workbench conformance diff`: the app's code extracted beside TrackerCore.
        import PackageDescription

        let package = Package(
            name: "ConformanceDiff",
            dependencies: [.package(name: "BitpalWorkbench", path: \(String(reflecting: workbench.path)))],
            targets: [
                .target(name: "ConformanceCases", path: "Sources/ConformanceCases"),
                .target(
                    name: "BitpalApp", dependencies: ["ConformanceCases"], path: "Sources/BitpalApp",
                    swiftSettings: [.swiftLanguageMode(.v5)]),
                .target(
                    name: "BitpalScreens", dependencies: ["ConformanceCases"], path: "Sources/BitpalScreens",
                    swiftSettings: [.swiftLanguageMode(.v5)]),
                .executableTarget(
                    name: "conformance-runner",
                    dependencies: [
                        "ConformanceCases", "BitpalApp", "BitpalScreens",
                        .product(name: "TrackerCore", package: "BitpalWorkbench"),
                        .product(name: "WorkbenchFoundation", package: "BitpalWorkbench"),
                        .product(name: "PriceModels", package: "BitpalWorkbench"),
                        .product(name: "Simulation", package: "BitpalWorkbench"),
                        .product(name: "AppHosting", package: "BitpalWorkbench"),
                        .product(name: "Scenarios", package: "BitpalWorkbench"),
                    ],
                    path: "Sources/conformance-runner"),
            ]
        )

        """
    }

    private func copy(_ source: URL, to destination: String, into files: inout [String: String])
        throws(ConformanceError)
    {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: source.path).filter {
                $0.hasSuffix(".swift")
            }
        } catch {
            throw ConformanceError("the harness is missing \(source.path): \(error.localizedDescription)")
        }
        for name in names {
            guard let text = try? String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
            else {
                throw ConformanceError(
                    "cannot read the harness's \(source.appendingPathComponent(name).path)")
            }
            files["\(destination)/\(name)"] = text
        }
    }

    /// Makes the folder hold exactly these files (under `Sources/` and the manifest).
    private func sync(_ files: [String: String]) throws(ConformanceError) {
        let manager = FileManager.default
        do {
            let sources = folder.appendingPathComponent("Sources")
            if let walker = manager.enumerator(atPath: sources.path) {
                for case let path as String in walker
                where path.hasSuffix(".swift") && files["Sources/\(path)"] == nil {
                    try manager.removeItem(at: sources.appendingPathComponent(path))
                }
            }
            for (path, text) in files {
                let url = folder.appendingPathComponent(path)
                if (try? String(contentsOf: url, encoding: .utf8)) == text { continue }
                try manager.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
        } catch {
            throw ConformanceError(
                "cannot write the scratch package in \(folder.path): \(error.localizedDescription)")
        }
    }
}
