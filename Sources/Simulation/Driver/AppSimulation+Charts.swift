import TrackerCore

extension AppSimulation {
    /// Decodes, filters and downsamples a chart response as the app does, recording what was
    /// fetched, kept and drawn; returns what the chart cache holds.
    mutating func processChart(
        _ body: [UInt8], request: HTTPRequest, type: ChartType, range: ChartTimeRange, at now: Int64
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
                    range: range, at: now))
        } else {
            let chart = try CoinGeckoResponseClassifier.decode(body, for: request) {
                body, source throws(LocatedDecodingError) in try OHLCDecoder.decode(body, source: source)
            }
            processed = .candles(drawCandles(chart.candles, range: range, at: now))
        }
        return config.policies.chartCacheContent == .rawResponse ? .rawResponse(body) : processed
    }

    /// Shows a chart: counts the render and the age of its data.
    mutating func render(
        _ payload: ChartCache.Payload, id: String, type: ChartType, range: ChartTimeRange, dataTime: Int64,
        at now: Int64
    ) {
        if case .rawResponse(let body) = payload {
            // A raw cache entry is processed again at every render, as that design implies.
            let path = type == .line ? "/coins/\(id)/market_chart" : "/coins/\(id)/ohlc"
            _ = try? processChart(body, request: HTTPRequest(path: path), type: type, range: range, at: now)
        }
        recorder.recordChart("\(range.rawValue).\(type.rawValue)") { $0.renders += 1 }
        recorder.recordRender(dataTime: dataTime, at: now)
    }

    private mutating func drawLine(_ series: TimeSeries, title: String, range: ChartTimeRange, at now: Int64)
        -> TimeSeries
    {
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
        recorder.recordChart("\(range.rawValue).line") { record in
            record.fetched += series.count
            record.kept += kept.count
            record.drawn += indices.count
            if kept.isEmpty { record.empty += 1 }
            if fidelity.isOverCap { record.overCap += 1 }
            record.maxDeviation = max(record.maxDeviation, fidelity.maxRelativeDeviation ?? 0)
        }
        let drawn = kept.selecting(indices)
        recorder.plots.charts["\(range.rawValue).line"] = RunPlots.DrawnChart(
            title: title, kept: kept, drawn: drawn, cap: cap)
        return drawn
    }

    private mutating func drawCandles(_ candles: CandleSeries, range: ChartTimeRange, at now: Int64)
        -> CandleSeries
    {
        let policies = config.policies
        let kept = policies.candles.apply(to: policies.filter.apply(to: candles, range: range, now: now))
        let cap = policies.rangeProfile.maxPoints(for: range, type: .candle) ?? max(kept.count, 1)
        let drawn = kept.count > cap ? kept.suffix(from: kept.count - cap) : kept
        recorder.recordChart("\(range.rawValue).candle") { record in
            record.fetched += candles.count
            record.kept += kept.count
            record.drawn += drawn.count
            if kept.isEmpty { record.empty += 1 }
        }
        return drawn
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
