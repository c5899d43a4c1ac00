import CommandLineShell
import Foundation
import TrackerCore
import WorkbenchFoundation

/// Progress of a long run on standard error: a bar with ETA on a terminal, plain lines every
/// 10 % otherwise, nothing for runs under a second or with `--quiet`.
final class ProgressReporter: Sendable {
    private struct State {
        var lastDecile = 0
        var shown = false
        /// Items already done at the first report (a resumed sweep's cells): not in the rate.
        var baseline: Int?
    }

    private let label: String
    private let quiet: Bool
    private let interactive: Bool
    private let started = ContinuousClock.now
    private let state = Locked(State())

    init(label: String, quiet: Bool) {
        self.label = label
        self.quiet = quiet
        self.interactive = isatty(FileHandle.standardError.fileDescriptor) == 1
    }

    /// Reports a fraction done (0...1).
    func update(_ fraction: Double) {
        report(fraction) { _, eta in "ETA \(Int(eta.rounded())) s" }
    }

    /// Reports items done out of a total, with their rate and the time left: a sweep's cells, a
    /// fleet's users.
    func update(done: Int, total: Int, unit: String = "cells") {
        let baseline = state.withLock { state in
            if state.baseline == nil { state.baseline = done }
            return state.baseline!
        }
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        report(fraction) { seconds, _ in
            let rate = Double(done - baseline) / max(seconds, 1e-9)
            let eta = rate > 0 ? Double(total - done) / rate : 0
            return
                "\(done)/\(total) \(unit), \(String(format: "%.1f", rate)) \(unit)/s, ETA \(Int(eta.rounded())) s"
        }
    }

    /// Writes a progress line: an updating bar on a terminal, a line per tenth otherwise; the
    /// share done is written once, before `detail` (which must not repeat it).
    private func report(_ fraction: Double, detail: (_ seconds: Double, _ eta: Double) -> String) {
        guard !quiet else { return }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        guard seconds >= 1 || (fraction >= 1 && state.withLock { $0.shown }) else { return }
        let eta = fraction > 0 ? seconds / fraction - seconds : 0
        let line: String? = state.withLock { state in
            state.shown = true
            if interactive {
                let filled = Int(fraction * 30)
                let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
                return "\r\(label) [\(bar)] \(Int(fraction * 100))% \(detail(seconds, eta))\u{1B}[K"
                    + (fraction >= 1 ? "\n" : "")
            }
            let decile = Int(fraction * 10)
            guard decile > state.lastDecile else { return nil }
            state.lastDecile = decile
            return
                "\(label): \(decile * 10)% after \(String(format: "%.1f", seconds)) s, \(detail(seconds, eta))\n"
        }
        if let line { StandardStreams.error(line) }
    }
}

/// The CLI's wall timer: sums durations and byte counts per label, for `timings.json`.
final class SummingTimer: WallTimer, Sendable {
    private let totals = Locked([String: (seconds: Double, calls: Int)]())
    private let counts = Locked([String: (bytes: Int, items: Int)]())

    func count(_ label: String, bytes: Int) {
        counts.withLock {
            let entry = $0[label, default: (0, 0)]
            $0[label] = (entry.bytes + bytes, entry.items + 1)
        }
    }

    var countSnapshot: [String: (bytes: Int, items: Int)] { counts.withLock { $0 } }

    func measure(_ label: String, _ body: () -> Void) {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        totals.withLock {
            $0[label, default: (0, 0)] = (
                $0[label, default: (0, 0)].seconds + seconds, $0[label, default: (0, 0)].calls + 1
            )
        }
    }

    var snapshot: [String: (seconds: Double, calls: Int)] { totals.withLock { $0 } }
}
