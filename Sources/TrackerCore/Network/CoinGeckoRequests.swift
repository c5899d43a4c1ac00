/// Builds the tracker's CoinGecko requests with their real query shapes.
///
/// The shapes are the app's (Pointwelve/Bitpal-iOS `CoinGeckoService`): markets as one batched
/// `/coins/markets?vs_currency=usd&ids=a,b,c&price_change_percentage=24h`, the coin screen's
/// detail with `localization=false&tickers=false&...`, charts by `days`. Batches whose request
/// line would be longer than ``maxTargetLength`` are split, so a 1,000-coin watchlist never sends
/// a URL that a CDN refuses (`414 URI Too Long`).
public struct CoinGeckoRequests: Sendable, Equatable {
    /// An API key and the header it goes in.
    public enum APIKey: Sendable, Equatable {
        /// A demo-plan key: `x-cg-demo-api-key`.
        case demo(String)
        /// A paid-plan key: `x-cg-pro-api-key` (on `pro-api.coingecko.com`).
        case pro(String)

        /// A key as the app sends it on `plan`: in the pro header on a paid plan, else in the
        /// demo header (a key given on the keyless plan is still sent, as a demo key).
        ///
        /// - Parameters:
        ///   - key: The key.
        ///   - plan: The plan it is on.
        public init(_ key: String, on plan: RateLimitPlan) {
            self = plan.tier == .pro ? .pro(key) : .demo(key)
        }

        /// The header it is sent in.
        public var header: HTTPHeaders.Field {
            switch self {
            case .demo(let key): HTTPHeaders.Field("x-cg-demo-api-key", key)
            case .pro(let key): HTTPHeaders.Field("x-cg-pro-api-key", key)
            }
        }
    }

    /// How `/coins/markets` pages are asked for.
    public enum MarketsPaging: Sendable, Equatable {
        /// No `per_page`: the app (Pointwelve/Bitpal-iOS
        /// `Bitpal-v2/Bitpal/Services/CoinGeckoService.swift`, `fetchMarketData(coinIds:)`).
        /// CoinGecko's default of 100 rows applies, so a batch of more than 100 ids silently loses
        /// the rest.
        case serverDefault
        /// `per_page` set to the batch size; batches hold at most 250 ids, CoinGecko's maximum.
        case batchSize
    }

    /// The API key, if any.
    public var apiKey: APIKey?
    /// The timeout given to every request, ms (the app: 10 s per request).
    public var timeoutMilliseconds: Int64
    /// The longest path-and-query a batched request may have before it is split.
    public var maxTargetLength: Int
    /// How markets batches are paged.
    public var marketsPaging: MarketsPaging

    /// The most ids CoinGecko returns in one `/coins/markets` page.
    public static let maximumPageSize = 250

    /// Creates a builder.
    ///
    /// - Parameters:
    ///   - apiKey: The API key, if any.
    ///   - timeoutMilliseconds: The per-request timeout.
    ///   - maxTargetLength: The longest request target before a batch is split (2,000 by default,
    ///     the conservative limit browsers and CDNs agree on).
    ///   - marketsPaging: How markets batches are paged.
    public init(
        apiKey: APIKey? = nil,
        timeoutMilliseconds: Int64 = 10_000,
        maxTargetLength: Int = 2_000,
        marketsPaging: MarketsPaging = .serverDefault
    ) {
        self.apiKey = apiKey
        self.timeoutMilliseconds = timeoutMilliseconds
        self.maxTargetLength = maxTargetLength
        self.marketsPaging = marketsPaging
    }

    /// `/coins/markets` for the given ids, split into as many requests as needed.
    ///
    /// - Parameters:
    ///   - ids: The coin ids, in watchlist order; duplicates are sent once.
    ///   - vsCurrency: The quote currency.
    ///   - priceChangePercentage: Extra change windows (`24h`, `7d`); empty sends none.
    /// - Returns: One request per batch, in order; none for no ids.
    public func coinsMarkets(
        ids: [String],
        vsCurrency: String = "usd",
        priceChangePercentage: [String] = ["24h"]
    ) -> [HTTPRequest] {
        let pageLimit = marketsPaging == .batchSize ? Self.maximumPageSize : Int.max
        return batches(of: ids, limit: pageLimit) { batch in
            var query = [
                HTTPRequest.QueryItem("vs_currency", vsCurrency), .init("ids", batch.joined(separator: ",")),
            ]
            if !priceChangePercentage.isEmpty {
                query.append(.init("price_change_percentage", priceChangePercentage.joined(separator: ",")))
            }
            if marketsPaging == .batchSize { query.append(.init("per_page", String(batch.count))) }
            return request("/coins/markets", query)
        }
    }

