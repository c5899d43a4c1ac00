import Testing
import TrackerCore

/// The typed failure and cache names keep the metric names `result.json` promises
/// (`failures.<source>.<kind>`, `cache.<name>.*`).
@Suite("Failure and cache names: typed, with their stable metric names")
struct AppFailureTests {
    @Test("each failure kind has its stable name")
    func kindNames() {
        let names: [(FailureKind, String)] = [
            (.unknownCoin, "unknown_coin"), (.rateLimited, "rate_limited"), (.httpStatus(503), "http_503"),
            (.timeout, "timeout"), (.transport, "transport"), (.decoding, "decoding"), (.offline, "offline"),
            (.nullPrice, "null_price"), (.duplicateIds, "duplicate_ids"), (.refusedAdd, "refused_add"),
            (.refusedRemove, "refused_remove"), (.refusedTrade, "refused"), (.notInResults, "not_in_results"),
        ]
        for (kind, name) in names { #expect(kind.description == name) }
        #expect(Set(names.map(\.1)).count == names.count)
    }

    @Test("a client error's kind maps to its failure kind; a timeout is not a transport failure")
    func fromClientErrors() {
        #expect(FailureKind(.unknownCoin(id: "nope")) == .unknownCoin)
        #expect(
            FailureKind(.rateLimited(retryAfterMilliseconds: 5_000, body: .init(format: .json)))
                == .rateLimited)
        #expect(FailureKind(.httpStatus(500, body: .init(format: .html))) == .httpStatus(500))
        #expect(FailureKind(.transport(.timedOut(afterMilliseconds: 10_000))) == .timeout)
        #expect(FailureKind(.transport(.connectionFailed("refused"))) == .transport)
    }

    @Test("sources and caches keep their names; a coin screen's market data counts under detail")
    func sourceNames() {
        #expect(
            FailureSource.allCases.map(\.rawValue) == [
                "watchlist", "portfolio", "search", "detail", "chart", "widget", "user",
            ])
        #expect(
            FailureKind.inBackground(verb: "pull-to-refresh").description == "pull_to_refresh_in_background")
        #expect(FailureKind.cancelled.description == "cancelled")
        #expect(FailureSource(.coin) == .detail)
        #expect(FailureSource(.portfolio) == .portfolio)
        #expect(AppCache.allCases.map(\.rawValue) == ["market", "chart", "http"])
    }
}
