import TrackerCore
import WorkbenchFoundation

extension RunEvent {
    /// The event as one line of JSON (`workbench run --events FILE`), or nil for the events a
    /// reader does not need line by line: the screen's contents after every event (the figures
    /// they make are in `result.json`) and the plotted series (in `series.json`).
    ///
    /// Every line has `t` (the virtual time, epoch ms), `at` (ms since the run's start) and
    /// `event`; the other members depend on the event. Members are in a fixed order, so a run's
    /// file is the same bytes every time.
    ///
    /// - Parameters:
    ///   - time: When it happened, epoch ms.
    ///   - start: The run's start.
    public func jsonLine(at time: Int64, start: Int64) -> String? {
        guard let (name, members) = namedMembers(at: time) else { return nil }
        let head: [JSONValue.Member] = [
            .init("t", .integer(time)), .init("at", .integer(time - start)), .init("event", .string(name)),
        ]
        return JSONValue.object(head + members).document(.compact)
    }

    private func namedMembers(at time: Int64) -> (String, [JSONValue.Member])? {
        switch self {
        case .userAction(let action): ("user_action", action.jsonMembers)
        case .requestSent(let id, let askedAt, let screen, let endpoint, let target):
            (
                "request_sent",
                [
                    .init("id", .integer(Int64(id))), .init("screen", .string(screen.rawValue)),
                    .init("endpoint", .string(RunEvent.requestSentEndpointName(endpoint, target: target))),
                    .init("target", .string(target)),
                    .init("waited_ms", .integer(time - askedAt)),
                ]
            )
        case .requestGivenUp(let id, let screen, let target):
            (
                "request_given_up",
                [
                    .init("id", .integer(Int64(id))), .init("screen", .string(screen.rawValue)),
                    .init("target", .string(target)),
                ]
            )
        case .answered(let id, let status, let billed):
            (
                "answered",
                [
                    .init("id", .integer(Int64(id))),
                    .init("status", status.map { .integer(Int64($0)) } ?? .null),
                    .init("billed", .bool(billed)),
                ]
            )
        case .rateLimited(let id, let retryAfter):
            (
                "rate_limited",
                [
                    .init("id", .integer(Int64(id))),
                    .init("retry_after_ms", retryAfter.map { .integer($0) } ?? .null),
                ]
            )
        case .failed(let source, let kind):
            ("failed", [.init("screen", .string(source.rawValue)), .init("kind", .string(kind.description))])
        case .cacheLookup(let cache, _, let key, _, let hit):
            (
                "cache_lookup",
                [
                    .init("cache", .string(cache.rawValue)), .init("key", .string(key)),
                    .init("hit", .bool(hit)),
                ]
            )
        case .cacheStored(let cache, let lookup, _):
            (
                "cache_stored",
                [.init("cache", .string(cache.rawValue)), .init("lookup", .integer(Int64(lookup)))]
            )
        case .staleServed(let cache, let chart):
            ("stale_served", [.init("cache", .string(cache.rawValue)), .init("chart", .string(chart.name))])
        case .chartRendered(let key): ("chart_rendered", [.init("chart", .string(key.name))])
        case .chartFailed(let key): ("chart_failed", [.init("chart", .string(key.name))])
        case .chartPrepared(let key, let fetched, let kept, let drawn, let overCap, _):
            (
                "chart_prepared",
                [
                    .init("chart", .string(key.name)), .init("fetched", .integer(Int64(fetched))),
                    .init("kept", .integer(Int64(kept))), .init("drawn", .integer(Int64(drawn))),
                    .init("over_cap", .bool(overCap)),
                ]
            )
        case .alertFired(let coin, let delay):
            ("alert_fired", [.init("coin", .string(coin)), .init("delay_ms", .integer(delay))])
        case .coldLaunched: ("cold_launched", [])
        case .screenChanged(let screen):
            (
                "screen_changed",
                [.init("screen", screen.map { .string($0.rawValue) } ?? .string("background"))]
            )
        case .rowsApplied(let zeroPrices, let keptPrevious):
            (
                "rows_applied",
                [
                    .init("zero_prices", .integer(Int64(zeroPrices))),
                    .init("kept_previous", .integer(Int64(keptPrevious))),
                ]
            )
        case .leftOffByLoad(let count): ("left_off_by_load", [.init("coins", .integer(Int64(count)))])
        case .widgetTimelinesReloaded: ("widget_timelines_reloaded", [])
        case .widgetReloaded(let kind): ("widget_reloaded", [.init("kind", .string(kind.rawValue))])
        case .widgetReloadRefused: ("widget_reload_refused", [])
        case .widgetPricesMissing(let count):
            ("widget_prices_missing", [.init("coins", .integer(Int64(count)))])
        case .widgetShown(.empty): ("widget_shown", [.init("empty", .bool(true))])
        case .widgetShown(.data(let shown)):
            (
                "widget_shown",
                [
                    .init("data_time_ms", .integer(shown.dataTime)),
                    .init("last_updated_ms", .integer(shown.lastUpdated)),
                    .init("coins", .integer(Int64(shown.coins))),
                    .init("marked_stale", .bool(shown.markedStale)),
                ]
            )
        case .finished(let coins, let unavailable, let leftOff, let processed):
            (
                "finished",
                [
                    .init("watchlist_coins", .integer(Int64(coins))),
                    .init("unavailable", .integer(Int64(unavailable))),
                    .init("left_off", .integer(Int64(leftOff))), .init("events", .integer(Int64(processed))),
                ]
            )
        case .screenShown, .linePlotted, .candlesPlotted, .portfolioAtEnd: nil
        }
    }
}

