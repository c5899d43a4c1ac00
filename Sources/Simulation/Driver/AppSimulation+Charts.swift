import TrackerCore
import WorkbenchFoundation

extension AppSimulation {
    /// Decodes, filters and downsamples a chart response as the app does, recording what was
    /// fetched, kept and drawn (unless `counting` is false: a raw cache entry drawn again);
    /// returns what the chart cache holds and what the screen draws.
    mutating func processChart(
        _ body: [UInt8], request: HTTPRequest, type: ChartType, range: ChartTimeRange, at now: Int64,
        counting: Bool = true
    ) throws(CoinGeckoError) -> (cached: ChartCache.Payload, drawn: ChartCache.Payload) {
        let processed: ChartCache.Payload
        if type == .line {
            let chart = try CoinGeckoResponseClassifier.decode(body, for: request) {
                body, source throws(LocatedDecodingError) in
                try MarketChartDecoder.decode(body, source: source)
            }
            processed = .line(
                drawLine(
                    chart.prices, title: "\(request.endpoint?.coinId ?? "") \(range.rawValue) line",
                    range: range, at: now, counting: counting))
        } else {
            let chart = try CoinGeckoResponseClassifier.decode(body, for: request) {
                body, source throws(LocatedDecodingError) in try OHLCDecoder.decode(body, source: source)
            }
            processed = .candles(
                drawCandles(
                    chart.candles, title: "\(request.endpoint?.coinId ?? "") \(range.rawValue) candle",
                    range: range,
                    at: now, counting: counting))
        }
        return (config.policies.chartCacheContent == .rawResponse ? .rawResponse(body) : processed, processed)
    }

    /// Shows a chart: counts the render, and puts it on the coin screen if that screen shows
    /// this chart.
    ///
    /// - Parameter payload: The chart as drawn, or a cache entry: a raw entry is then processed
    ///   again, as that design implies (its downsampling time counts, its points do not: they
    ///   count once, when fetched).
    mutating func render(
        _ payload: ChartCache.Payload, id: String, type: ChartType, range: ChartTimeRange, at now: Int64
    ) {
        var drawn: ChartCache.Payload? = payload
        if case .rawResponse(let body) = payload {
            let path = type == .line ? "/coins/\(id)/market_chart" : "/coins/\(id)/ohlc"
            drawn = try? processChart(
                body, request: HTTPRequest(path: path), type: type, range: range, at: now, counting: false
            ).drawn
        }
        emit(.chartRendered(ChartKey(range, type)), at: now)
        // The view model keeps whatever chart of this type loaded last, whichever range asked.
        guard detailScreen.coinId == id else { return }
        let lastPoint: Int64? =
            switch drawn {
            case .line(let series): series.timestamps.last
            case .candles(let candles): candles.closeTimes.last
            case .rawResponse, nil: nil
            }
        chartsOnScreen[type] = .some(lastPoint)
    }

    private mutating func drawLine(
        _ series: TimeSeries, title: String, range: ChartTimeRange, at now: Int64, counting: Bool
    ) -> TimeSeries {
        let line = preparation.line(series, range: range, at: now) { downsample in
            if let wallTimer { wallTimer.measure("downsampling", downsample) } else { downsample() }
        }
        let key = ChartKey(range, .line)
        if counting {
            emit(
                .chartPrepared(
                    key, fetched: series.count, kept: line.kept.count, drawn: line.indices.count,
                    overCap: line.fidelity.isOverCap, fidelityLoss: line.fidelity.maxRelativeDeviation ?? 0),
                at: now)
        }
        emit(
            .linePlotted(
                key, RunPlots.DrawnChart(title: title, kept: line.kept, drawn: line.drawn, cap: line.cap)),
            at: now)
        return line.drawn
    }

    private mutating func drawCandles(
        _ candles: CandleSeries, title: String, range: ChartTimeRange, at now: Int64, counting: Bool
    ) -> CandleSeries {
        let prepared = preparation.candles(candles, range: range, at: now)
        let key = ChartKey(range, .candle)
        if counting {
            emit(
                .chartPrepared(
                    key, fetched: candles.count, kept: prepared.kept.count, drawn: prepared.drawn.count,
                    overCap: prepared.fidelity.isOverCap, fidelityLoss: prepared.fidelity.maxRelativeLoss),
                at: now)
        }
        emit(
            .candlesPlotted(
                key,
                RunPlots.DrawnCandles(
                    title: title, kept: prepared.kept, drawn: prepared.drawn, cap: prepared.cap)),
            at: now)
        return prepared.drawn
    }

    /// Evaluates every alert on the watchlist's latest quotes, and measures each firing's delay
    /// from the moment the true price began to meet the condition (or, for a re-fire, from the end
    /// of the cooldown).
    mutating func evaluateAlerts(at now: Int64) {
        // Alerts are fixed for the run, and a coin no alert watches never fires, so its last
        // evaluation is never read: 11 % of a 1,000-coin run without alerts went to keeping it.
        guard !alerts.alerts.isEmpty else { return }
        for (position, coinId) in watchlist.coinIds.enumerated() where alerts.watches(coinId) {
            guard let quote = watchlist.quote(at: position), let price = quote.price else { continue }
            let observedAt = quote.sourceUpdatedAt ?? quote.receivedAt
            let previous = lastAlertEvaluation[coinId] ?? config.start
            lastAlertEvaluation[coinId] = now
            for firing in alerts.evaluate(coinId: coinId, price: price, observedAt: observedAt, at: now) {
                let refire = firing.eligibleSince > firing.conditionSince
                let crossing = trueCrossing(
                    of: firing.alertId, coinId: coinId, before: min(observedAt, now),
                    notBefore: refire ? firing.eligibleSince : previous)
                emit(.alertFired(coinId: coinId, delayMilliseconds: now - crossing), at: now)
            }
        }
    }

    /// The earliest minute, not before `notBefore`, since which the true price has met the alert's
    /// condition without a break up to `time`.
    private func trueCrossing(of alertId: Int64, coinId: String, before time: Int64, notBefore: Int64)
        -> Int64
    {
        guard let alert = alerts.alerts.first(where: { $0.id == alertId }) else { return time }
        var crossing = time
        while crossing - 60_000 >= notBefore, let price = config.truePrice(coinId, crossing - 60_000),
            alert.condition.isMet(by: price, target: alert.target)
        {
            crossing -= 60_000
        }
        return max(crossing, notBefore)
    }
}

extension CoinGeckoError.Kind {
    /// A short name for failure counts.
    var metricName: String {
        switch self {
        case .unknownCoin: "unknown_coin"
        case .rateLimited: "rate_limited"
        case .httpStatus(let status, _): "http_\(status)"
        case .transport(.timedOut): "timeout"
        case .transport: "transport"
        case .decoding: "decoding"
        }
    }
}
