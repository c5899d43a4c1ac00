/// Where in the app something failed: the name `failures.<source>.<kind>` counts it under.
public enum FailureSource: String, Sendable, Hashable, CaseIterable {
    /// The watchlist screen's loads and refreshes, and its add and remove.
    case watchlist
    /// The Portfolio tab's loads, and a trade the ledger refused.
    case portfolio
    /// A search sheet: the coin list, the matches' market data, the pick.
    case search
    /// The coin screen's detail.
    case detail
    /// A chart's load.
    case chart
    /// The home-screen widget's own fetch.
    case widget
    /// A person's tap the app could not take (it was in the background).
    case user

    /// The source of a screen's market-data fetch.
    ///
    /// - Parameter screen: The screen whose code asked.
    public init(_ screen: AppScreenKind) {
        switch screen {
        case .watchlist: self = .watchlist
        case .portfolio: self = .portfolio
        case .search: self = .search
        case .coin: self = .detail
        case .widget: self = .widget
        }
    }
}

/// What failed: a request's outcome, or an action the app refused.
public enum FailureKind: Sendable, Hashable, CustomStringConvertible {
    /// CoinGecko does not know the coin (404).
    case unknownCoin
    /// A 429.
    case rateLimited
    /// Any other status the client does not accept.
    case httpStatus(Int)
    /// No answer within the request's timeout.
    case timeout
    /// No answer at all (no connection, TLS, reset, offline).
    case transport
    /// A body that does not decode.
    case decoding
    /// A chart body with no row to draw.
    case noData
    /// The widget found the device offline.
    case offline
    /// The widget's batch had a `null` price (`CoinMarketData.currentPrice` is a strict `Decimal`).
    case nullPrice
    /// The widget's batch had two rows with one id (`Dictionary(uniqueKeysWithValues:)` traps).
    case duplicateIds
    /// The watchlist refused an add (the coin is on it already).
    case refusedAdd
    /// The watchlist refused a remove (the coin is not on it).
    case refusedRemove
    /// The ledger refused a trade.
    case refusedTrade
    /// A search's results did not show the coin the user looked for.
    case notInResults
    /// A request in a cancelled task: `URLSession` throws `URLError.cancelled` before it leaves.
    case cancelled
    /// A tap (its ``UserAction/verb``) while the app was in the background: nothing happened.
    case inBackground(verb: String)
    /// A gesture (its ``UserAction/verb``) on a screen that did not offer it then: a pull on
    /// the Portfolio tab's loading view or empty state, a page the tab did not list.
    case notOffered(verb: String)

    /// The kind of a client error.
    ///
    /// - Parameter kind: The error's kind.
    public init(_ kind: CoinGeckoError.Kind) {
        switch kind {
        case .unknownCoin: self = .unknownCoin
        case .rateLimited: self = .rateLimited
        case .httpStatus(let status, _): self = .httpStatus(status)
        case .transport(.timedOut): self = .timeout
        case .transport: self = .transport
        case .decoding: self = .decoding
        case .noData: self = .noData
        }
    }

    /// Whether this is the app refusing what the user did (a duplicate add, a remove of a coin
    /// not listed, an oversold trade, a coin a search did not show, a tap in the background, a
    /// gesture the screen did not offer): the user's doing, not a request that failed.
    public var isRefusal: Bool {
        switch self {
        case .refusedAdd, .refusedRemove, .refusedTrade, .notInResults, .inBackground, .notOffered: true
        default: false
        }
    }

    /// The kind a name (``description``) stands for; nil for a name no kind has.
    ///
    /// - Parameter name: The name, the last part of `failures.<screen>.<name>`.
    public init?(name: String) {
        for suffix in ["_in_background", "_not_offered"] where name.hasSuffix(suffix) {
            let verb = name.dropLast(suffix.count).replacingOccurrences(of: "_", with: "-")
            self = suffix == "_in_background" ? .inBackground(verb: verb) : .notOffered(verb: verb)
            return
        }
        if name.hasPrefix("http_"), let status = Int(name.dropFirst(5)) {
            self = .httpStatus(status)
            return
        }
        guard let kind = Self.plainKinds[name] else { return nil }
        self = kind
    }

    /// The kinds without a value, by name.
    private static let plainKinds: [String: FailureKind] = Dictionary(
        uniqueKeysWithValues: [
            FailureKind.unknownCoin, .rateLimited, .timeout, .transport, .decoding, .noData, .offline,
            .nullPrice,
            .duplicateIds, .refusedAdd, .refusedRemove, .refusedTrade, .notInResults, .cancelled,
        ].map { ($0.description, $0) })

    /// Whether a failure's name (the last part of `failures.<screen>.<name>`, as stored runs keep
    /// it) is a refusal (``isRefusal``).
    ///
    /// - Parameter name: The name.
    public static func isRefusal(named name: String) -> Bool {
        FailureKind(name: name)?.isRefusal ?? false
    }

    /// The name in metrics and events (`timeout`, `http_500`, `not_in_results`).
    public var description: String {
        switch self {
        case .unknownCoin: "unknown_coin"
        case .rateLimited: "rate_limited"
        case .httpStatus(let status): "http_\(status)"
        case .timeout: "timeout"
        case .transport: "transport"
        case .decoding: "decoding"
        case .noData: "no_data"
        case .offline: "offline"
        case .nullPrice: "null_price"
        case .duplicateIds: "duplicate_ids"
        case .refusedAdd: "refused_add"
        case .refusedRemove: "refused_remove"
        case .refusedTrade: "refused"
        case .notInResults: "not_in_results"
        case .cancelled: "cancelled"
        case .inBackground(let verb): verb.replacingOccurrences(of: "-", with: "_") + "_in_background"
        case .notOffered(let verb): verb.replacingOccurrences(of: "-", with: "_") + "_not_offered"
        }
    }
}

/// The app's caches whose lookups a run traces.
public enum AppCache: String, Sendable, Hashable, CaseIterable {
    /// The market-data cache (`CoinGeckoService`'s `marketDataCache`).
    case market
    /// The chart cache (`CachedChartData`).
    case chart
    /// The HTTP client's own cache (`URLSession`'s `URLCache.shared`, ``ClientHTTPCache``),
    /// counted apart from the app's caches.
    case http
}

/// A failure as the metrics count it: where and what, named `<source>.<kind>`
/// (`watchlist.timeout`, under `failures.`).
public struct FailureKey: Sendable, Hashable, CustomStringConvertible {
    /// Where in the app.
    public var source: FailureSource
    /// What failed.
    public var kind: FailureKind

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - source: Where in the app.
    ///   - kind: What failed.
    public init(_ source: FailureSource, _ kind: FailureKind) {
        self.source = source
        self.kind = kind
    }

    /// The name under `failures.`: `watchlist.timeout`.
    public var description: String { "\(source.rawValue).\(kind)" }
}
