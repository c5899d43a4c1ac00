extension TrackerApp {
    /// The app's reaction to a user action. Each verb is done where the app offers it: a coin
    /// row, adding and removing on the watchlist tab's root; a transaction on the Portfolio tab.
    ///
    /// - Parameters:
    ///   - action: What the user did.
    ///   - now: When.
    public mutating func perform(_ action: UserAction, at now: Int64) {
        emit(.userAction(action))
        // No person taps an app in the background: counted, named, and nothing happens.
        guard navigation.isActive || !action.needsActiveApp else {
            emit(.failed(.user, .inBackground(verb: action.verb)))
            return
        }
        switch action {
        case .openCoin(let id): execute(navigation.push(coin: id), at: now)
        case .closeCoin: execute(navigation.pop(), at: now)
        case .selectTab(let tab): execute(navigation.select(tab), at: now)
        case .switchRange(let range): execute(detailScreen.switchRange(to: range), at: now)
        case .switchChartType(let type): execute(detailScreen.switchType(to: type), at: now)
        case .refreshCoin: execute(detailScreen.refresh(), at: now)
        case .showChart(let id, let type, let range): showChart(id: id, type: type, range: range, at: now)
        case .pullToRefresh:
            switch navigation.visibleView {
            case .watchlistRoot: execute(watchlistScreen.pull(list: watchlist.coinIds), at: now)
            case .portfolioRoot:
                guard portfolioOffers(nil) else {
                    emit(.failed(.user, .notOffered(verb: action.verb)))
                    break
                }
                execute(portfolioLoop.loadOnce(), at: now)
            case .coinScreen: execute(detailScreen.refresh(), at: now)
            case .portfolioPage, .sheet, nil: break
            }
        case .search(let text, let goal): openSearch(goal: goal, typing: text.text, at: now)
        case .addCoin(let coin):
            goToWatchlistRoot(at: now)
            add(coin, at: now)
        case .removeCoin(let id):
            goToWatchlistRoot(at: now)
            remove(id, at: now)
        case .background: execute(navigation.enterBackground(), at: now)
        case .foreground: execute(navigation.becomeActive(), at: now)
        case .offline: online = false
        case .online: online = true
        case .trade(let transaction): _ = record(transaction, at: now)
        case .openPortfolioPage(let page):
            // Done where the app offers it: on the Portfolio tab's root (selected, a page popped
            // first), from a row its content lists.
            execute(navigation.select(.portfolio), at: now)
            execute(navigation.popPage(), at: now)
            guard portfolioOffers(page) else {
                emit(.failed(.user, .notOffered(verb: action.verb)))
                break
            }
            execute(navigation.push(page: page), at: now)
        case .closePortfolioPage: execute(navigation.popPage(), at: now)
        case .openFromWidget:
            // The scene becomes active (the process resumes, or the app launches on its first
            // tab), then the deep link selects the Portfolio tab; the small widget has none.
            execute(navigation.becomeActive(), at: now)
            if widgetFamily.linksToPortfolio { execute(navigation.select(.portfolio), at: now) }
        case .terminated: endProcess(at: now)
        }
        if processEnded, navigation.isLaunched {
            processEnded = false
            emit(.coldLaunched)
        }
    }

    /// Pops a coin screen and selects the watchlist tab, where the list's own verbs are.
    mutating func goToWatchlistRoot(at now: Int64) {
        execute(navigation.select(.watchlist), at: now)
        execute(navigation.pop(), at: now)
    }

    /// `WatchlistViewModel.addCoin(coinId:)`: the coin is stored, then `loadWatchlistWithPrices()`
    /// runs in a task of its own (a load, then a new loop). A coin listed but not on screen yet
    /// (its first load still in flight) passes the app's duplicate check: `WatchlistItem.coinId`
    /// is `@Attribute(.unique)`, so the insert updates the item, which moves last (its
    /// `dateAdded` is now).
    mutating func add(_ coin: CoinListEntry, at now: Int64) {
        do {
            if watchlist.contains(coin.id), watchlistScreen.acceptsAdding(coin.id, list: watchlist.coinIds) {
                try watchlist.remove(coinId: coin.id)
            }
            try watchlist.add(coin, at: now)
            if navigation.isActive {
                execute(watchlistScreen.added(list: watchlist.coinIds, at: now), at: now)
            }
        } catch {
            emit(.failed(.watchlist, .refusedAdd))
        }
    }

    /// `WatchlistViewModel.removeCoin(coinId:)`: the row leaves and `startPeriodicUpdates()` starts
    /// the loop again over the rest, without a load; an empty list stops it. A coin not on screen
    /// (before the first load) has no row to swipe: refused.
    mutating func remove(_ id: String, at now: Int64) {
        do {
            // The app's swipe is on a row on screen: a coin listed but not loaded has none.
            guard watchlistScreen.acceptsRemoving(id, list: watchlist.coinIds) else {
                throw WatchlistError.notInWatchlist(coinId: id)
            }
            try watchlist.remove(coinId: id)
            execute(watchlistScreen.removed(id, list: watchlist.coinIds, at: now), at: now)
        } catch {
            emit(.failed(.watchlist, .refusedRemove))
        }
    }

    /// Runs what SwiftUI fires as the navigation changes: each view's `.task` and `.onDisappear`.
    mutating func execute(_ events: [AppNavigation.Lifecycle], at now: Int64) {
        for event in events {
            switch event {
            case .appear(.watchlistRoot):
                execute(watchlistScreen.appear(list: watchlist.coinIds, at: now), at: now)
            case .disappear(.watchlistRoot): watchlistScreen.disappear()
            case .appear(.coinScreen(let id)):
                if detailScreen.coinId == id {
                    execute(detailScreen.reappear(), at: now)
                } else {
                    chartsOnScreen = [:]
                    coinScreenOpenedAt = now
                    execute(detailScreen.open(coinId: id), at: now)
                }
            case .disappear(.coinScreen): detailScreen.cancelLoads()
            case .popped: detailScreen.close()
            case .appear(.portfolioRoot): execute(portfolioLoop.appear(), at: now)
            case .disappear(.portfolioRoot):
                // The tab's cancelled tasks reach the limiter before the next view's `.task`
                // starts (the `portfolio-tab` rule): a load waiting there gives up now.
                execute(portfolioLoop.disappear(at: now), at: now)
                giveUpCancelledWaits(at: now)
            case .appear(.portfolioPage), .disappear(.portfolioPage): break
            case .appear(.sheet): startSearchSheet(at: now)
            case .disappear(.sheet): search = nil
            case .reloadWidgetTimelines: reloadWidgetTimelines(at: now)
            case .suspended: suspended = true
            case .resumed:
                // The process resumes and its overdue sleeps fire at once, before any tap the
                // person makes after the foreground (issue 51: scheduling them behind the taps of
                // the same millisecond dropped loads a tab tap then cancelled).
                suspended = false
                let due = heldWakes
                heldWakes = []
                for held in due {
                    if case .requestSlot(let id) = held {
                        guard pending[id] != nil else { continue }
                        step(id, requestLifecycle.resumed(at: now), at: now)
                    } else {
                        wake(held, at: now)
                    }
                }
            }
        }
    }

    /// Runs the coin screen's loads. A chart load after a detail (in the same batch, or after the
    /// detail of `task` arrived) belongs to the screen's `.task`, which a pop cancels; one alone
    /// is a range or type switch's `Task`.
    mutating func execute(_ actions: [CoinDetailLoader.Action], task: Int? = nil, at now: Int64) {
        var task = task
        for action in actions {
            switch action {
            case .fetchDetail(let id, let token):
                task = token
                ask(requests.coinDetail(id: id), for: .detail(id: id, token: token), from: .coin, at: now)
            case .loadChart(let id, let type, let range):
                showChart(id: id, type: type, range: range, task: task, at: now)
            }
        }
    }
}
