import Datasets
import Foundation
import PriceModels
import TestSupport
import Testing
import TrackerCore

@Suite("Brownian bridge between recorded prices: exact closes, the grid, the volatility")
struct BrownianBridgeTests {
    static let fiveMinutes: Int64 = 300_000

    static func recorded() throws -> TimeSeries {
        let text = String(decoding: try RepositoryFiles.coingeckoData("btc-usd-max.csv"), as: UTF8.self)
        return try CoinGeckoCSVDecoder.decode(text, source: "btc-usd-max.csv").prices
    }

    static func stream(_ seed: UInt64) -> RandomStream {
        RandomStream(seed: StreamSeed(root: seed, stream: "bridge/bitcoin"))
    }

    @Test("every recorded price stays, bit for bit; the points between lie on the 5-minute grid from each")
    func exactCloses() throws {
        let daily = try Self.recorded()
        let bridged = BrownianBridge.fill(
            daily, stepMilliseconds: Self.fiveMinutes, volatility: 0.8, stream: Self.stream(1))
        #expect(
            bridged.count == daily.count
                + BrownianBridge.pointsAdded(to: daily, stepMilliseconds: Self.fiveMinutes))
        var position = 0
        for (time, price) in zip(daily.timestamps, daily.values) {
            guard let index = bridged.timestamps[position...].firstIndex(of: time) else {
                Issue.record("recorded time \(time) missing")
                return
            }
            #expect(bridged.values[index] == price)
            position = index
        }
        #expect(bridged.isStrictlyIncreasing)
        // A whole day between two 00:00 closes: 287 points, every 5 minutes.
        let day = try #require(daily.timestamps.firstIndex(of: 1_609_459_200_000))  // 2021-01-01
        let start = try #require(bridged.timestamps.firstIndex(of: daily.timestamps[day]))
        let end = try #require(bridged.timestamps.firstIndex(of: daily.timestamps[day + 1]))
        #expect(end - start == 288)
        #expect(
            bridged.timestamps[start...end].map { ($0 - daily.timestamps[day]) % Self.fiveMinutes }.allSatisfy
            { $0 == 0 })
        #expect(bridged.values[(start + 1)..<end].allSatisfy { $0.isFinite && $0 > 0 })
    }

    @Test("the same seed gives the same path; another seed another path between the same closes")
    func seeded() throws {
        let daily = TimeSeries(
            timestamps: (0...30).map { Int64($0) * 86_400_000 }, values: (0...30).map { 100 + Double($0) })
        let one = BrownianBridge.fill(
            daily, stepMilliseconds: Self.fiveMinutes, volatility: 0.8, stream: Self.stream(1))
        let again = BrownianBridge.fill(
            daily, stepMilliseconds: Self.fiveMinutes, volatility: 0.8, stream: Self.stream(1))
        let other = BrownianBridge.fill(
            daily, stepMilliseconds: Self.fiveMinutes, volatility: 0.8, stream: Self.stream(2))
        #expect(one == again)
        #expect(one.values != other.values)
        #expect(one.timestamps == other.timestamps)
    }

    @Test("between equal closes the summed squared 5-minute log moves average sigma^2 dt (n - 1) per day")
    func volatility() {
        // A bridge of n steps over T from a to a: E[sum of squared increments] = sigma^2 T (n - 1) / n;
        // per day its relative standard deviation is sqrt(2 / n), over 365 days sqrt(2 / n) / sqrt(365).
        let days = 365
        let sigma = 0.8
        let flat = TimeSeries(
            timestamps: (0...days).map { Int64($0) * 86_400_000 },
            values: Array(repeating: 100, count: days + 1))
        let bridged = BrownianBridge.fill(
            flat, stepMilliseconds: Self.fiveMinutes, volatility: sigma, stream: Self.stream(3))
        let logs = bridged.values.map { log($0) }
        let squares = zip(logs.dropFirst(), logs).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
        let steps = 288.0
        let expected = sigma * sigma * (Double(days) / 365) * (steps - 1) / steps
        let relativeError = (2 / steps).squareRoot() / Double(days).squareRoot()
        #expect(abs(squares / expected - 1) < 5 * relativeError, "\(squares / expected)")
    }
}
