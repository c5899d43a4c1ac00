import TrackerCore
import WorkbenchFoundation

/// When iOS ends the app while it is suspended in the background (`user.termination`), making the
/// next open a cold launch (``UserAction/terminated``).
///
/// Apple documents no schedule: "the system may purge suspended apps at any time to free up
/// memory" (UIKit, "Managing your app's life cycle"), so it depends on the phone and on what else
/// runs. The workbench does not invent one: by default no app is ended, and a scenario sets a
/// horizon (`after`: ended once that long in the background), a rate (`per_hour`: a seeded
/// chance per hour in the background, from the run's `termination` stream), or both (whichever
/// comes first).
public struct TerminationRule: Sendable, Equatable {
    /// Ended after this long in the background, ms; nil for no horizon.
    public var afterMilliseconds: Int64?
    /// The chance per hour in the background; 0 for none.
    public var perHour: Double

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - afterMilliseconds: The horizon, if any.
    ///   - perHour: The hourly rate, >= 0.
    public init(afterMilliseconds: Int64? = nil, perHour: Double = 0) {
        self.afterMilliseconds = afterMilliseconds
        self.perHour = perHour
    }

    /// Whether the rule ever ends the app.
    public var endsApps: Bool { afterMilliseconds != nil || perHour > 0 }

    /// When an app sent to the background at `time` is ended, unless it comes back first; nil
    /// for never. The rate's draw comes from `generator` (no draw without a rate).
    ///
    /// - Parameters:
    ///   - time: When it went to the background.
    ///   - generator: The run's termination stream.
    public func endTime(afterBackgroundAt time: Int64, generator: inout SplitMix64) -> Int64? {
        var end = afterMilliseconds.map { time + $0 }
        if perHour > 0 {
            let wait = -PortableMath.log1p(-generator.nextUnitInterval()) / perHour * 3_600_000
            let drawn = time + Int64(min(wait, 1e15))
            end = min(end ?? drawn, drawn)
        }
        return end
    }

    /// The rule as a scenario would write it, for the settings (`never`, `after 8h`,
    /// `0.1 an hour`).
    public var description: String {
        var parts: [String] = []
        if let afterMilliseconds {
            parts.append("after \(DurationText.text(milliseconds: afterMilliseconds))")
        }
        if perHour > 0 { parts.append("\(perHour) an hour") }
        return parts.isEmpty ? "never" : parts.joined(separator: " or ") + " in the background"
    }
}
