/// One run of the app's `CoinGeckoService.fetchMarketData(coinIds:)`
/// (`Bitpal-v2/Bitpal/Services/CoinGeckoService.swift` at `da53edf`), as a clock-free machine:
/// the watchlist's load, loop and pull, the Portfolio tab's loads and a search's market caps all
/// go through it.
///
/// Its requests go one after the other, as the app's loop over its batches sends them. For
/// `/coins/markets` each is first looked up in the market-data cache (``MarketDataCache``: the
/// app returns its cached rows when they answer every id), and is sent only on a miss. A `/simple/price` refresh (a workbench variant) has no cache. The first failed
/// request ends the run: the app's `try await` throws out of `fetchMarketData`, and the requests
/// after it are never sent.
///
/// The shell (the simulator's driver) performs each ``Step`` and reports what happened; the run
/// decides the next step and keeps which ids were answered.
public struct MarketDataRun: Sendable, Equatable {
    /// What the shell does next.
    public enum Step: Sendable, Equatable {
        /// Look the request's ids up in the market-data cache, then call
        /// ``cacheAnswered(ids:)`` on a hit or ``cacheMissed()`` on a miss.
        case lookUp(HTTPRequest, ids: [String])
        /// Send the request, then call ``received(answered:)`` or ``failed()``.
        case send(HTTPRequest, ids: [String])
        /// Every request was answered: the run succeeded.
        case succeeded
        /// A request failed: the run stops without sending the rest.
        case failed
    }

    /// The requests, in the order they go.
    public let requests: [HTTPRequest]
    /// Whether each request is looked up in the market-data cache first (`/coins/markets`).
    public let usesCache: Bool
    /// Each request's ids (its `ids` parameter), read once.
    private let requestIds: [[String]]
    /// How many requests have been answered (from the cache or the server).
    public private(set) var answeredRequests = 0
    /// The ids that came back with a row or a price.
    public var answered: Set<String> { Set(answers.joined()) }
    /// Each answer's ids, as given: only a load asks which ids came back, once at its end, so a
    /// refresh does not hash every id of every answer into a set (6 % of a year's run).
    private var answers: [[String]] = []

    /// Runs are equal when they have the same requests and cache use, have come as far, and
    /// the same ids came back (in any order, any answer).
    public static func == (left: MarketDataRun, right: MarketDataRun) -> Bool {
        left.requests == right.requests && left.usesCache == right.usesCache
            && left.answeredRequests == right.answeredRequests && left.answered == right.answered
    }

    /// A run of `requests`.
    ///
    /// - Parameters:
    ///   - requests: The requests (the batches of the coins asked for); none is a run that
    ///     succeeds at once, as the app's `fetchMarketData` returns for an empty list.
    ///   - usesCache: Whether each request is looked up in the market-data cache first.
    public init(requests: [HTTPRequest], usesCache: Bool) {
        self.requests = requests
        self.usesCache = usesCache
        requestIds = requests.map { $0.queryList("ids") }
    }

    /// The first step.
    public func start() -> Step { nextStep() }

    /// The cache answered the current request's ids.
    ///
    /// - Parameter ids: The ids of the cached rows.
    /// - Returns: The next step.
    public mutating func cacheAnswered(ids: some Sequence<String>) -> Step {
        answer(ids)
    }

    /// The cache did not answer the current request.
    ///
    /// - Returns: Send the request.
    public func cacheMissed() -> Step {
        .send(requests[answeredRequests], ids: requestIds[answeredRequests])
    }

    /// The server answered the current request.
    ///
    /// - Parameter ids: The ids the answer carries a row or a price for.
    /// - Returns: The next step.
    public mutating func received(answered ids: some Sequence<String>) -> Step {
        answer(ids)
    }

    /// The current request failed (an error status, a transport failure, an undecodable body).
    ///
    /// - Returns: ``Step/failed``: the run stops.
    public func failed() -> Step { .failed }

    private mutating func answer(_ ids: some Sequence<String>) -> Step {
        answers.append(Array(ids))
        answeredRequests += 1
        return nextStep()
    }

    private func nextStep() -> Step {
        guard answeredRequests < requests.count else { return .succeeded }
        let (request, ids) = (requests[answeredRequests], requestIds[answeredRequests])
        return usesCache ? .lookUp(request, ids: ids) : .send(request, ids: ids)
    }
}
