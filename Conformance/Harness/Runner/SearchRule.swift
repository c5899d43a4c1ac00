import ConformanceCases
import TrackerCore

/// The search rule: the workbench's side is `AppSearchRanking` (the app's filtering, ranking
/// and market-cap order, 50 shown).
enum WorkbenchSearch {
    /// The results shown for a case.
    static func shown(_ search: SearchCase) -> SearchOutput {
        let coins = search.coins.map { CoinListEntry(id: $0.id, symbol: $0.symbol, name: $0.name) }
        let ranked = AppSearchRanking.rankedMatches(of: search.query, in: coins)
        let caps = search.caps.compactMapValues { $0 }
        return SearchOutput(ids: AppSearchRanking.shown(ranked, marketCaps: caps).map(\.id))
    }

    typealias Coin = SearchCase.Coin

    /// Edges: case, accents, symbols, parentheses, duplicates, equal caps (also equal only as
    /// `Decimal`), `null`, zero and missing caps, more than 50 matches.
    static func edges() -> [SearchCase] {
        let bitcoins = [
            Coin(id: "bitcoin", symbol: "btc", name: "Bitcoin"),
            Coin(id: "wrapped-bitcoin", symbol: "wbtc", name: "Wrapped Bitcoin"),
            Coin(id: "bitcoin-wormhole", symbol: "btc", name: "Bitcoin (Wormhole)"),
            Coin(id: "bitcoin-cash", symbol: "bch", name: "Bitcoin Cash"),
            Coin(id: "bitcoin", symbol: "btc", name: "Bitcoin"),
        ]
        let caps: [String: Double?] = ["bitcoin": 1.9e12, "wrapped-bitcoin": 1.2e10, "bitcoin-cash": nil]
        var cases = ["BTC", "btc", "Bit", "bitcoin", "(", "Wormhole", "cash", "x"].map {
            SearchCase(query: $0, coins: bitcoins, caps: caps)
        }
        let accented = [
            Coin(id: "pokemon", symbol: "poké", name: "Pokémon"),
            Coin(id: "pokemon-2", symbol: "POKE", name: "Pokemon"),
            Coin(id: "istanbul", symbol: "İST", name: "İstanbul"),
            Coin(id: "strasse", symbol: "ss", name: "Straße"),
            Coin(id: "dogwifhat", symbol: "$WIF", name: "dogwifhat"),
            Coin(id: "dog-wif", symbol: "wif", name: "Dog-Wif"),
        ]
        let none: [String: Double?] = [:]
        cases += ["poké", "POKÉ", "pokemon", "é", "i̇st", "İ", "ß", "STRASSE", "$", "$wif", "-", "wif"].map {
            SearchCase(query: $0, coins: accented, caps: none)
        }
        let twins = [
            Coin(id: "alpha", symbol: "aaa", name: "Same"), Coin(id: "beta", symbol: "bbb", name: "Same"),
            Coin(id: "gamma", symbol: "ccc", name: "Same Coin"),
            Coin(id: "delta", symbol: "ddd", name: "Same Coin"),
        ]
        cases.append(
            SearchCase(
                query: "same", coins: twins, caps: ["alpha": 5e9, "beta": 5e9, "gamma": 7e9, "delta": 7e9]))
        cases.append(
            SearchCase(
                query: "same", coins: twins,
                caps: ["alpha": 1e15 + 0.125, "beta": 1e15 + 0.25, "gamma": 0, "delta": nil]))
        cases.append(SearchCase(query: "same", coins: twins, caps: ["alpha": -1, "beta": 0]))
        let many = (0..<80).map { Coin(id: "token-\($0)", symbol: "tk\($0)", name: "Token \($0)") }
        var manyCaps: [String: Double?] = [:]
        for index in stride(from: 0, to: 80, by: 3) { manyCaps["token-\(index)"] = Double(index % 7) * 1e6 }
        cases += ["token", "tk1", "Token 7"].map { SearchCase(query: $0, coins: many, caps: manyCaps) }
        return cases
    }

    static let syllables = [
        "bit", "coin", "eth", "doge", "sol", "ana", "ma", "pepe", "shi", "ba", "inu", "tron", "x", "é", "Ö",
        "$", "-", " ", "Wrapped ", "(", ")",
    ]

    static func randomCase(random: inout SplitMix) -> SearchCase {
        var coins: [Coin] = []
        var caps: [String: Double?] = [:]
        for index in 0..<(1 + random.below(120)) {
            let name = (0..<(1 + random.below(3))).map { _ in random.pick(syllables) }.joined()
            let capitalised = random.oneIn(2) ? name.capitalized : name
            let symbol = String(name.filter { $0 != " " }.prefix(1 + random.below(4)))
            let id =
                random.oneIn(30) && !coins.isEmpty ? random.pick(coins).id : "\(name.lowercased())-\(index)"
            let coin = Coin(id: id, symbol: random.oneIn(2) ? symbol.uppercased() : symbol, name: capitalised)
            coins.append(coin)
            switch random.below(20) {
            case 0: caps[id] = .some(nil)
            case 1: caps[id] = 0
            case 2..<8: break
            case 8..<11: caps[id] = Double(1 + random.below(3)) * 1e9
            default: caps[id] = Double(random.below(1_000_000_000)) * 1000
            }
        }
        let source = random.pick(coins)
        let text = [source.name, source.symbol, source.id][random.below(3)]
        let start = random.below(max(text.count, 1))
        var query = String(text.dropFirst(start).prefix(1 + random.below(5)))
        if random.oneIn(3) { query = query.uppercased() }
        if query.isEmpty { query = "b" }
        return SearchCase(query: query, coins: coins, caps: caps)
    }

    /// The rule.
    static func rule(app: @escaping (SearchCase) async -> SearchOutput, randomCount: Int) -> RuleCheck<
        SearchCase, SearchOutput
    > {
        RuleCheck(
            name: "search-ranking",
            cases: { random in edges() + (0..<randomCount).map { _ in randomCase(random: &random) } },
            app: app,
            tracker: shown, difference: { $0.difference(from: $1) }, shrink: \.shrunk)
    }
}
