import AppHosting
import Scenarios
import Testing
import TrackerCore

/// A short query over CoinGecko's whole coin list (issue 67, items 6 and 10). The app puts every
/// match into one `/coins/markets` URL (Pointwelve/Bitpal-iOS `da53edf`,
/// `CoinSearchViewModel.sortByMarketCap(_:)` and `CoinGeckoService.fetchMarketData(coinIds:)`);
/// over the recorded list, now every scenario's default, a one-letter query makes a URL longer
/// than the CDN takes, and the app falls back to its own ranking with nothing stored.
@Suite("An over-long search URL: refused by the CDN, the app's ranking kept")
struct OverlongSearchTests {
    static let scenario = """
        seed: 1
        start: 2024-01-01T00:00:00Z
        duration: 60s
        market:
          source: synthetic
          step: 5m
          history: 1d
          coins:
            - {id: bitcoin, symbol: btc, name: Bitcoin, supply: 1000000, price: 100, model: gbm}
            - {id: aave, symbol: aave, name: Aave, supply: 1000000, price: 50, model: gbm}
        plan: demo-30
        watchlist: [bitcoin]
        user:
          script:
            - {at: 10s, search: a, add: aave}
            - {at: 25s, remove: aave}
            - {at: 30s, search: aav, add: aave, gaps: [150ms, 150ms]}

        """

    @Test(
        "'a' asks for 4,181 ids (53 kB): a 414, not billed, and the add still finds Aave by the app's ranking"
    )
    func oneLetter() throws {
        let (result, config) = try runScenario(Self.scenario)
        let journal = result.journal.map { (at: $0.time - config.start, $0.target, $0.status, $0.outcome) }
        // The load at 0 s; the sheet's /coins/list at 10 s; 'a' fires at 10.3 s and is sent at
        // the limiter's slot, 11.2 s.
        #expect(journal.map(\.at).prefix(3) == [0, 10_000, 11_200])
        let refused = journal[2]
        #expect(refused.2 == 414 && refused.3 == .uriTooLong)
        // Python over the recorded list, with the app's filter (name, symbol or id contains
        // 'a'; no parentheses in the name; each id once): 4,181 ids, a 53,205-byte target
        // (the journal keeps its first 240 characters and its size).
        #expect(refused.1.hasPrefix("/coins/markets?vs_currency=usd&ids="))
        #expect(refused.1.hasSuffix("...(53205 bytes)"))
        // The refusal is the run's only answer that is not a 200.
        #expect(result.journal.filter { $0.status != 200 }.count == 1)
        #expect(result.metrics["failures.search.http_414"] == 1)
        #expect(result.metrics["server.uri-too-long"] == 1)
        // The CDN's refusal never reaches CoinGecko: not billed.
        let answered = result.journal.filter { $0.status == 200 }.count
        #expect(result.metrics["rate_limit.credits"] == Double(answered))
        // The fallback ranking (exact, then starts-with, then by name: Aave is 20th of the 50
        // shown) still lists Aave, so the add goes through and the watchlist loads it.
        #expect(result.metrics["failures.search.not_in_results"] == nil)
        #expect(result.metrics["watchlist.coins"] == 2)
        // 'aav' (51 ids) fits, is answered and stored: the sheet's market data was not poisoned.
        let later = journal.filter { $0.1.contains("ids=aave,") || $0.1.contains("ids=aave&") }
        #expect(later.count == 1 && later.first?.2 == 200)
    }

    @Test("the limit is Cloudflare's 32 KB, counted from /api/v3: 32,768 bytes pass, one more is refused")
    func boundary() {
        let behaviour = ServerBehaviour(plan: .demo30)
        let root = ServerBehaviour.apiRootPath.utf8.count
        let fits = "/coins/list?x=" + String(repeating: "a", count: 32_768 - root - 14)
        #expect(root + fits.utf8.count == 32_768 && !behaviour.refusesURI(fits))
        #expect(behaviour.refusesURI(fits + "a"))
    }
}
