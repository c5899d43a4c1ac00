import Foundation
import Simulation
import Synchronization

/// Progress of a long run on standard error: a bar with ETA on a terminal, plain lines every
/// 10 % otherwise, nothing for runs under a second or with `--quiet`.
final class ProgressReporter: Sendable {
    private struct State {
        var lastDecile = 0
        var shown = false
    }

    private let label: String
    private let quiet: Bool
    private let interactive: Bool
    private let started = ContinuousClock.now
    private let state = Mutex(State())

    init(label: String, quiet: Bool) {
        self.label = label
        self.quiet = quiet
        self.interactive = isatty(FileHandle.standardError.fileDescriptor) == 1
    }

    /// Reports a fraction done (0...1).
    func update(_ fraction: Double) {
        guard !quiet else { return }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        guard seconds >= 1 || (fraction >= 1 && state.withLock { $0.shown }) else { return }
        let line: String? = state.withLock { state in
            state.shown = true
            if interactive {
                let filled = Int(fraction * 30)
                let eta = fraction > 0 ? seconds / fraction - seconds : 0
                let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
                return "\r\(label) [\(bar)] \(Int(fraction * 100))% ETA \(Int(eta.rounded())) s"
                    + (fraction >= 1 ? "\n" : "")
            }
            let decile = Int(fraction * 10)
            guard decile > state.lastDecile else { return nil }
            state.lastDecile = decile
            return "\(label): \(decile * 10)% after \(String(format: "%.1f", seconds)) s\n"
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }
}

/// The CLI's wall timer: sums durations per label, for `timings.json`.
final class SummingTimer: WallTimer, Sendable {
    private let totals = Mutex([String: (seconds: Double, calls: Int)]())

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
