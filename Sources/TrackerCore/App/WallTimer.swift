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

    /// Adds `bytes` under `label` (the JSON a run moves, against which its time is read).
    ///
    /// - Parameters:
    ///   - label: What is counted (`app_received`).
    ///   - bytes: How many bytes one more item has.
    func count(_ label: String, bytes: Int)
}

extension WallTimer {
    /// Counts nothing: a timer that only measures time.
    public func count(_ label: String, bytes: Int) {}
}
