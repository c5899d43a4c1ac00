import Foundation
import PriceModels
import TestSupport
import Testing
import TrackerCore

/// Every field CoinGecko returns on `/coins/markets`, `/coins/{id}` and `/coins/{id}/history`,
/// each figure checked against the path itself (the market's ticks read directly).
@Suite("The synthetic market serves every recorded field, derived from its ticks")
struct SimulatedMarketFieldsTests {
    static let market = SimulatedMarketTests.market
    static let now = SimulatedMarketTests.now
    static let start = SimulatedMarketTests.start

    static func json(_ request: HTTPRequest, at time: Int64 = now) throws -> Any {
        let response = market.respond(to: request, at: time)
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        return try JSONSerialization.jsonObject(with: Data(response.body))
    }

    static func recorded(_ name: String) throws -> Any {
        try JSONSerialization.jsonObject(
            with: Data(contentsOf: RepositoryFiles.coingecko.appendingPathComponent(name)))
    }

    /// The path's ticks up to `time`: the independent truth.
    static func ticks(of id: String, through time: Int64) throws -> [(time: Int64, price: Double)] {
        let path = try #require(market.path(of: id))
        return zip(path.timestamps, path.values).filter { $0.0 <= time }.map { ($0.0, $0.1) }
    }

    static func close(_ value: Any?, _ expected: Double) -> Bool {
        guard let number = (value as? NSNumber)?.doubleValue else { return false }
        return abs(number - expected) <= 1e-9 * max(1, abs(expected))
    }

