import LiveHTTP
import Synchronization
import Testing
import TrackerCore

@Suite("The price loop's async shell runs the same machine on a real clock")
struct PriceLoopRunnerTests {
    /// Start and end times of each fetch, on the wall clock.
    final class FetchLog: Sendable {
        let spans = Mutex<[(start: Int64, end: Int64)]>([])
    }

    @Test("fetch-then-sleep: a load, an immediate first fetch, then a sleep of the interval after each fetch")
    func fetchThenSleep() async {
        let clock = WallClock()
        let log = FetchLog()
        let runner = PriceLoopRunner(
            loop: PriceRefreshLoop(schedule: .fetchThenSleep, intervalMilliseconds: 400, loadsFirst: true),
            clock: clock)
        await runner.run(
            fetch: {
                let start = clock.currentTime()
                try? await clock.sleep(until: start + 10)
                log.spans.withLock { $0.append((start, clock.currentTime())) }
                return true
            }, shouldStop: { $0 >= 5 })
        let spans = log.spans.withLock { $0 }
        #expect(spans.count == 5)
        // The loop's first fetch follows the load at once; every later one waits the interval
        // after the previous fetch ended, and fetches never overlap. (An interval of 400 ms keeps
        // "at once" apart from "after the interval" on a loaded machine.)
        #expect(spans[1].start - spans[0].end < 400)
        for (previous, next) in zip(spans.dropFirst(), spans.dropFirst(2)) {
            #expect(next.start - previous.end >= 400)
        }
    }

    @Test("a failed load starts no loop: the runner ends after one fetch")
    func failedLoad() async {
        let count = Mutex(0)
        let runner = PriceLoopRunner(
            loop: PriceRefreshLoop(schedule: .fetchThenSleep, intervalMilliseconds: 10, loadsFirst: true),
            clock: WallClock())
        await runner.run(fetch: {
            count.withLock { $0 += 1 }
            return false
        })
        #expect(count.withLock { $0 } == 1)
    }
}
