/// What `workbench datasets inspect` reports about one recorded file.
public struct DatasetInspection: Sendable, Equatable {
    /// The file name.
    public var file: String
    /// What the file holds: `market_chart`, `ohlc`, `coins/markets`, `csv export`, `error body`, ...
    public var kind: String
    /// The endpoint template, when known (`/coins/{id}/ohlc`).
    public var endpoint: String?
    /// The coin, when known.
    public var coin: String?
    /// The quote currency, when known.
    public var currency: String?
    /// The HTTP status, when recorded.
    public var status: Int?
    /// Chart points (prices or candles), for time series.
    public var points: Int?
    /// Entries, for lists and objects (coins, search results, prices).
    public var entries: Int?
    /// The first timestamp, epoch milliseconds.
    public var firstTimestamp: Int64?
    /// The last timestamp, epoch milliseconds.
    public var lastTimestamp: Int64?
    /// The spacing of the points (`5-minutely`, `daily`, `4-hourly` candles).
    public var granularity: String?
    /// Quirks found, one sentence each; empty when none.
    public var quirks: [String]

    /// Creates an inspection with only the file and kind filled in.
    ///
    /// - Parameters:
    ///   - file: The file name.
    ///   - kind: What it holds.
    public init(file: String, kind: String) {
        self.file = file
        self.kind = kind
        self.quirks = []
    }

    /// Milliseconds from the first to the last timestamp, for time series.
    public var spanMilliseconds: Int64? {
        guard let firstTimestamp, let lastTimestamp else { return nil }
        return lastTimestamp - firstTimestamp
    }
}
