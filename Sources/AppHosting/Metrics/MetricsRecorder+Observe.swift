import TrackerCore

extension MetricsRecorder {
    /// Takes one event of the run's stream into the record: the only way figures enter it.
    ///
    /// - Parameters:
    ///   - event: What happened.
    ///   - now: When.
    mutating func observe(_ event: RunEvent, at now: Int64) {
        switch event {
        case .requestSent(_, let askedAt, let screen, let endpoint, let target):
            recordSend(
                askedAt: askedAt, sentAt: now,
                endpoint: RunEvent.requestSentEndpointName(endpoint, target: target),
                screen: screen)
            widget.sent(screen: screen, target: target, at: now)
        case .requestGivenUp(_, let screen, _):
            failures[FailureKey(FailureSource(screen), .cancelled), default: 0] += 1
        case .answered(_, _, let billed): if billed { credits += 1 }
        case .rateLimited: status429 += 1
        case .failed(let source, let kind):
            failures[FailureKey(source, kind), default: 0] += 1
            if source == .widget { widget.fetchFailed() }
        case .cacheLookup(let cache, let capacity, let key, let ttl, let hit):
            recordLookup(cache: cache, capacity: capacity, key: key, at: now, ttl: ttl, hit: hit)
        case .cacheStored(let cache, let lookup, let ttl):
            recordStore(cache: cache, lookup: lookup, ttl: ttl, at: now)
        case .staleServed(let cache, let chart):
            recordStaleServed(cache: cache)
            plots.staleServes[chart.name, default: 0] += 1
        case .chartRendered(let key): recordChart(key) { $0.renders += 1 }
        case .chartFailed(let key): recordChart(key) { $0.failed += 1 }
        case .chartPrepared(let key, let fetched, let kept, let drawn, let overCap, let loss):
            recordChart(key) { record in
                record.prepared += 1
                record.fetched += fetched
                record.kept += kept
                record.drawn += drawn
                if kept == 0 { record.empty += 1 }
                if overCap { record.overCap += 1 }
                switch key.type {
                case .line: record.maxDeviation = max(record.maxDeviation, loss)
                case .candle: record.extremeLost = max(record.extremeLost, loss)
                }
            }
        case .linePlotted(let key, let chart):
            plots.staleServes[key.name] = nil
            plots.charts[key.name] = chart
        case .candlesPlotted(let key, let chart):
            plots.staleServes[key.name] = nil
            plots.candleCharts[key.name] = chart
        case .alertFired(_, let delay):
            alertsFired += 1
            alertDelays.append(delay)
        case .screenShown(let screen, let items): freshness.show(screen, items: items, at: now)
        case .screenChanged(let screen): screens.show(screen, at: now)
        case .coldLaunched: coldLaunches += 1
        case .rowsApplied(let zeroPrices, let keptPrevious):
            watchlistZeroPrices += zeroPrices
            watchlistKeptPrevious += keptPrevious
        case .leftOffByLoad(let count): watchlistLeftOffByLoads += count
        case .widgetTimelinesReloaded: widgetTimelineReloads += 1
        case .widgetReloaded(let kind): widget.reloaded(kind, at: now)
        case .widgetReloadRefused: widget.reloadRefused()
        case .widgetPricesMissing(let count): widget.missing(count)
        case .widgetShown(let entry): widget.show(entry, at: now)
        case .finished(let coins, let unavailable, let leftOff, let processed):
            events = processed
            freshness.finish(at: now)
            screens.finish(at: now)
            widget.finish(at: now)
            plots.screenAge = freshness.takeSawtooth(until: now)
            watchlistCoins = coins
            watchlistUnavailable = unavailable
            watchlistLeftOff = leftOff
        case .portfolioAtEnd(let portfolio): self.portfolio = portfolio
        case .userAction: break
        }
    }
}