    /// `/simple/price` for the given ids and currencies, split like ``coinsMarkets(ids:vsCurrency:priceChangePercentage:)``.
    ///
    /// - Parameters:
    ///   - ids: The coin ids.
    ///   - vsCurrencies: The quote currencies.
    ///   - include24hChange: Whether to ask for `include_24hr_change`.
    ///   - includeLastUpdatedAt: Whether to ask for `include_last_updated_at`.
    /// - Returns: One request per batch.
    public func simplePrice(
        ids: [String],
        vsCurrencies: [String] = ["usd"],
        include24hChange: Bool = true,
        includeLastUpdatedAt: Bool = true
    ) -> [HTTPRequest] {
        batches(of: ids, limit: Int.max) { batch in
            var query = [
                HTTPRequest.QueryItem("ids", batch.joined(separator: ",")),
                .init("vs_currencies", vsCurrencies.joined(separator: ",")),
            ]
            if include24hChange { query.append(.init("include_24hr_change", "true")) }
            if includeLastUpdatedAt { query.append(.init("include_last_updated_at", "true")) }
            return request("/simple/price", query)
        }
    }

    /// `/coins/{id}` with the flags the app's coin screen sends (market data only).
    ///
    /// - Parameter id: The coin id.
    public func coinDetail(id: String) -> HTTPRequest {
        request(
            "/coins/\(HTTPRequest.percentEncoded(id))",
            [
                .init("localization", "false"), .init("tickers", "false"), .init("market_data", "true"),
                .init("community_data", "false"), .init("developer_data", "false"),
                .init("sparkline", "false"),
            ]
        )
    }

    /// `/coins/{id}/history?date=dd-mm-yyyy`: a coin's snapshot on a past day.
    ///
    /// - Parameters:
    ///   - id: The coin id.
    ///   - date: The day, `dd-mm-yyyy` as CoinGecko wants it.
    public func coinHistory(id: String, date: String) -> HTTPRequest {
        request(
            "/coins/\(HTTPRequest.percentEncoded(id))/history",
            [.init("date", date), .init("localization", "false")]
        )
    }

    /// `/coins/{id}/market_chart`.
    ///
    /// - Parameters:
    ///   - id: The coin id.
    ///   - vsCurrency: The quote currency.
    ///   - days: `1`, `7`, ... or `max`.
    ///   - interval: `daily` to force daily points; nil lets CoinGecko choose by span.
    public func marketChart(id: String, vsCurrency: String = "usd", days: String, interval: String? = nil)
        -> HTTPRequest
    {
        var query = [HTTPRequest.QueryItem("vs_currency", vsCurrency), .init("days", days)]
        if let interval { query.append(.init("interval", interval)) }
        return request("/coins/\(HTTPRequest.percentEncoded(id))/market_chart", query)
    }

    /// `/coins/{id}/ohlc`.
    ///
    /// - Parameters:
    ///   - id: The coin id.
    ///   - vsCurrency: The quote currency.
    ///   - days: One of the free API's `1, 7, 14, 30, 90, 180, 365, max`.
    public func ohlc(id: String, vsCurrency: String = "usd", days: String) -> HTTPRequest {
        request(
            "/coins/\(HTTPRequest.percentEncoded(id))/ohlc",
            [.init("vs_currency", vsCurrency), .init("days", days)])
    }

    /// `/search?query=...`.
    ///
    /// - Parameter query: What the user typed.
    public func search(query: String) -> HTTPRequest {
        request("/search", [.init("query", query)])
    }

    /// `/coins/list`.
    public func coinsList() -> HTTPRequest {
        request("/coins/list", [])
    }

    /// A request for any path below the API root, with this builder's key and timeout
    /// (`workbench record` sends the paths a user lists).
    ///
    /// - Parameters:
    ///   - path: The path, starting with `/`.
    ///   - query: The query parameters.
    public func request(_ path: String, _ query: [HTTPRequest.QueryItem]) -> HTTPRequest {
        HTTPRequest(
            path: path,
            query: query,
            headers: apiKey.map { [$0.header] } ?? [],
            timeoutMilliseconds: timeoutMilliseconds
        )
    }

    /// Greedy packing of ids into requests no longer than ``maxTargetLength`` and no larger than
    /// `limit`. An id too long for any request still goes alone, so nothing is dropped.
    ///
    /// The length of a batch plus one id is estimated incrementally (a literal comma and the id's
    /// encoded bytes); only near the limit, where a growing `per_page` could add a digit, is the
    /// request built to measure it exactly. O(n) for n ids instead of O(n^2).
    private func batches(
        of ids: [String],
        limit: Int,
        build: ([String]) -> HTTPRequest
    ) -> [HTTPRequest] {
        var seen: Set<String> = []
        seen.reserveCapacity(ids.count)
        let unique = ids.filter { seen.insert($0).inserted }
        var requests: [HTTPRequest] = []
        var batch: [String] = []
        var length = 0
        for id in unique {
            let estimate = length + 1 + HTTPRequest.percentEncodedLength(id)
            let fits: Bool
            if batch.isEmpty {
                fits = true
            } else if batch.count + 1 > limit {
                fits = false
            } else if estimate + 8 < maxTargetLength {
                fits = true
            } else {
                fits = build(batch + [id]).target.utf8.count <= maxTargetLength
            }
            if fits {
                batch.append(id)
                length = batch.count == 1 ? build(batch).target.utf8.count : estimate
            } else {
                requests.append(build(batch))
                batch = [id]
                length = build(batch).target.utf8.count
            }
        }
        if !batch.isEmpty { requests.append(build(batch)) }
        return requests
    }
}
