import PriceModels
import Testing
import TrackerCore
import WorkbenchFoundation

@testable import AppHosting
@testable import Simulation

/// `timings.json`'s `json` counts (the server's answers not from its CDN cache, every body the
/// app received) come from the timer the run is handed; here they are recomputed from the
/// request journal and a fresh copy of the market.
@Suite("The JSON a run moves, recounted from its journal")
struct JSONCountTests {
    /// A timer that only counts.
    final class Counter: WallTimer {
        let counts = Locked([String: (bytes: Int, bodies: Int)]())
        func measure(_ label: String, _ body: () -> Void) { body() }
        func count(_ label: String, bytes: Int) {
            counts.withLock {
                let entry = $0[label, default: (0, 0)]
                $0[label] = (entry.bytes + bytes, entry.bodies + 1)
            }
        }
    }

    @Test(
        "served bodies are the market's answers to the journal's requests; the app also gets the CDN's copies"
    )
    func recountedFromTheJournal() throws {
        let counter = Counter()
        // Without the device's HTTP cache, a target asked again within the CDN's max-age is
        // answered from the CDN: the app receives bodies the server did not write again.
        var policies = AppPolicies.bitpal
        policies.httpCache = .none
        var simulation = try AppSimulation(
            config: AppSimulationTests.config(
                policies: policies, plan: "pro-500", script: AppSimulationTests.busyUser))
        let result = simulation.run(timer: counter)
        // The same market, drawn again: its answer to each request the journal holds.
        let market = AppSimulationTests.market()
        func bodyBytes(_ entry: JournalEntry) -> Int {
            let parts = entry.target.split(separator: "?", maxSplits: 1).map(String.init)
            let request = HTTPRequest(
                path: parts[0], query: parts.count == 2 ? HTTPRequest.queryItems(parsing: parts[1]) : [])
            return market.respond(to: request, at: entry.time).body.count
        }
        var served = (bytes: 0, bodies: 0)
        var received = (bytes: 0, bodies: 0)
        // The CDN answers a target with the body it fetched last.
        var lastFetched: [String: Int] = [:]
        for entry in result.journal {
            switch entry.outcome {
            case .served:
                let bytes = bodyBytes(entry)
                lastFetched[entry.target] = bytes
                served = (served.bytes + bytes, served.bodies + 1)
                received = (received.bytes + bytes, received.bodies + 1)
            case .cached:
                let bytes = try #require(lastFetched[entry.target], "a CDN copy of \(entry.target)")
                received = (received.bytes + bytes, received.bodies + 1)
            default:
                Issue.record("an unexpected outcome \(entry.outcome) in a run without faults")
            }
        }
        let counted = counter.counts.withLock { $0 }
        #expect(served.bodies > 20 && received.bodies > served.bodies, "\(served) \(received)")
        #expect(counted["server_answered"]?.bytes == served.bytes)
        #expect(counted["server_answered"]?.bodies == served.bodies)
        #expect(counted["app_received"]?.bytes == received.bytes)
        #expect(counted["app_received"]?.bodies == received.bodies)
    }
}
