import TrackerCore

extension AppSimulation {
    /// Decodes, filters and downsamples a chart response as the app does, recording what was
    /// fetched, kept and drawn (unless `counting` is false: a raw cache entry drawn again);
    /// returns what the chart cache holds.
    mutating func processChart(
        _ body: [UInt8], request: HTTPRequest, type: ChartType, range: ChartTimeRange, at now: Int64,
        counting: Bool = true
    ) throws(CoinGeckoError) -> ChartCache.Payload {
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
            processed = .candles(drawCandles(chart.candles, range: range, at: now, counting: counting))
        }
        return config.policies.chartCacheContent == .rawResponse ? .rawResponse(body) : processed
    }

    /// Shows a chart: counts the render and the age of its data.
    ///
    /// - Parameter fromCache: Whether the payload comes from the cache; a raw entry is then
    ///   processed again, as that design implies (its downsampling time counts, its points do not:
    ///   they count once, when fetched).
    mutating func render(
        _ payload: ChartCache.Payload, id: String, type: ChartType, range: ChartTimeRange, dataTime: Int64,
        at now: Int64, fromCache: Bool
    ) {
        if fromCache, case .rawResponse(let body) = payload {
            let path = type == .line ? "/coins/\(id)/market_chart" : "/coins/\(id)/ohlc"
            _ = try? processChart(
                body, request: HTTPRequest(path: path), type: type, range: range, at: now, counting: false)
        }
        recorder.recordChart("\(range.rawValue).\(type.rawValue)") { $0.renders += 1 }
        recorder.recordRender(dataTime: dataTime, at: now)
    }

    private mutating func drawLine(
        _ series: TimeSeries, title: String, range: ChartTimeRange, at now: Int64, counting: Bool
    ) -> TimeSeries {
        let policies = config.policies
        let kept = policies.filter.apply(to: series, range: range, now: now)
        let cap = policies.rangeProfile.maxPoints(for: range, type: .line) ?? max(kept.count, 1)
        let budget = policies.downsampler.largestValidOutput(atMost: cap)
        var selected: [Int]?
        let downsample = {
            selected = try? policies.downsampler.indices(x: kept.timestamps, y: kept.values, nOut: budget)
        }
        if let timer = config.timer { timer.measure("downsampling", downsample) } else { downsample() }
        let indices = selected ?? Array(kept.timestamps.indices)
        let fidelity = DownsamplingFidelity.measure(series: kept, kept: indices, cap: cap)
        if counting {
            recordDrawn(
                .line, range: range, fetched: series.count, kept: kept.count, drawn: indices.count,
                fidelity: fidelity)
        }
        let drawn = kept.selecting(indices)
        recorder.plots.charts["\(range.rawValue).line"] = RunPlots.DrawnChart(
            title: title, kept: kept, drawn: drawn, cap: cap)
        return drawn
    }

    private mutating func drawCandles(
        _ candles: CandleSeries, range: ChartTimeRange, at now: Int64, counting: Bool
    )
        -> CandleSeries
    {
        let policies = config.policies
        let kept = policies.candles.apply(to: policies.filter.apply(to: candles, range: range, now: now))
        let cap = policies.rangeProfile.maxPoints(for: range, type: .candle) ?? max(kept.count, 1)
        let drawn = kept.count > cap ? kept.suffix(from: kept.count - cap) : kept
        if counting {
            recordDrawn(
                .candle, range: range, fetched: candles.count, kept: kept.count, drawn: drawn.count,
                fidelity: nil)
        }
        return drawn
    }

    /// Counts one fetched chart: points fetched, kept after filtering, drawn; empty and over-cap
    /// charts; the line's fidelity.
    private mutating func recordDrawn(
        _ type: ChartType, range: ChartTimeRange, fetched: Int, kept: Int, drawn: Int,
        fidelity: DownsamplingFidelity?
    ) {
        recorder.recordChart("\(range.rawValue).\(type.rawValue)") { record in
            record.fetched += fetched
            record.kept += kept
            record.drawn += drawn
            if kept == 0 { record.empty += 1 }
            if fidelity?.isOverCap == true { record.overCap += 1 }
            record.maxDeviation = max(record.maxDeviation, fidelity?.maxRelativeDeviation ?? 0)
        }
    }

    /// Evaluates every alert on the watchlist's latest quotes, and measures each firing's delay
    /// from the moment the true price began to meet the condition (or, for a re-fire, from the end
    /// of the cooldown).
    mutating func evaluateAlerts(at now: Int64) {
        for coinId in watchlist.coinIds {
            guard let quote = watchlist.quotes[coinId], let price = quote.price else { continue }
            let observedAt = quote.sourceUpdatedAt ?? quote.receivedAt
            let previous = lastAlertEvaluation[coinId] ?? config.start
            lastAlertEvaluation[coinId] = now
            for firing in alerts.evaluate(coinId: coinId, price: price, observedAt: observedAt, at: now) {
                recorder.alertsFired += 1
                let refire = firing.eligibleSince > firing.conditionSince
                let crossing = trueCrossing(
                    of: firing.alertId, coinId: coinId, before: min(observedAt, now),
                    notBefore: refire ? firing.eligibleSince : previous)
                recorder.alertDelays.append(now - crossing)
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

extension DownsamplingAlgorithm {
    /// The largest output size at most `cap` that the algorithm accepts (MinMax needs an even
    /// size, M4 a multiple of 4, LTTB at least 3).
    func largestValidOutput(atMost cap: Int) -> Int {
        var size = cap
        while size > 1, (try? validate(nOut: size)) == nil { size -= 1 }
        return max(size, 1)
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
