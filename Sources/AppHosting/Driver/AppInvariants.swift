import TrackerCore

/// The statements that must hold after every input of a run, whatever the inputs: the app's own
/// (``TrackerApp/invariantViolations()``) and those of the events it emitted, checked by
/// ``AppHost`` after every input when asked (tests, CI's sweeps, `--check-invariants`). The
/// simulated server's and a fleet's shared admission's are checked after every request
/// (``SimulatedServer/invariantViolations(at:)``). Each names the bug it would catch; the list
/// is in docs/simulation.md ("Invariants").
struct AppInvariants {
    /// The last input's time.
    private var lastTime = Int64.min
    /// Requests sent and not yet answered.
    private var inFlight: Set<Int> = []
    /// Requests given up while they waited (never to be sent).
    private var givenUp: Set<Int> = []
    /// Each cache's lookups so far, and which of them missed.
    private var lookups: [AppCache: (count: Int, misses: Set<Int>)] = [:]
    /// What broke since the last check.
    private var broken: [String] = []
    /// CoinGecko's longest OHLC candle (4 days, for 31 days and beyond).
    static let longestCandle: Int64 = 4 * 86_400_000

    /// Checks one event as the app emits it.
    ///
    /// - Parameters:
    ///   - event: What happened.
    ///   - now: When.
    mutating func observe(_ event: RunEvent, at now: Int64) {
        switch event {
        case .requestSent(let id, let askedAt, _, _, _):
            // A request leaves once, after it was asked for, and never after it was given up.
            if !inFlight.insert(id).inserted { broken.append("request \(id) was sent twice") }
            if givenUp.contains(id) { broken.append("request \(id) was sent after it was given up") }
            if askedAt > now { broken.append("request \(id) was sent before it was asked for") }
        case .requestGivenUp(let id, _, _):
            if inFlight.contains(id) { broken.append("request \(id) was given up after it was sent") }
            givenUp.insert(id)
        case .answered(let id, _, _):
            // An answer reaches the app once, for a request that left (a shell's delivery bug).
            if inFlight.remove(id) == nil { broken.append("request \(id) was answered but not in flight") }
        case .cacheLookup(let cache, _, _, _, let hit):
            var trace = lookups[cache, default: (0, [])]
            if !hit { trace.misses.insert(trace.count) }
            trace.count += 1
            lookups[cache] = trace
        case .cacheStored(let cache, let lookup, _):
            // A store answers a lookup that missed: the optimum's trace would be wrong otherwise.
            if lookups[cache]?.misses.contains(lookup) != true {
                broken.append("the \(cache.rawValue) cache stored for lookup \(lookup), which did not miss")
            }
        case .chartPrepared(let key, let fetched, let kept, let drawn, _, let loss):
            // Filtering and downsampling only take points away; a loss is a share.
            if kept > fetched || drawn > kept {
                broken.append("\(key.name) drew \(drawn) of \(kept) kept of \(fetched) fetched")
            }
            if !(0...1).contains(loss) { broken.append("\(key.name)'s fidelity loss \(loss) is not a share") }
        case .screenShown(let screen, let items):
            // What a screen shows came from answers already received: nothing from the future,
            // except a candle chart's last candle, stamped with the close time of a candle still
            // forming (datasets/coingecko/MANIFEST.md): at most the longest candle, 4 days, ahead.
            let candles =
                screen == .coin && items.first?.key.hasSuffix("-\(ChartType.candle.rawValue)") == true
            let future = items.first { item in
                let ahead = candles ? Self.longestCandle : 0
                return (item.dataTime ?? .min) > now + ahead
            }
            if let item = future { broken.append("the screen shows \(item.key) with data from after now") }
        default: break
        }
    }

    /// Checks the app's state after an input and returns what broke since the last check.
    ///
    /// - Parameters:
    ///   - app: The app after the input.
    ///   - now: The input's time.
    /// - Returns: What is broken, in words; empty when all holds.
    mutating func check(_ app: TrackerApp, at now: Int64) -> [String] {
        // Time never runs backwards between inputs (a shell's clock bug).
        if now < lastTime { broken.append("time ran backwards from \(lastTime) to \(now)") }
        lastTime = now
        broken += app.invariantViolations()
        defer { broken.removeAll() }
        return broken
    }
}
