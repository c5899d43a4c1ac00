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

    /// What the runner did, in order: fetches (start, end) and the waits it asked for.
    enum Event: Equatable, Sendable {
        case fetch(start: Int64, end: Int64)
        case sleep(until: Int64)
    }

    /// The wall clock, recording every wait the runner asks of it.
    struct RecordingClock: SchedulingClock {
        let wall = WallClock()
        let log: EventLog

        func currentTime() -> Int64 { wall.currentTime() }

        func sleep(until deadline: Int64) async throws {
            log.events.withLock { $0.append(.sleep(until: deadline)) }
            try await wall.sleep(until: deadline)
        }
    }

    final class EventLog: Sendable {
        let events = Mutex<[Event]>([])
    }

    @Test("fetch-then-sleep: a load, an immediate first fetch, then a sleep of the interval after each fetch")
    func fetchThenSleep() async {
        // The order of fetches and waits is asserted, not wall-clock gaps: a loaded machine can
        // delay any wake-up, but not reorder what the runner asks for.
        let log = EventLog()
        let clock = RecordingClock(log: log)
        let wall = WallClock()
        let runner = PriceLoopRunner(
            loop: PriceRefreshLoop(schedule: .fetchThenSleep, intervalMilliseconds: 40, loadsFirst: true),
            clock: clock)
        await runner.run(
            list: ["bitcoin"],
            fetch: { ids in
                let start = wall.currentTime()
                try? await wall.sleep(until: start + 10)
                log.events.withLock { $0.append(.fetch(start: start, end: wall.currentTime())) }
                return Set(ids)
            }, shouldStop: { $0 >= 5 })
        var events = log.events.withLock { $0 }
        // The wait after the last fetch may have begun before the runner was told to stop.
        if case .sleep = events.last { events.removeLast() }
        // The load, then the first fetch at once, then each later fetch after a wait of the
        // interval from the previous fetch's end; fetches never overlap.
        guard events.count == 8, case .fetch = events[0], case .fetch = events[1] else {
            Issue.record("expected fetch, fetch, then (sleep, fetch) x 3; got \(events)")
            return
        }
        for index in stride(from: 2, to: 8, by: 2) {
            guard case .fetch(_, let previousEnd) = events[index - 1],
                case .sleep(let deadline) = events[index],
                case .fetch(let start, _) = events[index + 1]
            else {
                Issue.record("expected sleep then fetch at \(index); got \(events)")
                return
            }
            #expect(deadline - previousEnd >= 40)
            #expect(start >= deadline)
        }
    }

    @Test("a failed load starts no loop: the runner ends after one fetch")
    func failedLoad() async {
        let count = Mutex(0)
        let runner = PriceLoopRunner(
            loop: PriceRefreshLoop(schedule: .fetchThenSleep, intervalMilliseconds: 10, loadsFirst: true),
            clock: WallClock())
        await runner.run(list: ["bitcoin"]) { _ in
            count.withLock { $0 += 1 }
            return nil
        }
        #expect(count.withLock { $0 } == 1)
    }

    @Test("the live loop asks for the coins the load returned, as the simulator does")
    func loopAsksForLoadedCoins() async {
        let asked = Mutex<[[String]]>([])
        let runner = PriceLoopRunner(
            loop: PriceRefreshLoop(schedule: .fetchThenSleep, intervalMilliseconds: 5, loadsFirst: true),
            clock: WallClock())
        await runner.run(
            list: ["bitcoin", "ethereum", "delisted"],
            fetch: { ids in
                asked.withLock { $0.append(ids) }
                return Set(ids).subtracting(["delisted"])
            }, shouldStop: { $0 >= 3 })
        let requests = asked.withLock { $0 }
        #expect(requests.first == ["bitcoin", "ethereum", "delisted"])
        #expect(requests.dropFirst().allSatisfy { $0 == ["bitcoin", "ethereum"] })
        #expect(requests.count >= 3)
    }
}
