import TestSupport
import Testing
import TrackerCore

@Suite("Price alerts: conditions, the app's one-hour cooldown, crossings, detection delay")
struct AlertEvaluatorTests {
    static let hour: Int64 = 3_600_000

    @Test("hand-computed: above fires at >= target, again only after the hour, with its delays")
    func cooldown() throws {
        var evaluator = try AlertEvaluator(alerts: [
            PriceAlert(id: 1, coinId: "bitcoin", condition: .above, target: 100)
        ])
        // Data at t, seen 30 s later.
        func update(_ price: Double, _ minute: Int64) -> [AlertFiring] {
            evaluator.evaluate(
                coinId: "bitcoin", price: price, observedAt: minute * 60_000, at: minute * 60_000 + 30_000)
        }
        #expect(update(99, 0).isEmpty)
        let first = update(100, 1)  // exactly at the target: fires
        #expect(first.count == 1)
        #expect(first[0].conditionSince == 60_000 && first[0].detectionDelayMilliseconds == 30_000)
        #expect(update(150, 30).isEmpty)  // within the hour
        let second = update(120, 62)  // the hour after 90 s has passed at 61.5 min
        #expect(second.count == 1)
        #expect(second[0].conditionSince == 60_000)
        #expect(second[0].eligibleSince == 90_000 + Self.hour)
        #expect(second[0].detectionDelayMilliseconds == 62 * 60_000 + 30_000 - (90_000 + Self.hour))
        #expect(evaluator.lastFiredAt == [1: 62 * 60_000 + 30_000])
        // Other coins do not touch it.
        let otherCoin = evaluator.evaluate(coinId: "ethereum", price: 1e9, observedAt: 0, at: 0)
        #expect(otherCoin.isEmpty)
    }

    @Test("below fires at <= target; crossing alerts re-arm only once the price is back above")
    func crossing() throws {
        var evaluator = try AlertEvaluator(alerts: [
            PriceAlert(
                id: 7, coinId: "c", condition: .below, target: 50, cooldownMilliseconds: 0,
                retrigger: .crossing)
        ])
        let prices: [Double] = [60, 50, 40, 45, 70, 49, 48]
        let fired = prices.enumerated().map { step, price in
            !evaluator.evaluate(coinId: "c", price: price, observedAt: Int64(step), at: Int64(step)).isEmpty
        }
        #expect(fired == [false, true, false, false, false, true, false])
    }

    @Test("disabled alerts stay silent; invalid prices are ignored; invalid alerts are refused")
    func guards() throws {
        var evaluator = try AlertEvaluator(alerts: [
            PriceAlert(id: 1, coinId: "c", condition: .above, target: 1)
        ])
        evaluator.setEnabled(1, false)
        let whileDisabled = evaluator.evaluate(coinId: "c", price: 5, observedAt: 0, at: 0)
        evaluator.setEnabled(1, true)
        let notANumber = evaluator.evaluate(coinId: "c", price: .nan, observedAt: 0, at: 0)
        let negative = evaluator.evaluate(coinId: "c", price: -5, observedAt: 0, at: 0)
        let valid = evaluator.evaluate(coinId: "c", price: 5, observedAt: 0, at: 0)
        #expect(whileDisabled.isEmpty && notANumber.isEmpty && negative.isEmpty)
        #expect(valid.count == 1)
        let unknown = evaluator.setEnabled(99, true)
        #expect(!unknown)
        #expect(throws: AlertError.invalidTarget(coinId: "c", target: 0)) {
            try AlertEvaluator(alerts: [PriceAlert(id: 1, coinId: "c", condition: .above, target: 0)])
        }
        #expect(throws: AlertError.duplicateId(1)) {
            try AlertEvaluator(alerts: [
                PriceAlert(id: 1, coinId: "c", condition: .above, target: 1),
                PriceAlert(id: 1, coinId: "d", condition: .above, target: 1),
            ])
        }
        #expect(
            AlertError.invalidTarget(coinId: "c", target: .nan).description
                == "c: alert target must be a positive price, found nan")
    }

    @Test("a persisted last firing keeps the cooldown across a restart")
    func persistedCooldown() throws {
        var evaluator = try AlertEvaluator(
            alerts: [PriceAlert(id: 3, coinId: "c", condition: .above, target: 1)], lastFiredAt: [3: 1_000])
        let tooSoon = evaluator.evaluate(coinId: "c", price: 2, observedAt: 2_000, at: 2_000)
        let afterTheHour = evaluator.evaluate(coinId: "c", price: 2, observedAt: 2_000, at: 1_000 + Self.hour)
        #expect(tooSoon.isEmpty && afterTheHour.count == 1)
    }

    @Test(
        "on the recorded day of 5-minute prices: the app's cooldown re-fires hourly, a crossing alert fires once per crossing"
    )
    func recordedDay() throws {
        let body = Array(
            try RepositoryFiles.coingeckoData("market_chart_bitcoin_usd_days1_20210515T1442Z.json"))
        let prices = try MarketChartDecoder.decode(body).prices
        let target = 49_000.0
        let alerts = [
            PriceAlert(id: 0, coinId: "bitcoin", condition: .below, target: target),
            PriceAlert(
                id: 1, coinId: "bitcoin", condition: .below, target: target, cooldownMilliseconds: 0,
                retrigger: .crossing),
        ]
        var evaluator = try AlertEvaluator(alerts: alerts)
        var firings: [AlertFiring] = []
        for (time, price) in zip(prices.timestamps, prices.values) {
            firings += evaluator.evaluate(
                coinId: "bitcoin", price: price, observedAt: time, at: time + 30_000)
        }
        // Expected counts from the data itself: runs below the target, and hourly re-fires in them.
        var crossings = 0
        var previousBelow = false
        for price in prices.values {
            let below = price <= target
            if below && !previousBelow { crossings += 1 }
            previousBelow = below
        }
        let cooldownFirings = firings.filter { $0.alertId == 0 }
        let crossingFirings = firings.filter { $0.alertId == 1 }
        #expect(crossings > 0)
        #expect(crossingFirings.count == crossings)
        #expect(cooldownFirings.count >= crossingFirings.count)
        #expect(
            zip(cooldownFirings, cooldownFirings.dropFirst()).allSatisfy {
                $1.detectedAt - $0.detectedAt >= Self.hour
            })
        #expect(firings.allSatisfy { $0.price <= target && $0.detectionDelayMilliseconds >= 0 })
        // A first firing in a run is seen 30 s after the data; a re-fire when the hour is up.
        #expect(crossingFirings.allSatisfy { $0.detectionDelayMilliseconds == 30_000 })
        // Both fire first at the same update.
        #expect(cooldownFirings.first?.detectedAt == crossingFirings.first?.detectedAt)
        #expect(cooldownFirings.first?.conditionSince == crossingFirings.first?.conditionSince)
    }
}