extension UserAction {
    /// A search's keystroke gaps, as `gaps_ms`, when they are not the default.
    static func gaps(_ text: TypedText) -> [JSONValue.Member] {
        text.hasDefaultGaps ? [] : [.init("gaps_ms", .array(text.gapsMilliseconds.map { .integer($0) }))]
    }

    /// The action as a scenario script writes it.
    var jsonMembers: [JSONValue.Member] {
        switch self {
        case .openCoin(let id): [.init("open", .string(id))]
        case .closeCoin: [.init("do", .string("close-coin"))]
        case .selectTab(let tab): [.init("tab", .string(tab.rawValue))]
        case .switchRange(let range): [.init("switch-range", .string(range.rawValue))]
        case .switchChartType(let type): [.init("switch-chart", .string(type.rawValue))]
        case .refreshCoin: [.init("do", .string("refresh-coin"))]
        case .showChart(let id, let type, let range):
            [
                .init("show", .string(id)), .init("chart", .string(type.rawValue)),
                .init("range", .string(range.rawValue)),
            ]
        case .pullToRefresh: [.init("do", .string("pull-to-refresh"))]
        case .search(let text, .addCoin(let coin)):
            [.init("search", .string(text.text))] + Self.gaps(text) + [.init("add", .string(coin.id))]
        case .search(let text, .trade(let trade)):
            [.init("search", .string(text.text))] + Self.gaps(text) + [.init("trade", .string(trade.coinId))]
        case .addCoin(let coin): [.init("add", .string(coin.id))]
        case .removeCoin(let id): [.init("remove", .string(id))]
        case .background: [.init("do", .string("background"))]
        case .foreground: [.init("do", .string("foreground"))]
        case .offline: [.init("do", .string("offline"))]
        case .online: [.init("do", .string("online"))]
        case .trade(let trade):
            [.init("trade", .string(trade.coinId)), .init("side", .string(trade.kind.rawValue))]
        case .openPortfolioPage(let page): [.init("page", .string(page.rawValue))]
        case .closePortfolioPage: [.init("do", .string("close-page"))]
        case .openFromWidget: [.init("do", .string("open-widget"))]
        case .terminated: [.init("do", .string("terminate"))]
        }
    }
}
