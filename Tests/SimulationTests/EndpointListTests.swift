import AppHosting
import Foundation
import PriceModels
import Simulation
import TestSupport
import Testing
import TrackerCore

/// The endpoint lists come from one place (`CoinGeckoEndpoint.templates`), and
/// `docs/openapi.yaml` documents exactly what the simulated server serves.
@Suite("Endpoint lists: derived from the router, documented in OpenAPI")
struct EndpointListTests {
    @Test("docs/openapi.yaml lists /ping and every endpoint the router recognises, and nothing else")
    func openAPIMatchesTheRouter() throws {
        let text = try String(
            contentsOf: RepositoryFiles.root.appendingPathComponent("docs/openapi.yaml"), encoding: .utf8)
        // The paths are the keys two spaces in under `paths:`.
        let afterPaths = try #require(text.range(of: "\npaths:\n")).upperBound
        let documented = text[afterPaths...].split(separator: "\n")
            .prefix { $0.hasPrefix(" ") || $0.isEmpty }
            .filter { $0.hasPrefix("  /") }
            .map { String($0.dropFirst(2).dropLast()) }
        #expect(Set(documented) == Set(["/ping"] + CoinGeckoEndpoint.templates), "\(documented)")
    }

    @Test("every template is recognised, and the simulated server answers it with a 200")
    func everyTemplateServed() {
        var server = SimulatedServer(
            source: AppSimulationTests.market(), behaviour: ServerBehaviour(plan: .pro500),
            seed: StreamSeed(root: 1, stream: "s"))
        let queries: [String: [(String, String)]] = [
            "/simple/price": [("ids", "coin-0"), ("vs_currencies", "usd")],
            "/coins/markets": [("vs_currency", "usd"), ("ids", "coin-0")], "/search": [("query", "coin")],
            "/coins/{id}/market_chart": [("vs_currency", "usd"), ("days", "1")],
            "/coins/{id}/ohlc": [("vs_currency", "usd"), ("days", "1")],
            "/coins/{id}/history": [("date", "01-01-2024")],
        ]
        for template in CoinGeckoEndpoint.templates {
            let path = template.replacingOccurrences(of: "{id}", with: "coin-0")
            #expect(CoinGeckoEndpoint(path: path)?.template == template)
            let query = (queries[template] ?? []).map { HTTPRequest.QueryItem($0.0, $0.1) }
            let reply = server.handle(HTTPRequest(path: path, query: query), at: AppSimulationTests.start)
            #expect(
                reply.response?.status == 200, "\(template): \(String(describing: reply.response?.status))")
        }
    }
}
