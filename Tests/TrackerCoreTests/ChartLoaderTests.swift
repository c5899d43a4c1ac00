import Testing
import TrackerCore

/// A chart load through the chart cache, on a hand-worked trace.
@Suite("The chart loader as a machine")
struct ChartLoaderTests {
    static let series = ChartCache.Payload.line(TimeSeries(timestamps: [0, 1], values: [1, 2]))

    @Test("a miss requests the range's days; the stored chart is drawn while fresh, also at exactly its TTL")
    func freshAndRequest() {
        var loader = ChartLoader(
            cache: ChartCache(profile: .bitpal, capacity: .max, freshAtTTL: true), staleIfError: false,
            requests: CoinGeckoRequests())
        #expect(loader.resolvedRange(.oneWeek, for: .candle) == .oneWeek)
        let (first, hit) = loader.load(coinId: "bitcoin", type: .line, range: .oneDay, at: 0)
        guard case .request(let request) = first else {
            Issue.record("expected a request, got \(first)")
            return
        }
        #expect(!hit && request.path == "/coins/bitcoin/market_chart" && request.queryValue("days") == "1")
        loader.store(Self.series, coinId: "bitcoin", type: .line, range: .oneDay, at: 1_000)
        // The app's 1D TTL is 300 s: fresh at 301 s after the store, not a millisecond later.
        let (atTTL, fresh) = loader.load(coinId: "bitcoin", type: .line, range: .oneDay, at: 301_000)
        #expect(fresh)
        if case .draw = atTTL {} else { Issue.record("expected a draw at the TTL") }
        #expect(!loader.load(coinId: "bitcoin", type: .line, range: .oneDay, at: 301_001).hit)
        // The app draws nothing new after a failure; stale-if-error draws the expired entry.
        if case .failed = loader.failed(coinId: "bitcoin", type: .line, range: .oneDay, at: 302_000) {
        } else {
            Issue.record("the app's loader has no stale-if-error")
        }
        var spec = ChartLoader(
            cache: ChartCache(profile: .bitpal), staleIfError: true, requests: CoinGeckoRequests())
        spec.store(Self.series, coinId: "bitcoin", type: .line, range: .oneDay, at: 0)
        guard
            case .drawStale(_, let age) = spec.failed(
                coinId: "bitcoin", type: .line, range: .oneDay, at: 400_000)
        else {
            Issue.record("expected the expired entry")
            return
        }
        #expect(age == 400_000)
    }
}
