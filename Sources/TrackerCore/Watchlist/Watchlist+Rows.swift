extension Watchlist {
    /// The rows the screen shows, in a sort order.
    ///
    /// - Parameters:
    ///   - order: The sort order (the app's default is market cap).
    ///   - now: The current time, for each row's age.
    /// - Returns: One row per coin.
    /// - Complexity: O(n log n).
    public func rows(sortedBy order: WatchlistSortOrder = .marketCap, at now: Int64) -> [WatchlistRow] {
        let rows = coinIds.indices.map { row(at: $0, at: now) }
        guard order != .custom else { return rows }
        let keyed = rows.enumerated().map { (position: $0.offset, row: $0.element) }
        return keyed.sorted { lhs, rhs in
            switch Self.compare(lhs.row, rhs.row, by: order) {
            case .some(let ascending): ascending
            case .none: lhs.position < rhs.position
            }
        }.map(\.row)
    }

    private func row(at position: Int, at now: Int64) -> WatchlistRow {
        let coinId = coinIds[position]
        let coin = knownCoin(at: position)
        let quote = unavailable.contains(coinId) ? nil : quote(at: position)
        let direction: WatchlistRow.Direction =
            switch quote?.change24hPercent {
            case .some(let change) where change > 0: .up
            case .some(let change) where change < 0: .down
            case .some: .flat
            case .none: .unknown
            }
        return WatchlistRow(
            coinId: coinId,
            name: coin?.name ?? coinId,
            symbol: (coin?.symbol ?? "").uppercased(),
            price: quote?.price,
            change24hPercent: quote?.change24hPercent,
            marketCap: quote?.marketCap,
            direction: direction,
            ageMilliseconds: quote.map { now - $0.receivedAt },
            isUnavailable: quote?.price == nil
        )
    }

    /// Whether `lhs` goes before `rhs` (nil for a tie): rows without the sort key go last.
    private static func compare(_ lhs: WatchlistRow, _ rhs: WatchlistRow, by order: WatchlistSortOrder)
        -> Bool?
    {
        if lhs.isUnavailable != rhs.isUnavailable { return rhs.isUnavailable }
        func descending(_ left: Double?, _ right: Double?) -> Bool? {
            switch (left, right) {
            case (.some(let left), .some(let right)): left == right ? nil : left > right
            case (.some, .none): true
            case (.none, .some): false
            case (.none, .none): nil
            }
        }
        switch order {
        case .marketCap: return descending(lhs.marketCap, rhs.marketCap)
        case .price: return descending(lhs.price, rhs.price)
        case .change24h: return descending(lhs.change24hPercent, rhs.change24hPercent)
        case .name:
            let (left, right) = (lhs.name.lowercased(), rhs.name.lowercased())
            return left == right ? nil : left < right
        case .custom: return nil
        }
    }
}
