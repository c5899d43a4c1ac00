import AppHosting
import Foundation
import PriceModels
import Simulation
import TestSupport
import Testing
import TrackerCore

@Suite("The simulated server's CoinGecko rules: missing parameters, plans per API key")
struct ServerRulesTests {
    static func server(keyPlans: KeyPlans? = nil) -> SimulatedServer {
        var behaviour = ServerBehaviour(plan: .demo30)
        behaviour.keyPlans = keyPlans
        return SimulatedServer(
            source: EngineAndServerTests.market, behaviour: behaviour,
            seed: StreamSeed(root: 1, stream: "server"))
    }

    static func request(_ target: String, key: HTTPHeaders.Field? = nil) -> HTTPRequest {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        return HTTPRequest(
            path: parts[0], query: parts.count > 1 ? HTTPRequest.queryItems(parsing: parts[1]) : [],
            headers: key.map { [$0] } ?? [])
    }

    @Test(
        "a missing parameter gets CoinGecko's recorded status and body, byte for byte",
        arguments: [
            ("/simple/price?vs_currencies=usd", "error422_simple_price_missing_ids.json", 422),
            ("/coins/markets?ids=bitcoin", "error422_coins_markets_missing_vs_currency.json", 422),
            ("/coins/bitcoin/market_chart?days=1", "error422_market_chart_missing_vs_currency.json", 422),
            ("/coins/bitcoin/ohlc", "error500_ohlc_missing_params.json", 500),
        ])
    func missingParameters(target: String, file: String, status: Int) throws {
        var server = Self.server()
        let reply = server.handle(Self.request(target), at: EngineAndServerTests.start + 60_000)
        #expect(reply.outcome == .invalid)
        #expect(reply.response?.status == status)
        #expect(reply.response?.body == [UInt8](try RepositoryFiles.coingeckoData(file)))
    }

    @Test("a request with every parameter is answered; an empty value is not a missing one")
    func presentParameters() {
        var server = Self.server()
        let time = EngineAndServerTests.start + 60_000
        #expect(
            server.handle(Self.request("/simple/price?ids=bitcoin&vs_currencies=usd"), at: time).outcome
                == .served)
        #expect(
            server.handle(Self.request("/simple/price?ids=&vs_currencies=usd"), at: time).outcome == .served)
        #expect(
            server.handle(Self.request("/coins/bitcoin/market_chart?vs_currency=usd"), at: time).outcome
                == .invalid)
    }

    @Test("each API key has its own window; keyless callers share one; the plan follows the header")
    func plansPerKey() {
        let plans = KeyPlans(
            keyless: RateLimitPlan(name: "custom-2", requestsPerMinute: 2),
            demo: RateLimitPlan(name: "custom-3", requestsPerMinute: 3),
            pro: RateLimitPlan(name: "custom-5", requestsPerMinute: 5))
        var server = Self.server(keyPlans: plans)
        let time = EngineAndServerTests.start + 60_000
        func accepted(_ key: HTTPHeaders.Field?, _ count: Int) -> Int {
            (0..<count).filter { _ in
                server.handle(Self.request("/coins/list", key: key), at: time).outcome != .rateLimited
            }.count
        }
        #expect(accepted(nil, 4) == 2)
        #expect(accepted(.init("x-cg-demo-api-key", "a"), 4) == 3)
        #expect(accepted(.init("x-cg-demo-api-key", "b"), 4) == 3)
        #expect(accepted(.init("x-cg-pro-api-key", "a"), 9) == 5)
        // A minute later every window is free again.
        #expect(server.handle(Self.request("/coins/list"), at: time + 60_000).outcome != .rateLimited)
        // Without per-key plans, one window on the scenario's plan counts every caller.
        var shared = Self.server()
        let sharedAccepted = (0..<40).filter { index in
            let key = HTTPHeaders.Field("x-cg-demo-api-key", "k\(index)")
            return shared.handle(Self.request("/coins/list", key: key), at: time).outcome != .rateLimited
        }.count
        #expect(sharedAccepted == 30)
    }

    @Test("the defaults around a scenario's plan")
    func defaultPlans() {
        #expect(KeyPlans.around(.demo30) == KeyPlans(keyless: .keyless, demo: .demo30, pro: .pro500))
        #expect(KeyPlans.around(.pro500) == KeyPlans(keyless: .keyless, demo: .demo100, pro: .pro500))
        var behaviour = ServerBehaviour(plan: .demo30)
        behaviour.keyPlans = .around(.demo30)
        behaviour.removeLimits()
        #expect(
            behaviour.plan.requestsPerMinute == .max && behaviour.keyPlans?.keyless.requestsPerMinute == .max)
    }
}
