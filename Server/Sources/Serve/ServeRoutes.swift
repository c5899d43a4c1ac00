import AppHosting
import Foundation
import HTTPTypes
import Hummingbird
import TrackerCore
import WorkbenchFoundation

/// The HTTP side of `workbench serve`: CoinGecko's paths under `/api/v3`, answered by the
/// ``SimulatedAPI``, and the admin API under `/__admin` (WireMock's conventions).
public enum ServeRoutes {
    /// Options of the HTTP layer.
    public struct Options: Sendable {
        /// Serve the admin API.
        public var admin = true
        /// Real seconds a simulated timeout holds the connection before answering 504.
        public var holdSeconds = 15.0
        /// Sleep each reply's simulated latency for real.
        public var sleepLatency = true
        /// Simulated seconds per real second: a latency is slept at this speed, so that at
        /// `--speed X` an answer takes the simulated time it would in `workbench run` (1 with a
        /// manual clock).
        public var speed = 1.0
        /// The token every admin request must carry (`Authorization: Bearer TOKEN`); nil: none.
        public var adminToken: [UInt8]?

        /// Default options.
        public init() {}
    }

    /// Whether a request carries the admin token, compared in constant time (every byte of the
    /// longer of the two is read, whatever matches).
    static func authorized(_ request: Request, token: [UInt8]) -> Bool {
        let given = Array((request.headers[.authorization] ?? "").utf8)
        let expected = Array("Bearer ".utf8) + token
        var difference = given.count ^ expected.count
        for index in 0..<max(given.count, expected.count) {
            let left = index < given.count ? given[index] : 0
            let right = index < expected.count ? expected[index] : 0
            difference |= Int(left ^ right)
        }
        return difference == 0
    }

    /// The admin API's answer without the token.
    static func unauthorized() -> Response {
        var response = json(
            401,
            .object([
                .init(
                    "error", .string("the admin API needs 'Authorization: Bearer TOKEN' (--admin-token-file)")
                )
            ]))
        response.headers[.wwwAuthenticate] = "Bearer"
        return response
    }

    /// The most bytes an admin request body may have.
    public static let maximumBodyBytes = 64 * 1024

    /// The longest a reply's latency is slept, in real seconds, whatever the latency and the
    /// speed (a lognormal tail at a low `--speed` has no other bound).
    public static let maximumLatencySeconds = 600.0

