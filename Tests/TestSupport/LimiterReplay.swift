import TrackerCore

/// Replays a schedule of requests through a rate limiter on virtual time, as an event loop does:
/// a caller asks at its time; if its slot is now it sends at once, otherwise it wakes at the slot
/// and sends then (after ``RateLimiter/recheck(at:)``, waiting again if a backoff began). Callers asking at the same time are concurrent: each asks before any of the
/// waiting ones wakes. Events at equal times run in scheduling order.
public enum LimiterReplay {
    /// One send, with the status the replayed server answered.
    public struct Send: Equatable, Sendable {
        /// When the request went out.
        public var time: Int64
        /// Index of the ask in the schedule.
        public var ask: Int
    }

    /// Replays `asks` and returns the sends in time order.
    ///
    /// - Parameters:
    ///   - asks: Times at which callers ask, ascending (equal times are concurrent callers).
    ///   - limiter: The limiter; updated in place.
    ///   - status: The status the server answers a send with (for backoff), by send index.
    ///   - retryAfterMilliseconds: The `Retry-After` of a 429.
    public static func run(
        _ asks: [Int64],
        through limiter: inout RateLimiter,
        status: (Int) -> Int = { _ in 200 },
        retryAfterMilliseconds: Int64? = nil
    ) -> [Send] {
        var nextAsk = 0
        // Waiting callers as (wake time, sequence, ask), sorted descending so the next is last.
        var waiting: [(time: Int64, sequence: Int, ask: Int)] = []
        var sequence = asks.count
        var sends: [Send] = []
        func wait(until time: Int64, ask: Int) {
            let index = waiting.firstIndex { ($0.time, $0.sequence) < (time, sequence) } ?? waiting.count
            waiting.insert((time, sequence, ask), at: index)
            sequence += 1
        }
        while nextAsk < asks.count || !waiting.isEmpty {
            let sendTime: Int64
            let ask: Int
            // Asks were scheduled before any wake, so they go first at equal times.
            if nextAsk < asks.count, waiting.last.map({ asks[nextAsk] <= $0.time }) ?? true {
                ask = nextAsk
                nextAsk += 1
                let slot = limiter.slot(askedAt: asks[ask])
                guard slot == asks[ask] else {
                    wait(until: slot, ask: ask)
                    continue
                }
                sendTime = slot
            } else {
                let wake = waiting.removeLast()
                if let later = limiter.recheck(at: wake.time) {
                    wait(until: later, ask: wake.ask)
                    continue
                }
                (sendTime, ask) = (wake.time, wake.ask)
            }
            limiter.recordSend(at: sendTime)
            let answer = status(sends.count)
            sends.append(Send(time: sendTime, ask: ask))
            limiter.recordResponse(
                status: answer,
                retryAfterMilliseconds: answer == 429 ? retryAfterMilliseconds : nil,
                at: sendTime
            )
        }
        return sends
    }

    /// The send times alone, ascending.
    public static func sendTimes(_ asks: [Int64], through limiter: inout RateLimiter) -> [Int64] {
        run(asks, through: &limiter).map(\.time).sorted()
    }
}
