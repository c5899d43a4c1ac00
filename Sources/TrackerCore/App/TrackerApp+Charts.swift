import WorkbenchFoundation

extension TrackerApp {
    /// Loads a chart (`CoinDetailViewModel.loadLineChartData(forRange:)` and the candle twin):
    /// from the chart cache if fresh, otherwise requested.
    ///
    /// - Parameter task: The coin screen's `.task` load it belongs to, if any (a pop cancels it).
    mutating func showChart(
        id: String, type: ChartType, range requested: ChartTimeRange, task: Int? = nil, at now: Int64
    ) {
        let range = chartLoader.resolvedRange(requested, for: type)
        let (outcome, hit) = chartLoader.load(coinId: id, type: type, range: range, at: now)
        let trace = recordLookup(
            cache: .chart, capacity: policies.chartCacheCapacity,
            key: chartLoader.cache.key(coinId: id, type: type, range: range),
            ttl: chartLoader.cache.storedTTLMilliseconds(for: range), hit: hit)
        switch outcome {
        case .draw(let payload): render(payload, id: id, type: type, range: range, at: now)
        case .request(let request):
            ask(
                request, for: .chart(id: id, type: type, range: range, lookup: trace, task: task),
                from: .coin,
                at: now)
        }
    }

    /// Decodes, filters and downsamples a chart response as the app does, recording what was
    /// fetched, kept and drawn (unless `counting` is false: a raw cache entry drawn again);
    /// returns what the chart cache holds and what the screen draws. A body without one row
    /// throws ``CoinGeckoError/Kind/noData`` (the app keeps the chart it showed).
    mutating func processChart(
        _ body: [UInt8], request: HTTPRequest, type: ChartType, range: ChartTimeRange, at now: Int64,
        counting: Bool = true
    ) throws(CoinGeckoError) -> (cached: ChartCache.Payload, drawn: ChartCache.Payload) {
        let processed: ChartCache.Payload
        if type == .line {
            let chart = try CoinGeckoResponseClassifier.decode(body, for: request) {
                body, source throws(LocatedDecodingError) in
                try MarketChartDecoder.decode(body, source: source, order: policies.chartRows)
            }
            // `fetchMarketChart` throws `ChartError.noDataAvailable`: nothing drawn or stored.
            guard !chart.prices.isEmpty else { throw CoinGeckoError(.noData, request: request.target) }
            processed = .line(
                drawLine(
                    chart.prices, title: "\(request.endpoint?.coinId ?? "") \(range.rawValue) line",
                    range: range, at: now, counting: counting))
        } else {
            let chart = try CoinGeckoResponseClassifier.decode(body, for: request) {
                body, source throws(LocatedDecodingError) in
                try OHLCDecoder.decode(body, source: source, order: policies.chartRows)
            }
            // `fetchOHLC` throws `ChartError.noDataAvailable`: nothing drawn or stored.
            guard !chart.candles.isEmpty else { throw CoinGeckoError(.noData, request: request.target) }
            processed = .candles(
                drawCandles(
                    chart.candles, title: "\(request.endpoint?.coinId ?? "") \(range.rawValue) candle",
                    range: range,
                    at: now, counting: counting))
        }
        return (policies.chartCacheContent == .rawResponse ? .rawResponse(body) : processed, processed)
    }

    /// Shows a chart: counts the render, and puts it on the coin screen if that screen shows
    /// this chart.
    ///
    /// - Parameters:
    ///   - payload: The chart as drawn, or a cache entry: a raw entry is then processed again, as
    ///     that design implies (its downsampling time counts, its points do not: they count once,
    ///     when fetched).
    ///   - askedAt: When its request was asked for (nil: now, from the cache); one asked before
    ///     the open screen was pushed is not its chart.
    mutating func render(
        _ payload: ChartCache.Payload, id: String, type: ChartType, range: ChartTimeRange,
        askedAt: Int64? = nil,
        at now: Int64
    ) {
        var drawn: ChartCache.Payload? = payload
        if case .rawResponse(let body) = payload {
            let path = type == .line ? "/coins/\(id)/market_chart" : "/coins/\(id)/ohlc"
            drawn = try? processChart(
                body, request: HTTPRequest(path: path), type: type, range: range, at: now, counting: false
            ).drawn
        }
        emit(.chartRendered(ChartKey(range, type)))
        // The view model keeps whatever chart of this type loaded last, whichever range asked.
        guard detailScreen.coinId == id, (askedAt ?? now) >= coinScreenOpenedAt else { return }
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
            if let timer { timer.measure("downsampling", downsample) } else { downsample() }
        }
        let key = ChartKey(range, .line)
        if counting {
            emit(
                .chartPrepared(
                    key, fetched: series.count, kept: line.kept.count, drawn: line.indices.count,
                    overCap: line.fidelity.isOverCap, fidelityLoss: line.fidelity.maxRelativeDeviation ?? 0))
        }
        emit(
            .linePlotted(
                key, DrawnChart(title: title, kept: line.kept, drawn: line.drawn, cap: line.cap)))
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
                    overCap: prepared.fidelity.isOverCap, fidelityLoss: prepared.fidelity.maxRelativeLoss))
        }
        emit(
            .candlesPlotted(
                key,
                DrawnChart(
                    title: title, kept: prepared.kept, drawn: prepared.drawn, cap: prepared.cap)))
        return prepared.drawn
    }
}