    /// Builds the router.
    ///
    /// - Parameters:
    ///   - api: The simulated API.
    ///   - options: Admin, timeouts, latency.
    ///   - gate: Closed when the server is told to stop: held and delayed replies go out within 50 ms.
    public static func router(_ api: SimulatedAPI, options: Options, gate: ShutdownGate = ShutdownGate())
        -> Router<BasicRequestContext>
    {
        let router = Router()
        router.get("/api/v3/**") { request, _ in
            await answer(request, api: api, options: options, gate: gate)
        }
        // Outside /api/v3, CoinGecko's own 404 for a path it does not serve.
        router.get("/**") { _, _ in
            json(
                404,
                .object([
                    .init("error", .string("Incorrect path. Please check https://www.coingecko.com/api/"))
                ]))
        }
        guard options.admin else { return router }
        // With a token, every admin path answers 401 until the request carries it.
        let token = options.adminToken
        func guarded(
            _ handler: @escaping @Sendable (Request, BasicRequestContext) async -> Response
        ) -> @Sendable (Request, BasicRequestContext) async -> Response {
            { request, context in
                if let token, !authorized(request, token: token) { return unauthorized() }
                return await handler(request, context)
            }
        }
        router.get(
            "/__admin/health",
            use: guarded { _, _ in
                let time = api.simulatedTime()
                return json(
                    200,
                    .object([
                        .init("status", .string("ok")), .init("now", .string(TimeFormatting.iso8601(time))),
                        .init("now_ms", .integer(time)), .init("clock", .string(api.clockMode().rawValue)),
                        .init("speed", .number(api.clockSpeed())),
                        .init("market_from", .string(TimeFormatting.iso8601(api.marketTimes.lowerBound))),
                        .init("market_to", .string(TimeFormatting.iso8601(api.marketTimes.upperBound))),
                        .init("outage", .bool(api.isActive(.outage))),
                        .init("storm", .bool(api.isActive(.storm))),
                    ]))
            })
        router.get(
            "/__admin/requests",
            use: guarded { _, _ in
                let (entries, total) = api.journal()
                return json(
                    200,
                    .object([
                        .init("total", .integer(Int64(total))),
                        .init("requests", .array(entries.map(journalEntry))),
                    ]))
            })
        router.post(
            "/__admin/clock",
            use: guarded { request, _ in
                await adminBody(request) { body in try await AdminCommands.clock(body, api: api) }
            })
        router.post(
            "/__admin/faults",
            use: guarded { request, _ in
                await adminBody(request) { body in try await AdminCommands.faults(body, api: api) }
            })
        // Any other admin path: a JSON 404 naming the ones there are.
        let unknownAdmin: @Sendable (Request, BasicRequestContext) async -> Response = { request, _ in
            json(
                404,
                .object([
                    .init("error", .string("no admin endpoint \(request.method) \(request.uri.path)")),
                    .init(
                        "endpoints",
                        .array(
                            [
                                "GET /__admin/health", "GET /__admin/requests", "POST /__admin/clock",
                                "POST /__admin/faults",
                            ].map { .string($0) })),
                ]))
        }
        // Every method on every admin path: without the token a PUT or DELETE is refused (401) like
        // a GET, not a 404 (the router does not fall back to `**` for another method of a path
        // it knows).
        router.get("/__admin/**", use: guarded(unknownAdmin))
        router.post("/__admin/**", use: guarded(unknownAdmin))
        for path in [
            "/__admin/**", "/__admin/health", "/__admin/requests", "/__admin/clock", "/__admin/faults",
        ] {
            router.put(RouterPath(path), use: guarded(unknownAdmin))
            router.delete(RouterPath(path), use: guarded(unknownAdmin))
            router.patch(RouterPath(path), use: guarded(unknownAdmin))
        }
        router.post("/__admin/health", use: guarded(unknownAdmin))
        router.post("/__admin/requests", use: guarded(unknownAdmin))
        router.get("/__admin/clock", use: guarded(unknownAdmin))
        router.get("/__admin/faults", use: guarded(unknownAdmin))
        return router
    }

    /// The real time a reply's simulated latency is slept at `speed`, at most
    /// ``maximumLatencySeconds``.
    static func latencySleep(milliseconds: Int64, speed: Double) -> Duration {
        let seconds = Double(milliseconds) / 1000 / speed
        guard seconds > 0 else { return .zero }
        return .microseconds(Int64((min(seconds, maximumLatencySeconds) * 1_000_000).rounded()))
    }

    /// One CoinGecko request: the simulated server's reply, after its latency; a timeout holds
    /// the connection, then answers 504. When the gate closes (the server is stopping), a delayed
    /// reply goes out within 50 ms and a held timeout answers 503.
    static func answer(_ request: Request, api: SimulatedAPI, options: Options, gate: ShutdownGate) async
        -> Response
    {
        let path = String(request.uri.path.dropFirst("/api/v3".count))
        if path == "/ping" {
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: #"{"gecko_says":"(V3) To the Moon!"}"#)))
        }
        let headers = apiKeyHeaders(request.headers)
        let query = TrackerCore.HTTPRequest.queryItems(parsing: request.uri.query ?? "")
        let (reply, time) = api.answer(
            TrackerCore.HTTPRequest(path: path, query: query, headers: headers))
        if options.sleepLatency, reply.latencyMilliseconds > 0 {
            _ = await gate.wait(latencySleep(milliseconds: reply.latencyMilliseconds, speed: options.speed))
        }
        guard let response = reply.response else {
            guard await gate.wait(.seconds(options.holdSeconds)) else {
                return json(503, .object([.init("error", .string("the server is shutting down"))]))
            }
            return json(
                504, .object([.init("error", .string("the simulated server did not answer (timeout)"))]))
        }
        var fields = HTTPFields()
        fields.reserveCapacity(response.headers.fields.count + 3)
        for field in response.headers.fields {
            guard let name = HeaderNames.field(named: field.name), name != .contentLength else { continue }
            fields.append(HTTPField(name: name, value: field.value))
        }
        // A few fields, looked through in place (a lookup by name joins the values it finds).
        func has(_ name: HTTPField.Name) -> Bool { fields.contains { $0.name == name } }
        // Each name below is set (any the simulated server wrote replaced), appended when new.
        func set(_ name: HTTPField.Name, _ value: String) {
            if has(name) { fields[name] = value } else { fields.append(HTTPField(name: name, value: value)) }
        }
        if !has(.contentType) {
            fields.append(HTTPField(name: .contentType, value: "application/json; charset=utf-8"))
        }
        // Hummingbird sets `Date` to the real time on every response, as the real API does; the
        // simulated time the answer describes goes beside it.
        set(HeaderNames.simulatedDate, TimeFormatting.httpDate(time))
        // When the data was current, to the millisecond (a cached answer's store time), so that
        // `workbench live` ages it as `workbench run` does (LiveShell.dataTimeHeader).
        if let dataTime = reply.dataTime { set(HeaderNames.simulatedDataTime, String(dataTime)) }
        return Response(
            status: .init(code: response.status), headers: fields,
            body: .init(byteBuffer: ByteBuffer(bytes: response.body)))
    }