    static func iso(_ milliseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    @Test("a markets row has the recorded row's 26 fields; the all-time high and low are the path's")
    func marketsRow() throws {
        let rows = try #require(
            try Self.json(
                HTTPRequest(
                    path: "/coins/markets",
                    query: [.init("vs_currency", "usd"), .init("ids", "bitcoin,ethereum")]))
                as? [[String: Any]])
        let recorded = try #require(
            (try Self.recorded("coins_markets_usd_top100_20230108.json") as? [[String: Any]])?.first)
        for row in rows {
            #expect(
                Set(row.keys) == Set(recorded.keys), "\(Set(row.keys).symmetricDifference(recorded.keys))")
            let id = try #require(row["id"] as? String)
            let ticks = try Self.ticks(of: id, through: Self.now)
            let high = try #require(ticks.max { $0.price < $1.price })
            let low = try #require(ticks.min { $0.price < $1.price })
            let price = ticks[ticks.count - 1].price
            #expect(Self.close(row["ath"], high.price) && Self.close(row["atl"], low.price))
            #expect(row["ath_date"] as? String == Self.iso(high.time))
            #expect(row["atl_date"] as? String == Self.iso(low.time))
            #expect(Self.close(row["ath_change_percentage"], (price / high.price - 1) * 100))
            #expect(Self.close(row["atl_change_percentage"], (price / low.price - 1) * 100))
            let cap = try #require((row["market_cap"] as? NSNumber)?.doubleValue)
            #expect(row["fully_diluted_valuation"] as? NSNumber == NSNumber(value: cap))
            let change = try #require((row["price_change_24h"] as? NSNumber)?.doubleValue)
            let supply = try #require((row["circulating_supply"] as? NSNumber)?.doubleValue)
            #expect(Self.close(row["market_cap_change_24h"], change * supply))
            #expect(row["roi"] is NSNull)
        }
    }

    @Test("price_change_percentage and sparkline: each window against the path, null where it does not reach")
    func marketsChangesAndSparkline() throws {
        let rows = try #require(
            try Self.json(
                HTTPRequest(
                    path: "/coins/markets",
                    query: [
                        .init("vs_currency", "usd"), .init("ids", "bitcoin"),
                        .init("price_change_percentage", "1h,7d,60d,1y,nope"), .init("sparkline", "true"),
                    ])) as? [[String: Any]])
        let row = try #require(rows.first)
        let ticks = try Self.ticks(of: "bitcoin", through: Self.now)
        let price = ticks[ticks.count - 1].price
        func then(_ hours: Int64) -> Double? { ticks.last { $0.time <= Self.now - hours * 3_600_000 }?.price }
        #expect(Self.close(row["price_change_percentage_1h_in_currency"], (price / then(1)! - 1) * 100))
        #expect(Self.close(row["price_change_percentage_7d_in_currency"], (price / then(168)! - 1) * 100))
        // The market starts 100 days before now: a year back is beyond it; 60 days is not a
        // markets window; unknown names are left out.
        #expect(row["price_change_percentage_1y_in_currency"] is NSNull)
        #expect(row["price_change_percentage_60d_in_currency"] == nil)
        #expect(row.keys.filter { $0.hasPrefix("price_change_percentage_") }.count == 4)
        let sparkline = try #require((row["sparkline_in_7d"] as? [String: Any])?["price"] as? [NSNumber])
        #expect(sparkline.count == 168)
        for (hour, value) in sparkline.enumerated() {
            #expect(Self.close(value, then(Int64(167 - hour))!), "hour \(hour)")
        }
    }

    @Test("the all-time extremes are the same whichever times were asked before, later or earlier")
    func extremesMemoGoesBack() throws {
        let market = SimulatedMarketTests.makeMarket()
        let request = HTTPRequest(
            path: "/coins/markets", query: [.init("vs_currency", "usd"), .init("ids", "ethereum")])
        for time in [Self.now, Self.start + 3 * 86_400_000, Self.start + 50 * 86_400_000, Self.now] {
            let rows = try #require(
                try JSONSerialization.jsonObject(with: Data(market.respond(to: request, at: time).body))
                    as? [[String: Any]])
            let ticks = try Self.ticks(of: "ethereum", through: time)
            let high = try #require(ticks.max { $0.price < $1.price })
            #expect(Self.close(rows.first?["ath"], high.price), "at \(time)")
            #expect(rows.first?["ath_date"] as? String == Self.iso(high.time), "at \(time)")
        }
    }

    @Test("a coin's detail has the recorded 32 fields and 42 market figures; its flags drop parts")
    func coinDetail() throws {
        let detail = try #require(try Self.json(HTTPRequest(path: "/coins/ethereum")) as? [String: Any])
        let recorded = try #require(
            try Self.recorded("coins_bitcoin_full_20210515T1600Z.json") as? [String: Any])
        #expect(
            Set(detail.keys) == Set(recorded.keys), "\(Set(detail.keys).symmetricDifference(recorded.keys))")
        let data = try #require(detail["market_data"] as? [String: Any])
        let recordedData = try #require(recorded["market_data"] as? [String: Any])
        #expect(
            Set(data.keys) == Set(recordedData.keys),
            "\(Set(data.keys).symmetricDifference(recordedData.keys))")
        let ticks = try Self.ticks(of: "ethereum", through: Self.now)
        let price = ticks[ticks.count - 1].price
        let high = try #require(ticks.max { $0.price < $1.price })
        #expect(Self.close((data["ath"] as? [String: Any])?["usd"], high.price))
        #expect((data["ath_date"] as? [String: Any])?["usd"] as? String == Self.iso(high.time))
        let monthAgo = try #require(ticks.last { $0.time <= Self.now - 30 * 86_400_000 })
        #expect(Self.close(data["price_change_percentage_30d"], (price / monthAgo.price - 1) * 100))
        #expect(
            Self.close(
                (data["price_change_percentage_30d_in_currency"] as? [String: Any])?["usd"],
                (price / monthAgo.price - 1) * 100))
        // 200 days and a year reach before the market: null, and an empty object by currency.
        #expect(data["price_change_percentage_200d"] is NSNull)
        #expect((data["price_change_percentage_1y_in_currency"] as? [String: Any])?.isEmpty == true)
        // The app's own request: no localization, tickers, community or developer data.
        let screen = CoinGeckoRequests().coinDetail(id: "ethereum")
        let slim = try #require(try Self.json(screen) as? [String: Any])
        #expect(
            Set(recorded.keys).subtracting(slim.keys) == [
                "localization", "tickers", "community_data", "developer_data",
            ])
        #expect(try CoinDetail.decode(Self.market.respond(to: screen, at: Self.now).body).id == "ethereum")
        let sparkline = try #require(
            try Self.json(HTTPRequest(path: "/coins/ethereum", query: [.init("sparkline", "true")]))
                as? [String: Any])
        #expect(
            ((sparkline["market_data"] as? [String: Any])?["sparkline_7d"] as? [String: Any])?["price"]
                is [Any])
    }

    @Test(
        "history: the coin at 00:00 UTC of the date; no market data after now or before the market; bad dates refused"
    )
    func coinHistory() throws {
        func history(_ date: String) -> HTTPResponse {
            Self.market.respond(
                to: HTTPRequest(path: "/coins/bitcoin/history", query: [.init("date", date)]), at: Self.now)
        }
        let body = try #require(
            try JSONSerialization.jsonObject(with: Data(history("15-02-2024").body)) as? [String: Any])
        let recorded = try #require(
            try Self.recorded("coins_bitcoin_history_date-30-12-2017_20210515T1410Z.json") as? [String: Any])
        #expect(Set(body.keys) == Set(recorded.keys))
        let midnight: Int64 = 1_707_955_200_000  // 2024-02-15T00:00:00Z
        let price = try #require(Self.market.price(of: "bitcoin", at: midnight))
        let data = try #require(body["market_data"] as? [String: Any])
        #expect(Self.close((data["current_price"] as? [String: Any])?["usd"], price))
        #expect(try CoinDetail.decode(history("15-02-2024").body).id == "bitcoin")
        for date in ["15-02-2030", "31-12-2023"] {
            let far = try #require(
                try JSONSerialization.jsonObject(with: Data(history(date).body)) as? [String: Any])
            #expect(far["market_data"] == nil, "\(date)")
        }
        for date in ["2024-02-15", "31-02-2024", "1-1-2024", ""] {
            let refused = history(date)
            #expect(
                refused.status == 400 && refused.body == Array(#"{"error":"invalid date"}"#.utf8), "\(date)")
        }
    }
}
