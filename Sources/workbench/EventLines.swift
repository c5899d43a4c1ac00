import AppHosting
import TrackerCore

/// The run's events as JSON Lines, gathered as the run reports them (`workbench run --events`).
final class EventLines {
    private let start: Int64
    private(set) var text = ""

    /// Creates an empty file's text for a run starting at `start` (epoch ms).
    init(start: Int64) { self.start = start }

    /// Adds the event's line, if it has one (``RunEvent/jsonLine(at:start:)``).
    func append(_ event: RunEvent, at time: Int64) {
        guard let line = event.jsonLine(at: time, start: start) else { return }
        // A compact document ends with its line break.
        text += line
    }
}
