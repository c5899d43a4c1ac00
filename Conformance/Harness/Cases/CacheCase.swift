/// One chart cache case: a chart stored at one time and asked for at another.
public struct CacheCase: Codable, Sendable, Equatable {
    /// The coin.
    public var coin: String
    /// A candle chart, else a line.
    public var candles: Bool
    /// The range's code.
    public var range: String
    /// When the chart was stored, in milliseconds since 1970.
    public var storedAt: Int64
    /// When it is asked for, in milliseconds since 1970.
    public var askedAt: Int64

    /// A case.
    public init(coin: String, candles: Bool, range: String, storedAt: Int64, askedAt: Int64) {
        (self.coin, self.candles, self.range, self.storedAt, self.askedAt) = (
            coin, candles, range, storedAt, askedAt
        )
    }

    /// Smaller cases: the times moved to whole seconds, then halfway towards each other.
    public var shrunk: [CacheCase] {
        var smaller: [CacheCase] = []
        let whole = storedAt - storedAt % 1000
        if whole != storedAt { smaller.append(with(storedAt: whole, askedAt: askedAt - (storedAt - whole))) }
        if askedAt > storedAt + 1 {
            smaller.append(with(storedAt: storedAt, askedAt: storedAt + (askedAt - storedAt) / 2))
        }
        return smaller
    }

    private func with(storedAt: Int64, askedAt: Int64) -> CacheCase {
        CacheCase(coin: coin, candles: candles, range: range, storedAt: storedAt, askedAt: askedAt)
    }
}

/// What the cache says for a case: the entry's key, and whether it is still fresh.
public struct CacheOutput: Codable, Sendable, Equatable {
    /// The key the chart is stored under.
    public var key: String
    /// Whether the entry is served as fresh.
    public var fresh: Bool

    /// An output.
    public init(key: String, fresh: Bool) { (self.key, self.fresh) = (key, fresh) }

    /// Where the app's output (self) and the workbench's differ, nil when they match.
    public func difference(from tracker: CacheOutput) -> String? {
        if key != tracker.key { return "the keys differ" }
        return fresh == tracker.fresh
            ? nil
            : (fresh
                ? "the app serves it, the workbench does not" : "the workbench serves it, the app does not")
    }
}
