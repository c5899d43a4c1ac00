/// The CoinGecko API v3 endpoints the tracker uses, recognised from a request path and query.
public enum CoinGeckoEndpoint: Sendable, Equatable {
    /// `/coins/markets`: the watchlist's batched market data.
    case coinsMarkets
    /// `/simple/price`: bare prices.
    case simplePrice
    /// `/coins/list`: every coin's id, symbol and name (the search index).
    case coinsList
    /// `/search`: CoinGecko's own search.
    case search
    /// `/coins/{id}`: a coin's detail.
    case coinDetail(coinId: String)
    /// `/coins/{id}/history`: a coin's snapshot on a date.
    case coinHistory(coinId: String)
    /// `/coins/{id}/market_chart`: prices, market caps, volumes.
    case marketChart(coinId: String)
    /// `/coins/{id}/ohlc`: candles.
    case ohlc(coinId: String)

    /// Recognises an endpoint from a URL path such as `/api/v3/coins/bitcoin/ohlc`.
    ///
    /// - Parameter path: The path, with or without the `/api/v3` prefix; a query is ignored.
    /// - Returns: The endpoint, or nil for a path the tracker does not use.
    public init?(path: String) {
        // The endpoints without a coin id, as the app sends them (every refresh asks).
        switch path {
        case "/coins/markets": self = .coinsMarkets
        case "/simple/price": self = .simplePrice
        case "/coins/list": self = .coinsList
        case "/search": self = .search
        default: self.init(parsing: path)
        }
    }

    private init?(parsing path: String) {
        let pathOnly = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        var parts = pathOnly.split(separator: "/").map(String.init)
        if parts.starts(with: ["api", "v3"]) { parts.removeFirst(2) }
        switch parts.count {
        case 1 where parts[0] == "search": self = .search
        case 2 where parts == ["simple", "price"]: self = .simplePrice
        case 2 where parts == ["coins", "markets"]: self = .coinsMarkets
        case 2 where parts == ["coins", "list"]: self = .coinsList
        case 2 where parts[0] == "coins": self = .coinDetail(coinId: parts[1])
        case 3 where parts[0] == "coins" && parts[2] == "market_chart": self = .marketChart(coinId: parts[1])
        case 3 where parts[0] == "coins" && parts[2] == "ohlc": self = .ohlc(coinId: parts[1])
        case 3 where parts[0] == "coins" && parts[2] == "history": self = .coinHistory(coinId: parts[1])
        default: return nil
        }
    }

    /// Every endpoint's path template, in the order the API documents them: what ``init(path:)``
    /// recognises and the simulated server answers. Lists shown to users (error messages) and
    /// `docs/openapi.yaml` (checked by a test) follow it rather than keep their own.
    public static let templates: [String] = [
        CoinGeckoEndpoint.simplePrice, .coinsMarkets, .coinsList, .search, .coinDetail(coinId: ""),
        .coinHistory(coinId: ""), .marketChart(coinId: ""), .ohlc(coinId: ""),
    ].map(\.template)

    /// The endpoint's path template, as reports group requests: `/coins/{id}/ohlc`.
    public var template: String {
        switch self {
        case .coinsMarkets: "/coins/markets"
        case .simplePrice: "/simple/price"
        case .coinsList: "/coins/list"
        case .search: "/search"
        case .coinDetail: "/coins/{id}"
        case .coinHistory: "/coins/{id}/history"
        case .marketChart: "/coins/{id}/market_chart"
        case .ohlc: "/coins/{id}/ohlc"
        }
    }

    /// The coin the endpoint is about, for per-coin endpoints.
    public var coinId: String? {
        switch self {
        case .coinDetail(let id), .coinHistory(let id), .marketChart(let id), .ohlc(let id): id
        default: nil
        }
    }
}
