import PriceModels
import TrackerCore
import WorkbenchFoundation

/// `/coins/{id}` and `/coins/{id}/history`, in the recorded responses' shapes and member order
/// (`datasets/coingecko/coins_bitcoin_full_20210515T1600Z.json`,
/// `coins_bitcoin_history_date-30-12-2017_20210515T1410Z.json`), in USD. Figures a synthetic
/// coin has no source for (links, scores, community and developer data, `roi`, the value
/// locked) are CoinGecko's `null`, empty strings and empty lists.
extension SimulatedMarket {
    /// The parts of `/coins/{id}` its query turns on and off (CoinGecko's flags and defaults).
    public struct CoinDetailParts: Sendable, Equatable {
        /// `localization` (default true): the name in each language.
        public var localization = true
        /// `tickers` (default true): the exchanges' tickers (none here).
        public var tickers = true
        /// `market_data` (default true).
        public var marketData = true
        /// `community_data` (default true).
        public var communityData = true
        /// `developer_data` (default true).
        public var developerData = true
        /// `sparkline` (default false): `market_data.sparkline_7d`.
        public var sparkline = false

        /// Every part CoinGecko sends by default.
        public init() {}

        /// The parts a request's query asks for.
        public init(_ request: HTTPRequest) {
            let on = { (name: String, byDefault: Bool) in
                request.queryValue(name).map { $0 == "true" } ?? byDefault
            }
            localization = on("localization", true)
            tickers = on("tickers", true)
            marketData = on("market_data", true)
            communityData = on("community_data", true)
            developerData = on("developer_data", true)
            sparkline = on("sparkline", false)
        }
    }

