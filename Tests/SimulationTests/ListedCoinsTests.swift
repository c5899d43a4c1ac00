import Foundation
import PriceModels
import Simulation
import TestSupport
import Testing
import TrackerCore

/// Issue 51, item 11: CoinGecko lists about 17,000 coins; a scenario simulates a few. The app's
/// search (Pointwelve/Bitpal-iOS `CoinSearchViewModel.swift`, `sortByMarketCap`) asks
/// `/coins/markets` for every match of `/coins/list`, so its cost depends on the whole list.
@Suite("Listed coins: the recorded or a generated /coins/list around the simulated coins")
struct ListedCoinsTests {
    static var market: SimulatedMarket {
        var market = AppSimulationTests.market(coins: 3)
        let recorded = try! RepositoryFiles.coingeckoData("coins_list_20210515T1600Z.json")
        let coins = try! CoinListEntry.decodeList(Array(recorded), source: "coins_list")
        market.listed = ListedCoins(coins: coins, excluding: Set(market.coins.map(\.id)))
        return market
    }

    @Test("/coins/list holds the simulated coins and the 7,248 recorded ones; each answers /coins/markets")
    func listAndRows() throws {
        let market = Self.market
        let list = try CoinListEntry.decodeList(market.coinsListBody(), source: "list")
        #expect(list.count == 3 + 7_248)
        #expect(list.prefix(3).map(\.id) == market.coins.map(\.id))
        // "bit" matches 294 recorded coins by the app's filter (name, symbol or id; no
        // parenthesised variants): one URL of 294 ids, where the five-coin market gave one.
        let matches = AppSearchRanking.rankedMatches(of: "bit", in: list)
        #expect(matches.count == 294)
        let now = AppSimulationTests.start
        let rows = try CoinMarket.decodeList(
            market.marketsBody(ids: matches.map(\.id) + ["coin-0"], at: now), source: "markets")
        // CoinGecko's page: 100 rows, largest first, the simulated coin ranked before every listed one.
        #expect(rows.count == 100)
        #expect(rows.first?.id == "coin-0")
        #expect(rows.dropFirst().allSatisfy { ($0.marketCap ?? 0) > 0 && ($0.currentPrice ?? 0) > 0 })
        let caps = rows.dropFirst().compactMap(\.marketCap)
        #expect(caps == caps.sorted(by: >))
        // Deterministic: the same bytes at the same time.
        #expect(
            market.marketsBody(ids: ["bitcoin-cash"], at: now)
                == market.marketsBody(ids: ["bitcoin-cash"], at: now))
    }

    @Test("generated: N coins named from their number, none repeating a simulated id")
    func generated() {
        let listed = ListedCoins.generated(1_000, excluding: ["listed-7"])
        #expect(listed.coins.count == 999 && !listed.coins.contains { $0.id == "listed-7" })
        #expect(Set(listed.coins.map(\.id)).count == 999)
        #expect(
            ListedCoins.generated(1_000, excluding: []).coins.map(\.name)
                == ListedCoins.generated(1_000, excluding: []).coins.map(\.name))
    }
}
