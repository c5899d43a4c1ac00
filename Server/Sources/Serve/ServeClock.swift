/// The served API's simulated time. With ``Mode/wall`` it runs from the scenario's start at
/// `speed` times real time; with ``Mode/manual`` it moves only when told (the admin API), so a UI
/// test sees exactly the times it sets.
public struct ServeClock: Sendable, Equatable {
    /// How simulated time moves.
    public enum Mode: String, Sendable, CaseIterable {
        /// With real time, times `speed`.
        case wall
        /// Only through ``set(_:realSeconds:)`` and ``advance(by:realSeconds:)``.
        case manual
    }

    /// How time moves.
    public let mode: Mode
    /// Simulated seconds per real second (wall mode).
    public let speed: Double
    private var anchorSimulated: Int64
    private var anchorReal: Double

    /// Creates a clock at a simulated time.
    ///
    /// - Parameters:
    ///   - mode: Wall or manual.
    ///   - start: The simulated time now, epoch ms.
    ///   - speed: Simulated seconds per real second, above 0 (wall mode).
    ///   - realSeconds: The real time now, in seconds of any monotonic clock.
    public init(mode: Mode, start: Int64, speed: Double = 1, realSeconds: Double) {
        self.mode = mode
        self.speed = speed
        anchorSimulated = start
        anchorReal = realSeconds
    }

    /// The simulated time at a real time (arithmetic on the injected real seconds; this type
    /// never reads a clock).
    public func simulatedTime(atRealSeconds realSeconds: Double) -> Int64 {
        guard mode == .wall else { return anchorSimulated }
        let elapsed = max(0, realSeconds - anchorReal) * speed * 1000
        return anchorSimulated + Int64(min(elapsed, 1e15).rounded(.down))
    }

    /// Sets the simulated time.
    public mutating func set(_ time: Int64, realSeconds: Double) {
        anchorSimulated = time
        anchorReal = realSeconds
    }

    /// Moves the simulated time forward.
    public mutating func advance(by milliseconds: Int64, realSeconds: Double) {
        set(simulatedTime(atRealSeconds: realSeconds) + milliseconds, realSeconds: realSeconds)
    }
}
