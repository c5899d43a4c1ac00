/// The app's policies for one run: every variant of DESIGN.md is selectable here.
public struct AppPolicies: Sendable, Equatable {
    /// The rate limiter's pacing (the app's `bitpal`, `spacing`, `token-bucket`, `sliding-window`).
    public var limiter: RateLimitPolicy
    /// What the limiter does after a 429.
    public var backoff: BackoffPolicy
    /// Chart ranges, their `days`, TTLs and caps.
    public var rangeProfile: ChartRangeProfile
    /// How fetched chart data is cut to its range.
    public var filter: RangeFilter
    /// How a line chart is thinned to its cap.
    public var downsampler: DownsamplingAlgorithm
    /// Raw candles or the app's continuity rewrite.
    public var candles: CandlePolicy
    /// What the chart cache holds.
    public var chartCacheContent: ChartCache.Content
    /// Chart cache capacity, entries. `Int.max` is unbounded, as the app's SwiftData store is
    /// (`CoinDetailViewModel.saveLineToCache(lineData:range:)` and `saveCandleToCache` replace an
    /// entry by its key and evict nothing).
    public var chartCacheCapacity: Int
    /// Whether a chart cache entry exactly as old as its TTL is fresh (the app: `isExpired` is
    /// `expiresAt` earlier than the current date).
    public var chartCacheFreshAtTTL = false
    /// Whether a chart whose refresh failed is shown from the expired cache entry.
    public var staleIfError: Bool
    /// The watchlist's refresh period, ms (the app: 30 s).
    public var refreshIntervalMilliseconds: Int64
    /// The market-data cache's TTL, ms (the app: 30 s).
    public var marketCacheTTLMilliseconds: Int64
    /// Which endpoint refreshes the watchlist.
    public var refreshSource: WatchlistRefreshSource
    /// How `/coins/markets` is paged (the app sends no `per_page`).
    public var marketsPaging: CoinGeckoRequests.MarketsPaging
    /// The per-request timeout, ms (the app: 10 s).
    public var timeoutMilliseconds: Int64
    /// How the portfolio's realised P&L is measured.
    public var costMethod: CostMethod
    /// When the watchlist's price loop fetches (the app: fetch, then sleep).
    public var refreshSchedule: RefreshSchedule
    /// When the market-data cache answers (the app: only when every id is cached and fresh).
    public var marketCacheRule: MarketCacheRule
    /// In what order the coin screen loads detail and chart (the app: detail, then chart).
    public var detailLoadOrder: DetailLoadOrder
    /// How candle charts are cut to their cap (the app: stride with cap 42).
    public var candleSampling: CandleSampling
    /// The longest `/coins/markets` target before a watchlist refresh is split into batches
    /// (the app never splits: `CoinGeckoService.fetchMarketData(coinIds:)` joins every id into one
    /// URL however long).
    public var maxMarketsTargetLength: Int
    /// What the watchlist does with a coin an answer left out, or gave a `null` price (the app:
    /// off the screen after a load, its previous quote kept on later refreshes, `null` shown as 0).
    public var missingRows: MissingRowRule = .appCompactMap
    /// The home-screen widget's build, when a scenario installs one (`user.widget: true`).
    public var widget: WidgetBuild = .readsFile
    /// Whether chart rows are drawn as sent or sorted first (the app: as sent).
    public var chartRows: ChartRowOrder = .asSent
    /// Whether the app's HTTP client answers a repeated URL from its own cache while the
    /// response's `max-age` lasts (the app: `URLSession`'s cache).
    public var httpCache: HTTPCachePolicy = .urlCache

    /// The chart preparation these policies describe.
    public var chartPreparation: ChartPreparation {
        ChartPreparation(
            profile: rangeProfile, filter: filter, downsampler: downsampler, candleSampling: candleSampling,
            candlePolicy: candles)
    }

    /// The app as published (Pointwelve/Bitpal-iOS `Bitpal-v2/Bitpal`); each policy's type cites
    /// the file and function it reproduces.
    public static let bitpal = AppPolicies(
        limiter: .bitpal, backoff: .none, rangeProfile: .bitpal, filter: .wallclock, downsampler: .stride,
        candles: .bitpalContinuity, chartCacheContent: .processedPoints, chartCacheCapacity: .max,
        chartCacheFreshAtTTL: true, staleIfError: false,
        refreshIntervalMilliseconds: 30_000, marketCacheTTLMilliseconds: 30_000, refreshSource: .markets,
        marketsPaging: .serverDefault, timeoutMilliseconds: 10_000, costMethod: .bitpalAverage,
        refreshSchedule: .fetchThenSleep, marketCacheRule: .allIdsFresh, detailLoadOrder: .detailThenChart,
        candleSampling: .stride, maxMarketsTargetLength: .max, missingRows: .appCompactMap)

    /// The team's widget-refresh branch (Pointwelve/Bitpal-iOS `008-api-rate-limit-optimization`,
    /// `122d91c`, unmerged): the published app with a widget that fetches its own prices
    /// (``WidgetBuild/fetchesPrices``). Everything else on the branch is the app of `da53edf`.
    public static let bitpal008: AppPolicies = {
        var policies = AppPolicies.bitpal
        policies.widget = .fetchesPrices
        return policies
    }()

    /// The design documents' policies: a fixed 30 s timer, detail and chart together, candles
    /// cut to the newest of the cap, batches split before a URL gets too long.
    public static let spec = AppPolicies(
        limiter: .spacing, backoff: .retryAfter, rangeProfile: .spec, filter: .dataAnchored,
        downsampler: .lttb,
        candles: .raw, chartCacheContent: .processedPoints, chartCacheCapacity: 128, staleIfError: true,
        refreshIntervalMilliseconds: 30_000, marketCacheTTLMilliseconds: 30_000, refreshSource: .markets,
        marketsPaging: .batchSize, timeoutMilliseconds: 10_000, costMethod: .fifo,
        refreshSchedule: .fixedRate, marketCacheRule: .perRequest, detailLoadOrder: .concurrent,
        candleSampling: .newest, maxMarketsTargetLength: 2_000, missingRows: .dataUnavailable,
        chartRows: .sorted, httpCache: .none)
}
