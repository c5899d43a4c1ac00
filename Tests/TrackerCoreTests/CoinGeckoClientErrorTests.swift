import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("CoinGecko client errors")
struct CoinGeckoClientErrorTests {
    static let rateLimitBody = Array(
        #"{"status":{"error_code":429,"error_message":"You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits."}}"#
            .utf8)

    @Test("429 with CoinGecko's JSON body and retry-after in seconds")
    func rateLimitedJSON() async throws {
        let transport = StubTransport(status: 429, headers: ["Retry-After": "30"], body: Self.rateLimitBody)
        let error = await #expect(throws: CoinGeckoError.self) {
            _ = try await CoinGeckoClient(transport: transport).marketChart(id: "bitcoin", days: "1")
        }
        guard case .rateLimited(let delay, let body) = error?.kind else {
            Issue.record("expected rate limited, got \(String(describing: error))")
            return
        }
        #expect(delay == 30_000)
        #expect(body.format == .json && body.code == 429)
        #expect(body.message?.hasPrefix("You've exceeded the Rate Limit.") == true)
        #expect(error?.isTransient == true)
        #expect(
            error?.description.hasPrefix(
                "GET /coins/bitcoin/market_chart?vs_currency=usd&days=1: rate limited (HTTP 429), retry after 30 s: You've exceeded"
            ) == true)
    }

    @Test("429 as an HTML page, retry-after as an HTTP date measured against the response's Date")
    func rateLimitedHTML() async throws {
        let page = Array(
            "<!DOCTYPE html>\n<html><head><title>429 Too Many Requests</title></head></html>".utf8)
        let headers: HTTPHeaders = [
            "date": "Sat, 15 May 2021 15:34:27 GMT", "retry-after": "Sat, 15 May 2021 15:35:27 GMT",
            "content-type": "text/html",
        ]
        let error = await #expect(throws: CoinGeckoError.self) {
            _ = try await CoinGeckoClient(transport: StubTransport(status: 429, headers: headers, body: page))
                .coinsList()
        }
        #expect(
            error?.kind
                == .rateLimited(retryAfterMilliseconds: 60_000, body: CoinGeckoErrorBody(format: .html)))
        #expect(
            error?.description == "GET /coins/list: rate limited (HTTP 429), retry after 60 s (an HTML page)")
    }

    @Test("404 on a coin endpoint is an unknown coin; on another endpoint a plain status")
    func unknownCoin() async throws {
        let body = Array(#"{"error":"coin not found"}"#.utf8)
        let transport = StubTransport(status: 404, body: body)
        let client = CoinGeckoClient(transport: transport)
        let coinError = await #expect(throws: CoinGeckoError.self) {
            _ = try await client.coinDetail(id: "no-such-coin")
        }
        #expect(coinError?.kind == .unknownCoin(id: "no-such-coin"))
        #expect(coinError?.isTransient == false)
        let listError = await #expect(throws: CoinGeckoError.self) { _ = try await client.coinsList() }
        #expect(
            listError?.kind
                == .httpStatus(404, body: CoinGeckoErrorBody(format: .json, message: "coin not found")))
    }

    @Test("a transport timeout names the request and is transient")
    func transportFailures() async throws {
        let timeout = StubTransport { request throws(TransportError) in
            throw .timedOut(afterMilliseconds: request.timeoutMilliseconds)
        }
        let error = await #expect(throws: CoinGeckoError.self) {
            _ = try await CoinGeckoClient(transport: timeout).search(query: "bit")
        }
        #expect(error?.kind == .transport(.timedOut(afterMilliseconds: 10_000)))
        #expect(error?.description == "GET /search?query=bit: timed out after 10000 ms")
        #expect(error?.isTransient == true)
    }

    @Test("a decoding error names the request and the JSON path")
    func decodingErrorNamesPath() async throws {
        let body = Array(
            #"[{"id":"bitcoin","symbol":"btc","name":"Bitcoin","current_price":"16951.52"}]"#.utf8)
        let error = await #expect(throws: CoinGeckoError.self) {
            _ = try await CoinGeckoClient(transport: StubTransport(status: 200, body: body)).markets(ids: [
                "bitcoin"
            ])
        }
        guard case .decoding(let located) = error?.kind else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(located.path == "$[0].current_price")
        #expect(located.line == 1 && located.column == 66)
        #expect(located.expected == "a finite number")
        #expect(error?.isTransient == false)
    }

    @Test("a row without its id, a bad date, truncation and trailing bytes are located errors")
    func malformedMarkets() throws {
        let cases: [(String, String, String)] = [
            (#"[{"symbol":"btc","name":"Bitcoin"}]"#, "$[0]", "a member \"id\""),
            (
                #"[{"id":"b","symbol":"b","name":"B","last_updated":"2023-13-08T16:49:40Z"}]"#,
                "$[0].last_updated",
                "an ISO-8601 date-time such as \"2021-05-15T15:58:12.266Z\""
            ),
            (
                #"[{"id":"b","symbol":"b","name":"B","market_cap_rank":1.5}]"#, "$[0].market_cap_rank",
                "an integer"
            ),
            (#"[{"id":"b","symbol":"b","#, "$[0]", "a member name in quotes"),
            (#"[] x"#, "$", "the end of the document"),
        ]
        for (text, path, expected) in cases {
            let error = #expect(throws: LocatedDecodingError.self, "\(text)") {
                _ = try CoinMarket.decodeList(Array(text.utf8))
            }
            #expect(error?.path == path, "\(text)")
            #expect(error?.expected == expected, "\(text)")
        }
    }

    @Test("error bodies in every shape CoinGecko used, and bodies that are none")
    func errorBodies() {
        let cases: [(String, CoinGeckoErrorBody)] = [
            (#"{"error":"Missing parameter ids"}"#, .init(format: .json, message: "Missing parameter ids")),
            (
                #"{"status":500,"error":"Internal Server Error"}"#,
                .init(format: .json, code: 500, message: "Internal Server Error")
            ),
            (
                #"{"status":{"error_code":429,"error_message":"slow down"}}"#,
                .init(format: .json, code: 429, message: "slow down")
            ),
            (
                #"{"error":{"status":{"error_code":10002,"error_message":"API key missing"}}}"#,
                .init(format: .json, code: 10002, message: "API key missing")
            ),
            ("  <html>busy</html>", .init(format: .html)),
            ("", .init(format: .other)),
            (#"{"error":"unterminated"#, .init(format: .other)),
            ("Service Unavailable", .init(format: .other)),
        ]
        for (text, expected) in cases {
            #expect(CoinGeckoErrorBody.recognise(Array(text.utf8)) == expected, "\(text)")
        }
    }

    @Test("Retry-After: seconds, fractions, HTTP dates, and values that are neither")
    func retryAfter() {
        #expect(RetryAfter.delayMilliseconds("30") == 30_000)
        #expect(RetryAfter.delayMilliseconds(" 0 ") == 0)
        #expect(RetryAfter.delayMilliseconds("1.5") == 1_500)
        let date = "Sat, 15 May 2021 15:34:27 GMT"
        #expect(RetryAfter.delayMilliseconds("Sat, 15 May 2021 15:35:00 GMT", responseDate: date) == 33_000)
        #expect(RetryAfter.delayMilliseconds("Sat, 15 May 2021 15:00:00 GMT", responseDate: date) == 0)
        #expect(RetryAfter.delayMilliseconds("Sat, 15 May 2021 15:35:00 GMT") == nil)
        #expect(RetryAfter.delayMilliseconds("-5") == nil)
        #expect(RetryAfter.delayMilliseconds("soon") == nil)
        #expect(RetryAfter.delayMilliseconds("nan") == nil)
    }

    @Test("ISO-8601 date-times with and without fractions and offsets")
    func iso8601() {
        #expect(CivilDate.parseISO8601("1970-01-01T00:00:00Z") == 0)
        #expect(CivilDate.parseISO8601("2021-05-15T15:58:12.266Z") == 1_621_094_292_266)
        #expect(CivilDate.parseISO8601("2021-05-15T15:58:12Z") == 1_621_094_292_000)
        #expect(CivilDate.parseISO8601("2021-05-15T15:58:12.2Z") == 1_621_094_292_200)
        #expect(CivilDate.parseISO8601("2021-05-15T15:58:12.266789Z") == 1_621_094_292_266)
        #expect(CivilDate.parseISO8601("2021-05-15T23:58:12.266+08:00") == 1_621_094_292_266)
        #expect(CivilDate.parseISO8601("2021-05-15T10:28:12.266-0530") == 1_621_094_292_266)
        #expect(CivilDate.parseISO8601("2013-07-06T00:00:00.000Z") == 1_373_068_800_000)
        for bad in [
            "", "2021-05-15", "2021-05-15T15:58:12", "2021-02-29T00:00:00Z", "2021-05-15T24:00:00Z",
            "2021-05-15T15:58:12.Z", "2021-05-15T15:58:12Zjunk", "21-05-15T15:58:12Z",
        ] {
            #expect(CivilDate.parseISO8601(bad) == nil, "\(bad)")
        }
    }
}
