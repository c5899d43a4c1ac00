import Foundation
import TestSupport
import Testing

@Suite("Determinism rules (DESIGN.md, Time and randomness)")
struct DeterminismRulesTests {
    /// What reads the wall clock or unseeded randomness.
    static let banned = [
        "Date()", "Date.now", "Int.random", "Double.random", ".random(in",
        "SystemRandomNumberGenerator",
        "arc4random", "ContinuousClock", "SuspendingClock", "DispatchTime.now", "clock_gettime",
        "gettimeofday",
    ]

    /// The shells allowed to read the wall clock: the CLI and the live transport's clock.
    static let shells = ["/Sources/workbench/", "/Sources/LiveHTTP/"]

    @Test("no wall clock or unseeded randomness in Sources outside the CLI and the live shell")
    func noWallClockOutsideTheCLI() throws {
        // The root package's sources and the server package's (Server/).
        var urls: [URL] = []
        for sources in ["Sources", "Server/Sources"].map(RepositoryFiles.root.appendingPathComponent) {
            let files = try #require(
                FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            for case let url as URL in files { urls.append(url) }
        }
        var checked = 0
        for url in urls where url.pathExtension == "swift" || url.pathExtension == "h" {
            if Self.shells.contains(where: url.path.contains) { continue }
            checked += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for pattern in Self.banned where line.contains(pattern) {
                    Issue.record("\(url.path):\(number + 1): uses \(pattern): \(line)")
                }
                // `.now` of a system clock; an injected `clock.now()` is fine.
                if line.range(of: #"\.now(?!\s*\()"#, options: .regularExpression) != nil {
                    Issue.record("\(url.path):\(number + 1): uses .now: \(line)")
                }
                // An implicit member `.now()` (`timeout: .now() + ...`) is a system clock's too;
                // an injected clock's is `clock.now()`, after a name.
                if line.range(of: #"(?<![A-Za-z0-9_)\]])\.now\s*\("#, options: .regularExpression) != nil {
                    Issue.record("\(url.path):\(number + 1): uses .now(): \(line)")
                }
            }
        }
        #expect(checked > 30)
    }
}
