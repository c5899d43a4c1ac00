import Foundation
import TrackerCore

/// What `workbench live` does with `workbench serve`'s clock before the run (issue 69): serve's
/// market runs from the scenario's start from the moment serve started, so a run started later
/// reads prices stamped ahead of its own clock, and every age it measures is short by serve's
/// head start (a watchlist p50 age of 12 s where `run` measures 158 s). When the API root is a
/// serve with its admin API, live sets serve's clock to the scenario's start
/// (`POST /__admin/clock {"set": ...}`) just before its own clock starts, so both run from the
/// same instant and the ages match `run`'s.
///
/// CoinGecko has no such API: a root on `coingecko.com` is never asked, and any other root that
/// does not answer `GET /__admin/health` as serve does is left alone. No message quotes a body.
public enum ServeClockAlignment {
    /// What was done.
    public enum Outcome: Sendable, Equatable {
        /// The root is not a `workbench serve` with an admin API: nothing to align.
        case notServe
        /// Serve's clock now reads the scenario's start; it was this far ahead, ms.
        case aligned(wasAheadMilliseconds: Int64)
        /// A serve whose clock live could not set: why, and what it means for the figures.
        case notAligned(String)
    }

    /// Why a serve whose admin API wants its token cannot be aligned.
    static let tokenNeeded =
        "serve's admin API needs its token (--admin-token-file), so live cannot set serve's clock to the "
        + "scenario's start: every age is short by the time serve ran before live"

    /// How long each admin request may take, ms.
    public static let timeoutMilliseconds: Int64 = 5_000

    /// The server's root for an API root `…/api/v3`, nil for CoinGecko's hosts and other roots.
    public static func serverRoot(ofAPIRoot root: String) -> String? {
        let trimmed = root.hasSuffix("/") ? String(root.dropLast()) : root
        guard trimmed.hasSuffix("/api/v3"), let host = URL(string: trimmed)?.host,
            !host.hasSuffix("coingecko.com")
        else { return nil }
        return String(trimmed.dropLast("/api/v3".count))
    }

    /// Sets serve's clock to `start` when the root is a serve with its admin API.
    ///
    /// - Parameters:
    ///   - root: The API root given to `--against`.
    ///   - start: The scenario's start, epoch ms.
    ///   - speed: Live's `--speed`, compared with serve's.
    public static func align(apiRoot root: String, to start: Int64, speed: Double) async -> Outcome {
        guard let server = serverRoot(ofAPIRoot: root) else { return .notServe }
        let transport = CurlTransport(
            baseURL: server, resourceTimeoutSeconds: Double(timeoutMilliseconds) / 1000)
        let health: HTTPResponse
        do throws(TransportError) {
            health = try await transport.send(
                HTTPRequest(path: "/__admin/health", timeoutMilliseconds: timeoutMilliseconds))
        } catch {
            return .notServe
        }
        guard health.status == 200, let facts = Health(health.body) else {
            if health.status == 401 {
                return .notAligned(tokenNeeded)
            }
            return .notServe
        }
        if facts.clock == "manual" {
            return .notAligned(
                "serve's clock is manual (--clock manual): it moves only through its admin API, so live "
                    + "reads a market that stands still; start serve with --clock wall")
        }
        if let serveSpeed = facts.speed, abs(serveSpeed - speed) > 1e-9 * max(1, speed) {
            return .notAligned(
                "serve runs at --speed \(Self.text(serveSpeed)), live at \(Self.text(speed)): their clocks "
                    + "drift apart however they start; give both the same --speed")
        }
        let body = Array(#"{"set":"\#(Self.iso8601(start))"}"#.utf8)
        let answer: HTTPResponse
        do throws(TransportError) {
            answer = try await transport.post(
                "/__admin/clock", json: body, timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            return .notAligned(
                "setting serve's clock failed (\(error)): every age is off by serve's head start")
        }
        switch answer.status {
        case 200: return .aligned(wasAheadMilliseconds: facts.now - start)
        case 401:
            return .notAligned(tokenNeeded)
        default:
            return .notAligned(
                "serve refused to set its clock to the scenario's start (HTTP \(answer.status)): is serve running "
                    + "the same scenario? Its market runs from \(facts.marketFrom ?? "?")")
        }
    }

    /// The facts of serve's `/__admin/health` live uses.
    struct Health {
        var now: Int64
        var clock: String
        var speed: Double?
        var marketFrom: String?

        init?(_ body: [UInt8]) {
            guard
                let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
                object["status"] as? String == "ok", let now = (object["now_ms"] as? NSNumber)?.int64Value,
                let clock = object["clock"] as? String
            else { return nil }
            (self.now, self.clock) = (now, clock)
            speed = (object["speed"] as? NSNumber)?.doubleValue
            marketFrom = object["market_from"] as? String
        }
    }

    /// `2024-01-01T00:00:00.000Z`.
    static func iso8601(_ milliseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    private static func text(_ speed: Double) -> String {
        speed == speed.rounded() ? String(Int64(speed)) : String(speed)
    }
}
