import WorkbenchFoundation

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
        // Slices of the path, compared in place: only a coin id becomes a `String` (every
        // per-coin request is parsed by the app and by the server).
        var parts = Self.pathParts(path)[...]
        if parts.count >= 2, parts[parts.startIndex] == "api", parts[parts.startIndex + 1] == "v3" {
            parts = parts.dropFirst(2)
        }
        let part = { (index: Int) in parts[parts.startIndex + index] }
        switch parts.count {
        case 1 where part(0) == "search": self = .search
        case 2 where part(0) == "simple" && part(1) == "price": self = .simplePrice
        case 2 where part(0) == "coins" && part(1) == "markets": self = .coinsMarkets
        case 2 where part(0) == "coins" && part(1) == "list": self = .coinsList
        case 2 where part(0) == "coins": self = .coinDetail(coinId: String(part(1)))
        case 3 where part(0) == "coins" && part(2) == "market_chart":
            self = .marketChart(coinId: String(part(1)))
        case 3 where part(0) == "coins" && part(2) == "ohlc": self = .ohlc(coinId: String(part(1)))
        case 3 where part(0) == "coins" && part(2) == "history": self = .coinHistory(coinId: String(part(1)))
        default: return nil
        }
    }

    /// The path's parts between its slashes, up to a `?`, empty ones left out. An ASCII path
    /// splits at its bytes, as it splits at those characters (in ASCII only CR LF joins two bytes
    /// into one): splitting by `Character` cost 12,000 instructions a chart path.
    private static func pathParts(_ path: String) -> [Substring] {
        var text = path
        let asciiRanges = text.withUTF8 { bytes -> [Range<Int>]? in
            guard bytes.isASCII else { return nil }
            // The path is the first run of bytes without a `?` (a split that drops empty pieces).
            var first = 0
            while first < bytes.count, bytes[first] == UInt8(ascii: "?") { first += 1 }
            var end = first
            while end < bytes.count, bytes[end] != UInt8(ascii: "?") { end += 1 }
            var ranges: [Range<Int>] = []
            var start = first
            for index in first...end where index == end || bytes[index] == UInt8(ascii: "/") {
                if index > start { ranges.append(start..<index) }
                start = index + 1
            }
            return ranges
        }
        guard let ranges = asciiRanges else {
            let pathOnly = path.split(separator: "?", maxSplits: 1).first ?? ""
            return pathOnly.split(separator: "/")
        }
        let utf8 = path.utf8
        let at = { (offset: Int) in utf8.index(utf8.startIndex, offsetBy: offset) }
        return ranges.map { Substring(utf8[at($0.lowerBound)..<at($0.upperBound)]) }
    }

    /// An endpoint without its coin: what reports group requests by and a proxy sets TTLs by,
    /// named by its path template (`/coins/{id}/ohlc`), in the order the API documents them.
    public enum Route: String, Sendable, Hashable, CaseIterable {
        /// `/simple/price`.
        case simplePrice = "/simple/price"
        /// `/coins/markets`.
        case coinsMarkets = "/coins/markets"
        /// `/coins/list`.
        case coinsList = "/coins/list"
        /// `/search`.
        case search = "/search"
        /// `/coins/{id}`.
        case coinDetail = "/coins/{id}"
        /// `/coins/{id}/history`.
        case coinHistory = "/coins/{id}/history"
        /// `/coins/{id}/market_chart`.
        case marketChart = "/coins/{id}/market_chart"
        /// `/coins/{id}/ohlc`.
        case ohlc = "/coins/{id}/ohlc"
    }

    /// Every endpoint's path template, in the order the API documents them: what ``init(path:)``
    /// recognises and the simulated server answers. Lists shown to users (error messages) and
    /// `docs/openapi.yaml` (checked by a test) follow it rather than keep their own.
    public static let templates: [String] = Route.allCases.map(\.rawValue)

    /// The endpoint without its coin.
    public var route: Route {
        switch self {
        case .coinsMarkets: .coinsMarkets
        case .simplePrice: .simplePrice
        case .coinsList: .coinsList
        case .search: .search
        case .coinDetail: .coinDetail
        case .coinHistory: .coinHistory
        case .marketChart: .marketChart
        case .ohlc: .ohlc
        }
    }

    /// The endpoint's path template, as reports group requests: `/coins/{id}/ohlc`.
    public var template: String { route.rawValue }

    /// The coin the endpoint is about, for per-coin endpoints.
    public var coinId: String? {
        switch self {
        case .coinDetail(let id), .coinHistory(let id), .marketChart(let id), .ohlc(let id): id
        default: nil
        }
    }
}