    /// The request's API key headers for the simulated server, in ``HeaderNames/keys``' order,
    /// each one's values joined as `HTTPFields` joins them (`, `), looked through in place.
    static func apiKeyHeaders(_ fields: HTTPFields) -> [HTTPHeaders.Field] {
        HeaderNames.keys.compactMap { text, name in
            let values = fields.lazy.filter { $0.name == name }.map(\.value)
            return values.isEmpty ? nil : HTTPHeaders.Field(text, values.joined(separator: ", "))
        }
    }

    /// Header names made once: making an `HTTPField.Name` checks its text, and every request
    /// needs these.
    enum HeaderNames {
        /// The API key headers, by their text.
        static let keys: [(String, HTTPField.Name)] = ["x-cg-demo-api-key", "x-cg-pro-api-key"].map {
            ($0, HTTPField.Name($0)!)
        }
        /// `X-Simulated-Date`.
        static let simulatedDate = HTTPField.Name("X-Simulated-Date")!
        /// `X-Simulated-Data-Time`: epoch ms.
        static let simulatedDataTime = HTTPField.Name("X-Simulated-Data-Time")!
        /// The names the simulated server writes.
        private static let known: [String: HTTPField.Name] = Dictionary(
            uniqueKeysWithValues: ["Content-Type", "Cache-Control", "Age", "Retry-After", "Content-Length"]
                .map {
                    ($0, HTTPField.Name($0)!)
                })

        /// The field name for a header the simulated server wrote.
        static func field(named name: String) -> HTTPField.Name? {
            known[name] ?? HTTPField.Name(name)
        }
    }

    static func journalEntry(_ entry: JournalEntry) -> JSONValue {
        .object([
            .init("time", .string(TimeFormatting.iso8601(entry.time))),
            .init("time_ms", .integer(entry.time)),
            .init("endpoint", .string(entry.endpoint)), .init("target", .string(entry.target)),
            .init("status", .integer(Int64(entry.status))), .init("outcome", .string(entry.outcome.rawValue)),
            .init("latency_ms", .integer(entry.latencyMilliseconds)),
        ])
    }

    /// Reads an admin request's JSON body (bounded), runs the command, and answers its result or
    /// a 400 naming what was wrong.
    static func adminBody(_ request: Request, _ command: ([UInt8]) async throws -> JSONValue) async
        -> Response
    {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maximumBodyBytes)
        } catch {
            return json(413, .object([.init("error", .string("the body is over \(maximumBodyBytes) bytes"))]))
        }
        do {
            return json(200, try await command(Array(body.readableBytesView)))
        } catch let error as AdminCommands.Failure {
            return json(400, .object([.init("error", .string(error.message))]))
        } catch {
            return json(400, .object([.init("error", .string("\(error)"))]))
        }
    }

    static func json(_ status: Int, _ value: JSONValue) -> Response {
        Response(
            status: .init(code: status), headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: value.document(.compact))))
    }
}
