/// Measures wall-clock time of parts of a run, apart from the deterministic result.
///
/// The simulation never reads a clock (DESIGN.md); the CLI passes a timer that does, and writes
/// what it measured to `timings.json`, never to `result.json`.
public protocol WallTimer: Sendable {
    /// Runs `body` and adds its wall-clock duration under `label`.
    ///
    /// - Parameters:
    ///   - label: What is measured (`downsampling`).
    ///   - body: The work.
    func measure(_ label: String, _ body: () -> Void)
}
