import AppHosting
import Foundation
import Scenarios
import TestSupport
import Testing

@Suite("Credits: what the plan bills, counted from the server's journal")
struct CreditsRunTests {
    static func run(plan: String) throws -> RunResult {
        try runScenario(
            """
            name: credits
            seed: 8
            start: 2024-01-01T00:00:00Z
            duration: 1h
            market:
              step: 5m
              history: 2d
              coins:
                - {id: bitcoin, symbol: btc, name: Bitcoin, supply: 19600000, price: 42000, model: gbm}
            plan: \(plan)
            policies: {preset: spec}
            faults:
              storms: [{from: 20m, for: 5m}]
              server_error_rate: 0.1
              timeout_rate: 0.1
            """, file: "credits.yaml"
        ).result
    }

    @Test("the demo rule bills each HTTP 200 the app received; 429s, 5xx and timeouts are free")
    func successful() throws {
        let result = try Self.run(plan: "demo-30")
        let journal = result.journal
        // A 200 arrives unless its latency reaches the client's timeout (10 s in the spec).
        let billed = journal.filter { $0.status == 200 && $0.latencyMilliseconds < 10_000 }.count
        #expect(journal.contains { $0.status == 429 } && journal.contains { $0.status == 500 })
        #expect(journal.contains { $0.outcome == .timedOut })
        #expect(result.metrics["rate_limit.credits"] == Double(billed))
        #expect(billed < journal.count)
        // 30 days of this hour: 720 times the hour's credits, against the plan's 10,000.
        #expect(result.metrics["rate_limit.monthly_credits"] == Double(billed * 720))
        #expect(result.metrics["rate_limit.monthly_credits_share"] == Double(billed * 720) / 10_000)
    }

    @Test("a plan that bills every request bills each request sent")
    func everyRequest() throws {
        let result = try Self.run(plan: "{name: demo-30, billing: every-request}")
        #expect(result.metrics["rate_limit.credits"] == Double(result.journal.count))
        #expect(result.metrics["rate_limit.credits"] == result.metrics["rate_limit.requests"])
    }

    @Test("an unknown billing rule is refused with its place")
    func unknownRule() {
        #expect(throws: ScenarioError.self) { try Self.run(plan: "{name: demo-30, billing: sometimes}") }
        #expect(throws: ScenarioError.self) { try Self.run(plan: "{name: demo-30, bill: every-request}") }
    }
}
