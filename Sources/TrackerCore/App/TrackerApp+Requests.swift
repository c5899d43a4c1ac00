import WorkbenchFoundation

extension TrackerApp {
    /// Asks the limiter for a slot, as the client does before every request.
    mutating func ask(_ request: HTTPRequest, for purpose: Purpose, from screen: AppScreenKind, at now: Int64)
    {
        guard online else {
            fail(
                purpose, CoinGeckoError(.transport(.connectionFailed("offline")), request: request.target),
                at: now)
            return
        }
        let id = nextRequest
        nextRequest += 1
        pending[id] = Pending(request: request, purpose: purpose, askedAt: now, screen: screen)
        step(id, requestLifecycle.ask(at: now), at: now)
    }

    /// Sends a request now, or waits for its slot.
    mutating func step(_ id: Int, _ step: RequestLifecycle.Step, at now: Int64) {
        switch step {
        case .send:
            guard let request = pending[id] else { return }
            waitingForSlot.remove(id)
            requestLifecycle.send(at: now)
            // The app's session looks in its own cache when the task starts (the widget's
            // extension is another process, with a cache of its own: `sendWidgetRequest`).
            if httpCache != nil, !request.purpose.isWidget {
                let target = request.request.target
                let cached = httpCache!.lookup(target, at: now)
                // The cache is bounded in bytes, not entries: the optimum counts no entry limit. A
                // hit's value lives as long as its entry has left; a miss's lifetime comes with its
                // store (``RunEvent/cacheStored(cache:lookup:ttlMilliseconds:)``).
                let trace = recordLookup(
                    cache: .http, capacity: .max, key: target, ttl: cached?.remainingLifetime(at: now) ?? 0,
                    hit: cached != nil)
                if let cached {
                    answer(cached.response, forRequest: id, dataTime: cached.dataTime, at: now)
                    return
                }
                pending[id]?.httpLookup = trace
            }
            transmit(id)
        case .wait(let slot):
            waitingForSlot.insert(id)
            schedule(.requestSlot(id: id), at: slot)
        }
    }

    /// Gives up the requests waiting for their limiter slot whose task was cancelled since they
    /// asked (their screen moved on: the loop stopped or started again, the view disappeared, the
    /// search changed). In the app such a task wakes at once from
    /// `RateLimiter.waitForNextRequest()`'s `try? await Task.sleep`, still stamps the limiter's
    /// last request time, and its `session.data(from:)` throws `URLError.cancelled`: nothing is
    /// sent, and the next caller waits its 1.2 s from now (Pointwelve/Bitpal-iOS
    /// `Bitpal-v2/Bitpal/Services/RateLimiter.swift`, `waitForNextRequest()`; found by
    /// `conformance diff`'s `watchlist-screen` rule, issue 66). Counted as
    /// `failures.<screen>.cancelled`, never as a request.
    ///
    /// - Parameter now: The time of the input that cancelled them.
    mutating func giveUpCancelledWaits(at now: Int64) {
        guard !waitingForSlot.isEmpty else { return }
        for id in waitingForSlot.sorted() {
            guard let request = pending[id] else {
                waitingForSlot.remove(id)
                continue
            }
            guard !isWanted(request.purpose) else { continue }
            pending[id] = nil
            waitingForSlot.remove(id)
            requestLifecycle.gaveUpWaiting(at: now)
            emit(.requestGivenUp(id: id, screen: request.screen, target: request.request.target))
            if case .marketData(let fetch, _, _, _) = request.purpose { fetches[fetch] = nil }
        }
    }

    /// Hands a pending request to the shell's transport.
    mutating func transmit(_ id: Int) {
        guard let pending = pending[id] else { return }
        effects.append(
            .send(
                AppRequest(id: id, request: pending.request, askedAt: pending.askedAt, screen: pending.screen)
            ))
    }

    /// The answer to a request arrived.
    ///
    /// - Parameters:
    ///   - response: The answer.
    ///   - id: The request's number (``AppRequest/id``).
    ///   - dataTime: When the answer's data was current (the server's clock; `now` when unknown).
    ///   - now: When it arrived.
    public mutating func receive(_ response: HTTPResponse, forRequest id: Int, dataTime: Int64, at now: Int64)
    {
        timer?.count("app_received", bytes: response.body.count)
        if let request = pending[id], request.purpose.isWidget, widgetHTTPCache != nil {
            _ = widgetHTTPCache!.store(response, for: request.request.target, dataTime: dataTime, at: now)
        }
        // A cancelled task's answer never reaches URLSession's cache (the task is torn down).
        if let request = pending[id], httpCache != nil, !request.purpose.isWidget, isWanted(request.purpose),
            let entry = httpCache!.store(response, for: request.request.target, dataTime: dataTime, at: now),
            let lookup = request.httpLookup
        {
            emit(
                .cacheStored(
                    cache: .http, lookup: lookup, ttlMilliseconds: max(0, entry.remainingLifetime(at: now))))
        }
        answer(response, forRequest: id, dataTime: dataTime, at: now)
    }

