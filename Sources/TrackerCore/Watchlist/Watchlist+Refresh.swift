/// Which endpoint refreshes the watchlist.
public enum WatchlistRefreshSource: String, Sendable, Equatable, CaseIterable, Codable {
    /// One batched `/coins/markets?ids=...` (the app): price, 24 h change, market cap, names.
    case markets
    /// `/simple/price?ids=...`: smaller responses; price, 24 h change and update time only.
    case simplePrice = "simple-price"

    /// The requests that refresh these ids from this endpoint, batched and split as
    /// ``CoinGeckoRequests`` does (by URL length, and by page size when paging is on).
    ///
    /// - Parameters:
    ///   - ids: The coin ids, in order.
    ///   - requests: The request builder.
    ///   - vsCurrency: The quote currency.
    /// - Returns: The requests, none for no ids.
    public func requests(for ids: [String], using requests: CoinGeckoRequests, vsCurrency: String = "usd")
        -> [HTTPRequest]
    {
        switch self {
        case .markets: requests.coinsMarkets(ids: ids, vsCurrency: vsCurrency)
        case .simplePrice: requests.simplePrice(ids: ids, vsCurrencies: [vsCurrency])
        }
    }
}

extension Watchlist {
    /// The requests one refresh sends: the watchlist's ids, batched and split as
    /// ``CoinGeckoRequests`` does (by URL length, and by page size when paging is on).
    ///
    /// - Parameters:
    ///   - requests: The request builder (its paging decides whether more than 100 coins fit).
    ///   - source: The endpoint.
    ///   - vsCurrency: The quote currency.
    /// - Returns: The requests, none for an empty list.
    public func refreshRequests(
        using requests: CoinGeckoRequests,
        source: WatchlistRefreshSource,
        vsCurrency: String = "usd"
    ) -> [HTTPRequest] {
        source.requests(for: coinIds, using: requests, vsCurrency: vsCurrency)
    }

    /// Applies a `/coins/markets` refresh: rows update their coins; requested coins missing from
    /// the response (delisted, unknown, or past CoinGecko's default page of 100) are handled by
    /// the rule. Rows for coins not on the list are ignored. The row's change is
    /// `price_change_percentage_24h`, the field the app decodes.
    ///
    /// - Parameters:
    ///   - rows: The decoded rows of every batch.
    ///   - ids: The ids the refresh asked for.
    ///   - receivedAt: When the responses arrived, epoch ms.
    ///   - rule: What a missing row or a `null` price does (the design documents' by default).
    /// - Returns: What happened to missing rows and `null` prices.
    @discardableResult
    public mutating func apply(
        markets rows: [CoinMarket], requested ids: [String], receivedAt: Int64,
        rule: MissingRowRule = .dataUnavailable
    ) -> MissingRowOutcome {
        var outcome = MissingRowOutcome()
        // Nearly every answer has a row for each id asked, in the order asked: then no id is
        // missing, and no set of the answered ids is needed to find out.
        let answersAll = rows.count == ids.count && rows.indices.allSatisfy { rows[$0].id == ids[$0] }
        // And nearly every request is a run of the list (all of it, or one batch): then every
        // row's coin is listed, at the run's place and the rows' after it, found without
        // hashing its id.
        let run = answersAll && listsEachCoinOnce ? placeOfRun(ids) : nil
        var answered: Set<String> = []
        if !answersAll { answered.reserveCapacity(rows.count) }
        for (index, row) in rows.enumerated() {
            let position = run.map { $0 + index }
            let price = rule.shownPrice(row.currentPrice)
            let quote = WatchlistQuote(
                price: price, change24hPercent: row.priceChangePercentage24h,
                marketCap: row.marketCap, sourceUpdatedAt: row.lastUpdated, receivedAt: receivedAt)
            guard position != nil || contains(row.id) else {
                if rule == .appCompactMap { offListQuotes[row.id] = quote }
                continue
            }
            if !answersAll { answered.insert(row.id) }
            let coin = CoinListEntry(id: row.id, symbol: row.symbol, name: row.name)
            if row.currentPrice == nil, price != nil { outcome.zeroPrice += 1 }
            if let position {
                learn(coin, at: position)
                record(quote, at: position)
            } else {
                learn(coin)
                record(quote, for: row.id)
            }
        }
        guard !answersAll else { return outcome }
        switch rule {
        case .dataUnavailable:
            outcome.unavailable = markMissing(ids, answered: answered)
        case .appCompactMap:
            outcome.keptPrevious = ids.count { contains($0) && !answered.contains($0) }
        }
        return outcome
    }

    /// Applies a `/simple/price` refresh (asked with `include_24hr_change` and
    /// `include_last_updated_at`). A coin without a price in `currency` becomes unavailable; its
    /// last known market cap is kept for sorting.
    ///
    /// - Parameters:
    ///   - prices: The merged response.
    ///   - currency: The quote currency, lower case.
    ///   - ids: The ids the refresh asked for.
    ///   - receivedAt: When the responses arrived, epoch ms.
    public mutating func apply(
        simplePrices prices: SimplePrices, currency: String, requested ids: [String], receivedAt: Int64
    ) {
        var answered: Set<String> = []
        for id in ids where contains(id) {
            guard let values = prices.quotes[id], let price = values[currency] else { continue }
            answered.insert(id)
            record(
                WatchlistQuote(
                    price: price, change24hPercent: values["\(currency)_24h_change"],
                    marketCap: quote(for: id)?.marketCap,
                    sourceUpdatedAt: values["last_updated_at"].map { Int64($0) * 1000 },
                    receivedAt: receivedAt),
                for: id)
        }
        markMissing(ids, answered: answered)
    }

    /// Where `ids` start in the list when they are coins of it one after another, in its order
    /// (a refresh's batch); nil otherwise.
    private func placeOfRun(_ ids: [String]) -> Int? {
        guard let first = ids.first, let offset = positions[first],
            offset + ids.count <= coinIds.count, coinIds[offset..<offset + ids.count].elementsEqual(ids)
        else { return nil }
        return offset
    }

    @discardableResult
    private mutating func markMissing(_ ids: [String], answered: Set<String>) -> Int {
        var count = 0
        for id in ids where contains(id) && !answered.contains(id) {
            markUnavailable(id)
            count += 1
        }
        return count
    }
}