    /// `/coins/{id}`: the coin with its market data at `now`.
    ///
    /// - Parameters:
    ///   - id: The coin.
    ///   - parts: What the query asks for.
    ///   - now: The virtual time.
    /// - Throws: ``SimulatedMarketError/coinNotFound(_:)``, also before the coin's first tick.
    public func coinDetailBody(id: String, parts: CoinDetailParts = .init(), at now: Int64)
        throws(SimulatedMarketError) -> [UInt8]
    {
        guard let index = coinIndex[id], case let series = coinTicks[index],
            let dayTicks = dayWindowTicks(at: now, in: series)
        else { throw .coinNotFound(id) }
        let coin = coins[index]
        let day = dayWindow(of: coin, in: series, ticks: dayTicks)
        var writer = JSONWriter(capacity: 4_096)
        writer.raw("{")
        writer.identity(of: coin)
        writer.raw(
            #","asset_platform_id":null,"platforms":{"":""},"block_time_in_minutes":0,"hashing_algorithm":null,"categories":[],"public_notice":null,"additional_notices":[]"#
        )
        if parts.localization {
            writer.member("localization")
            writer.raw("{")
            writer.member("en", first: true)
            writer.string(coin.name)
            writer.raw("}")
        }
        writer.raw(#","description":{"en":""},"links":"#)
        writer.raw(Self.emptyLinks)
        writer.member("image")
        writer.images(of: coin, sizes: ["thumb", "small", "large"])
        writer.raw(
            #","country_origin":"","genesis_date":null,"sentiment_votes_up_percentage":null,"sentiment_votes_down_percentage":null"#
        )
        writer.member("market_cap_rank")
        writer.integer(Int64(index + 1))
        writer.raw(
            #","coingecko_rank":null,"coingecko_score":null,"developer_score":null,"community_score":null,"liquidity_score":null,"public_interest_score":null"#
        )
        if parts.marketData {
            writer.member("market_data")
            writeMarketData(of: index, in: series, day: day, sparkline: parts.sparkline, at: now, to: &writer)
        }
        writer.emptyStatistics(community: parts.communityData, developer: parts.developerData, history: false)
        writer.raw(#","status_updates":[]"#)
        writer.member("last_updated")
        writer.isoMilliseconds(day.lastTick)
        if parts.tickers { writer.raw(#","tickers":[]"#) }
        writer.raw("}")
        return writer.bytes
    }

    /// `/coins/{id}/history?date=dd-mm-yyyy`: the coin at 00:00 UTC of that date, with its
    /// price, market cap and volume then; without `market_data` when the market has no tick by
    /// then or the date is after `now`, as CoinGecko answers for a date before a coin's listing.
    ///
    /// - Parameters:
    ///   - id: The coin.
    ///   - date: `dd-mm-yyyy`.
    ///   - localization: Whether to add the name in each language (CoinGecko's default).
    ///   - now: The virtual time.
    /// - Throws: ``SimulatedMarketError/coinNotFound(_:)``, ``SimulatedMarketError/invalidDate(_:)``.
    public func coinHistoryBody(id: String, date: String, localization: Bool = true, at now: Int64)
        throws(SimulatedMarketError) -> [UInt8]
    {
        guard let index = coinIndex[id] else { throw .coinNotFound(id) }
        let series = coinTicks[index]
        guard let midnight = Self.midnight(ofDayMonthYear: date) else { throw .invalidDate(date) }
        let coin = coins[index]
        var writer = JSONWriter(capacity: 1_024)
        writer.raw("{")
        writer.identity(of: coin)
        if localization {
            writer.member("localization")
            writer.raw("{")
            writer.member("en", first: true)
            writer.string(coin.name)
            writer.raw("}")
        }
        writer.member("image")
        writer.images(of: coin, sizes: ["thumb", "small"])
        if midnight <= now, let dayTicks = dayWindowTicks(at: midnight, in: series) {
            let day = dayWindow(of: coin, in: series, ticks: dayTicks)
            writer.member("market_data")
            writer.raw("{")
            writer.member("current_price", first: true)
            writer.raw(#"{"usd":"#)
            writer.number(day.price)
            writer.raw("}")
            writer.usd(#","market_cap":"#) { $0.number(day.price * coin.circulatingSupply) }
            writer.usd(#","total_volume":"#) { $0.number(day.volume) }
            writer.raw("}")
        }
        writer.emptyStatistics(community: true, developer: true, history: true)
        writer.raw("}")
        return writer.bytes
    }

    /// `market_data`: every figure of the recorded response, in its order.
    private func writeMarketData(
        of index: Int, in series: CoinTicks, day: DayWindow, sparkline: Bool, at now: Int64,
        to writer: inout JSONWriter
    ) {
        let coin = coins[index]
        let marketCap = day.price * coin.circulatingSupply
        let changes = Self.changeWindows.map { changePercent(over: $0, of: series, day: day, at: now) }
        writer.raw("{")
        writer.member("current_price", first: true)
        writer.raw(#"{"usd":"#)
        writer.number(day.price)
        writer.raw("}")
        writer.raw(#","total_value_locked":null,"mcap_to_tvl_ratio":null,"fdv_to_tvl_ratio":null,"roi":null"#)
        if let extremes = extremes(ofCoin: index, in: series, at: now) {
            writer.allTime(extremes, price: day.price, inUSD: true)
        }
        writer.usd(#","market_cap":"#) { $0.rounded(marketCap) }
        writer.member("market_cap_rank")
        writer.integer(Int64(index + 1))
        writer.usd(#","fully_diluted_valuation":"#) { $0.rounded(marketCap) }
        writer.usd(#","total_volume":"#) { $0.rounded(day.volume) }
        writer.usd(#","high_24h":"#) { $0.number(day.high) }
        writer.usd(#","low_24h":"#) { $0.number(day.low) }
        writer.member("price_change_24h")
        writer.number(day.change)
        // The top-level changes: every window but the hour.
        for (window, change) in zip(Self.changeWindows, changes) where window.name != "1h" {
            writer.member(named: window.field)
            writer.optionalNumber(change)
        }
        writer.member("market_cap_change_24h")
        writer.number(day.change * coin.circulatingSupply)
        writer.member("market_cap_change_percentage_24h")
        writer.number(day.changePercent)
        writer.usd(#","price_change_24h_in_currency":"#) { $0.number(day.change) }
        // By currency, a window the market does not reach is an empty object.
        for (window, change) in zip(Self.changeWindows, changes) {
            writer.member(named: window.inCurrencyField)
            if let change {
                writer.raw(#"{"usd":"#)
                writer.number(change)
                writer.raw("}")
            } else {
                writer.raw("{}")
            }
        }
        writer.usd(#","market_cap_change_24h_in_currency":"#) {
            $0.number(day.change * coin.circulatingSupply)
        }
        writer.usd(#","market_cap_change_percentage_24h_in_currency":"#) { $0.number(day.changePercent) }
        writer.member("total_supply")
        writer.number(coin.circulatingSupply)
        writer.member("max_supply")
        writer.raw("null")
        writer.member("circulating_supply")
        writer.number(coin.circulatingSupply)
        if sparkline { writer.sparkline("sparkline_7d", self.sparkline(of: series, at: now)) }
        writer.member("last_updated")
        writer.isoMilliseconds(day.lastTick)
        writer.raw("}")
    }

    /// `links` with every member of the recorded response and nothing in it.
    private static let emptyLinks: StaticString =
        #"{"homepage":["","",""],"blockchain_site":["","","","",""],"official_forum_url":["","",""],"chat_url":["","",""],"announcement_url":["",""],"twitter_screen_name":"","facebook_username":"","bitcointalk_thread_identifier":null,"telegram_channel_identifier":"","subreddit_url":null,"repos_url":{"github":[],"bitbucket":[]}}"#

    /// 00:00 UTC of a `dd-mm-yyyy` date, epoch ms; nil when it is not one.
    static func midnight(ofDayMonthYear text: String) -> Int64? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].count == 4,
            let day = Int64(parts[0]), let month = Int64(parts[1]), let year = Int64(parts[2]),
            (1...12).contains(month), year >= 1970,
            (1...CivilDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        return CivilDate.daysSinceEpoch(year: year, month: month, day: day) * 86_400_000
    }
}

extension JSONWriter {
    /// `{"thumb":...,"small":...}` for the sizes given.
    mutating func images(of coin: SyntheticCoin, sizes: [String]) {
        raw("{")
        for (place, size) in sizes.enumerated() {
            if place > 0 { raw(",") }
            string(size)
            raw(":")
            string(SimulatedMarket.imageURL(coin, size: size))
        }
        raw("}")
    }

    /// `community_data`, `developer_data` (each when asked) and `public_interest_stats` with
    /// every member of the recorded response and no figure: `/coins/{id}/history`'s have fewer
    /// members.
    mutating func emptyStatistics(community: Bool, developer: Bool, history: Bool) {
        if community {
            raw(
                #","community_data":{"facebook_likes":null,"twitter_followers":null,"reddit_average_posts_48h":null,"reddit_average_comments_48h":null,"reddit_subscribers":null,"reddit_accounts_active_48h":null"#
            )
            raw(history ? "}" : #","telegram_channel_user_count":null}"#)
        }
        if developer {
            raw(
                #","developer_data":{"forks":null,"stars":null,"subscribers":null,"total_issues":null,"closed_issues":null,"pull_requests_merged":null,"pull_request_contributors":null,"code_additions_deletions_4_weeks":{"additions":null,"deletions":null},"commit_count_4_weeks":null"#
            )
            raw(history ? "}" : #","last_4_weeks_commit_activity_series":[]}"#)
        }
        raw(#","public_interest_stats":{"alexa_rank":null,"bing_matches":null}"#)
    }
}
