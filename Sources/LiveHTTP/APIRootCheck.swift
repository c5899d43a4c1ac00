import Foundation
import TrackerCore

/// What `workbench live` learns from one `GET /ping` at its API root before the run (issue 69):
/// a dead host, an HTML page or a wrong root fails in seconds, naming what answered, instead of
/// after the whole scenario.
///
/// `/ping` is CoinGecko's health endpoint (`{"gecko_says":"(V3) To the Moon!"}`), which
/// `workbench serve` answers too. It is sent with the run's key header, is not part of the run's
/// requests or metrics, and no message quotes a body or a header (a key never appears).
public enum APIRootCheck {
    /// What the check found.
    public enum Verdict: Sendable, Equatable {
        /// CoinGecko's answer: run.
        case ready
        /// An answer the run can go on with, and what to know about it.
        case warning(String)
        /// No usable API at the root: why, and what to try.
        case unusable(String)
    }

    /// How long the check waits for `/ping`, ms.
    public static let timeoutMilliseconds: Int64 = 10_000

    /// Sends `/ping` to the root and judges the answer; waits at most ``timeoutMilliseconds``.
    ///
    /// - Parameters:
    ///   - root: The API root (`http://127.0.0.1:8080/api/v3`).
    ///   - headers: The run's key header, if any.
    public static func check(root: String, headers: [HTTPHeaders.Field]) async -> Verdict {
        let transport = CurlTransport(
            baseURL: root, resourceTimeoutSeconds: Double(timeoutMilliseconds) / 1000)
        let request = HTTPRequest(path: "/ping", headers: headers, timeoutMilliseconds: timeoutMilliseconds)
        do throws(TransportError) {
            return verdict(.success(try await transport.send(request)), root: root)
        } catch {
            return verdict(.failure(error), root: root)
        }
    }

    /// The verdict on `/ping`'s outcome.
    ///
    /// - Parameters:
    ///   - outcome: The response, or why none came.
    ///   - root: The API root, for messages.
    public static func verdict(_ outcome: Result<HTTPResponse, TransportError>, root: String) -> Verdict {
        let ping = "GET \(root)/ping"
        let roots =
            "the API root is the part before /ping: https://api.coingecko.com/api/v3 for CoinGecko, "
            + "http://HOST:PORT/api/v3 for workbench serve"
        let response: HTTPResponse
        switch outcome {
        case .failure(.timedOut):
            return .unusable(
                "\(ping): no answer within \(timeoutMilliseconds / 1000) s; is the host up and reachable?")
        case .failure(let error):
            return .unusable("\(ping): \(error); is the host up, and the port right?")
        case .success(let answer): response = answer
        }
        let status = response.status
        if CoinGeckoErrorBody.isHTMLPage(response.body) {
            return .unusable(
                "\(ping) answered HTTP \(status) with an HTML page, not CoinGecko's JSON: \(roots)")
        }
        switch status {
        case 200:
            let text = String(decoding: response.body.prefix(200), as: UTF8.self)
            return text.contains("gecko_says")
                ? .ready
                : .warning(
                    "\(ping) answered 200 without CoinGecko's ping body: is this CoinGecko's API? (\(roots))")
        case 404:
            return .unusable("\(ping) is not found (HTTP 404): \(roots)")
        case 401, 403:
            return .unusable(
                "\(ping) was refused (HTTP \(status)): check the key (--api-key-env) and its plan's root "
                    + "(a demo key on api.coingecko.com, a paid key on pro-api.coingecko.com)")
        case 429:
            return .warning(
                "\(ping) was rate limited (HTTP 429): the run's first requests may be refused too")
        case 500...599:
            return .warning(
                "\(ping) answered HTTP \(status): the API is failing; the run goes on and measures it")
        default:
            return .unusable("\(ping) answered HTTP \(status), which CoinGecko's ping never does: \(roots)")
        }
    }
}