    /// An answer, from the network or the HTTP cache, goes to the code that asked.
    private mutating func answer(_ response: HTTPResponse, forRequest id: Int, dataTime: Int64, at now: Int64)
    {
        guard let request = pending.removeValue(forKey: id) else { return }
        if case .widget(let token) = request.purpose {
            if response.status == 429 { emit(.rateLimited(id: id, retryAfterMilliseconds: nil)) }
            widgetAnswered(token: token, response: response, dataTime: dataTime, at: now)
            return
        }
        switch requestLifecycle.answer(response, to: request.request, at: now) {
        case .success(let body):
            do throws(CoinGeckoError) {
                try succeed(request, body: body, dataTime: dataTime, at: now)
            } catch {
                fail(request.purpose, error, askedAt: request.askedAt, at: now)
            }
        case .failure(let error):
            if case .rateLimited(let retryAfter, _) = error.kind {
                emit(.rateLimited(id: id, retryAfterMilliseconds: retryAfter))
            }
            fail(request.purpose, error, askedAt: request.askedAt, at: now)
        }
    }

    /// A request got no answer within its timeout.
    ///
    /// - Parameters:
    ///   - id: The request's number.
    ///   - now: When its timeout ran out.
    public mutating func timedOut(request id: Int, at now: Int64) {
        guard let request = pending.removeValue(forKey: id) else { return }
        fail(
            request.purpose, RequestLifecycle.timeout(of: request.request), askedAt: request.askedAt, at: now)
    }

    /// A transport failure the shell met before any answer (no connection, TLS): the request
    /// fails as the client's would.
    ///
    /// - Parameters:
    ///   - id: The request's number.
    ///   - error: What went wrong.
    ///   - now: When.
    public mutating func failed(request id: Int, _ error: CoinGeckoError, at now: Int64) {
        guard let request = pending.removeValue(forKey: id) else { return }
        if case .widget(let token) = request.purpose {
            widgetFetchFinished(token: token, .failure(.init(FailureKind(error.kind))), at: now)
            return
        }
        fail(request.purpose, error, askedAt: request.askedAt, at: now)
    }

    /// A 2xx body: decoded as its endpoint, then applied as the app does.
    mutating func succeed(_ pending: Pending, body: [UInt8], dataTime: Int64, at now: Int64)
        throws(CoinGeckoError)
    {
        let request = pending.request
        switch pending.purpose {
        case .marketData(let fetch, let ids, let key, let lookup):
            try receiveMarketData(
                body, request: request, fetch: fetch, ids: ids, key: key, lookup: lookup, dataTime: dataTime,
                at: now)
        case .coinList:
            // A dismissed sheet's `.task` was cancelled: `fetchCoinList()` throws
            // `URLError.cancelled` and caches nothing.
            guard isWanted(pending.purpose) else {
                emit(.failed(.search, .cancelled))
                return
            }
            let list = try CoinGeckoResponseClassifier.decode(body, for: request) {
                body, source throws(LocatedDecodingError) in
                try CoinListMemo.coins(of: body, source: source)
            }
            coinListLoaded(list, at: now)
        case .detail(_, let token):
            _ = try CoinGeckoResponseClassifier.decode(body, for: request) {
                body, source throws(LocatedDecodingError) in try CoinDetail.decode(body, source: source)
            }
            execute(detailScreen.detailFinished(token: token, succeeded: true), task: token, at: now)
        case .widget:
            preconditionFailure("the widget's answers do not go through the app's client")
        case .chart(let id, let type, let range, let lookup, _):
            // A popped screen's `.task` was cancelled: `URLSession` throws `URLError.cancelled`,
            // and `CoinDetailViewModel` neither draws nor saves the chart.
            guard isWanted(pending.purpose) else {
                emit(.failed(.chart, .cancelled))
                return
            }
            let chart = try processChart(body, request: request, type: type, range: range, at: now)
            chartLoader.store(chart.cached, coinId: id, type: type, range: range, at: now)
            emit(.cacheStored(cache: .chart, lookup: lookup))
            render(chart.drawn, id: id, type: type, range: range, askedAt: pending.askedAt, at: now)
        }
    }

    /// A failed request: the watchlist keeps its data (and ages), a chart may show its stale entry.
    mutating func fail(_ purpose: Purpose, _ error: CoinGeckoError, askedAt: Int64? = nil, at now: Int64) {
        let source: FailureSource
        switch purpose {
        case .widget(let token):
            // The widget's own failure, reported by its machine.
            widgetFetchFinished(token: token, .failure(.init(FailureKind(error.kind))), at: now)
            return
        case .marketData(let fetch, _, _, _):
            source = fetches[fetch].map { FailureSource($0.origin.screen) } ?? .watchlist
            failMarketData(fetch: fetch, at: now)
        case .coinList:
            source = .search
        case .detail(_, let token):
            source = .detail
            execute(detailScreen.detailFinished(token: token, succeeded: false), task: token, at: now)
        case .chart(let id, let type, let range, _, _):
            source = .chart
            switch chartLoader.failed(coinId: id, type: type, range: range, at: now) {
            case .drawStale(let stale, _):
                emit(.staleServed(cache: .chart, chart: ChartKey(range, type)))
                render(stale, id: id, type: type, range: range, askedAt: askedAt, at: now)
            case .failed: emit(.chartFailed(ChartKey(range, type)))
            }
        }
        emit(.failed(source, FailureKind(error.kind)))
    }
}
