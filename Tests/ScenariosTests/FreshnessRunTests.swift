import Foundation
import Scenarios
import TestSupport
import Testing

@Suite("Freshness of whole runs: outages count")
struct FreshnessRunTests {
    static func metrics(outage: String) throws -> [String: Double] {
        try runScenario(
            """
            name: outage
            seed: 3
            start: 2024-01-01T00:00:00Z
            duration: 2h
            market:
              step: 1m
              history: 2d
              coins:
                - {id: bitcoin, symbol: btc, name: Bitcoin, supply: 19600000, price: 42000, model: gbm}
            plan: demo-30
            policies: {preset: spec}
            \(outage)
            """, file: "outage.yaml"
        ).result.metrics.byName
    }

    @Test("a 40-minute outage in a 2-hour foreground session pushes p95 past 25 minutes")
    func outage() throws {
        let metrics = try Self.metrics(outage: "faults: {outages: [{from: 40m, for: 40m}]}")
        // Hand-worked: outside the outage the row is at most a refresh (30 s) plus a tick (60 s)
        // old; through the outage it ages from under 1.5 min to about 41.5 min, uniformly over
        // 40 of the 120 visible minutes. So a third of the time is over 5 min old, and the p95
        // lies in the outage at about 1.5 + 40 * (1 - 0.05 * 3) = 35.5 min.
        let p95 = try #require(metrics["freshness.p95_age_s"])
        #expect(p95 > 25 * 60 && p95 < 37 * 60, "\(p95)")
        let over5 = try #require(metrics["freshness.share_over_5m"])
        #expect(abs(over5 - (40 - 5) / 120.0) < 0.02, "\(over5)")
        let max = try #require(metrics["freshness.max_age_s"])
        #expect(max > 40 * 60 && max < 42 * 60, "\(max)")
        #expect(metrics["freshness.visible_s"] == 7200)
    }

    @Test("without the outage the same session stays under two minutes")
    func noOutage() throws {
        let metrics = try Self.metrics(outage: "")
        #expect((metrics["freshness.max_age_s"] ?? .infinity) < 120)
        #expect(metrics["freshness.share_over_5m"] == 0)
    }
}
