extension ChartRangeProfile {
    /// The design documents' profile (Bitpal-v2 `specs/007-price-charts`, research and data model).
    ///
    /// Ranges 15M 1H 4H 1D 1W 1M 1Y; lines offer 1H 1D 1W 1M 1Y, candles all seven. `days` 1 for
    /// everything up to 1D, then 7, 30, 365. TTL 60 s up to 4H, 300 s 1D, 900 s 1W, 1800 s 1M,
    /// 3600 s 1Y. Point caps 15/60/48/96/42/30/52, for lines and candles alike (the documents
    /// give one table). A type switch lands on the nearest span.
    public static let spec = ChartRangeProfile(
        name: "spec",
        lineRanges: [.oneHour, .oneDay, .oneWeek, .oneMonth, .oneYear],
        candleRanges: [.fifteenMinutes, .oneHour, .fourHours, .oneDay, .oneWeek, .oneMonth, .oneYear],
        defaultRange: .oneDay,
        settings: [
            .fifteenMinutes: .same(days: 1, ttl: 60, cap: 15),
            .oneHour: .same(days: 1, ttl: 60, cap: 60),
            .fourHours: .same(days: 1, ttl: 60, cap: 48),
            .oneDay: .same(days: 1, ttl: 300, cap: 96),
            .oneWeek: .same(days: 7, ttl: 900, cap: 42),
            .oneMonth: .same(days: 30, ttl: 1800, cap: 30),
            .oneYear: .same(days: 365, ttl: 3600, cap: 52),
        ]
    )

    /// The app as built (Bitpal-v2 `ChartTimeRange.swift` and `ChartType.swift`).
    ///
    /// Adds 6M (180 days). Lines offer 1H 1D 1W 1M 1Y; candles only 1D, 1W and 6M (labelled 30M,
    /// 4H and 4D after their candle sizes). Line caps 15/60/48/96/42/30/45/52, every candle chart
    /// capped at 42. TTL 60 s up to 4H, 300 s 1D, 900 s 1W, 1800 s 1M, 3600 s 6M and 1Y. A type
    /// switch follows the app's table: to line, 15M and 4H land on 1H and 6M on 1Y; to candle,
    /// 15M, 1H and 4H land on 1D, and 1M and 1Y on 6M.
    public static let bitpal = ChartRangeProfile(
        name: "bitpal",
        lineRanges: [.oneHour, .oneDay, .oneWeek, .oneMonth, .oneYear],
        candleRanges: [.oneDay, .oneWeek, .sixMonths],
        defaultRange: .oneDay,
        settings: [
            .fifteenMinutes: .bitpal(days: 1, ttl: 60, lineCap: 15),
            .oneHour: .bitpal(days: 1, ttl: 60, lineCap: 60),
            .fourHours: .bitpal(days: 1, ttl: 60, lineCap: 48),
            .oneDay: .bitpal(days: 1, ttl: 300, lineCap: 96),
            .oneWeek: .bitpal(days: 7, ttl: 900, lineCap: 42),
            .oneMonth: .bitpal(days: 30, ttl: 1800, lineCap: 30),
            .sixMonths: .bitpal(days: 180, ttl: 3600, lineCap: 45),
            .oneYear: .bitpal(days: 365, ttl: 3600, lineCap: 52),
        ],
        typeSwitchLandings: [
            .line: [.fifteenMinutes: .oneHour, .fourHours: .oneHour, .sixMonths: .oneYear],
            .candle: [
                .fifteenMinutes: .oneDay, .oneHour: .oneDay, .fourHours: .oneDay,
                .oneMonth: .sixMonths, .oneYear: .sixMonths,
            ],
        ]
    )

    /// Every built-in profile.
    public static let builtIn: [ChartRangeProfile] = [.spec, .bitpal]

    /// The built-in profile with this name.
    ///
    /// - Parameter name: `spec` or `bitpal`.
    /// - Returns: The profile, or nil for an unknown name.
    public static func named(_ name: String) -> ChartRangeProfile? {
        builtIn.first { $0.name == name }
    }
}

extension ChartRangeSettings {
    fileprivate static func same(days: Int, ttl: Int64, cap: Int) -> ChartRangeSettings {
        ChartRangeSettings(apiDays: days, cacheTTLSeconds: ttl, maxLinePoints: cap, maxCandles: cap)
    }

    fileprivate static func bitpal(days: Int, ttl: Int64, lineCap: Int) -> ChartRangeSettings {
        ChartRangeSettings(apiDays: days, cacheTTLSeconds: ttl, maxLinePoints: lineCap, maxCandles: 42)
    }
}
