import Foundation
import Testing
import TrackerCore
import WorkbenchFoundation

/// A request's target and its headers' names, written and compared byte by byte, against
/// Foundation's and the standard library's own readings of the same text.
@Suite("HTTPRequest's target and HTTPHeaders' names")
struct HTTPRequestTextTests {
    /// Random texts over ids, reserved bytes, multi-byte characters and case.
    static func texts(count: Int, seed: UInt64) -> [String] {
        let alphabet = [
            "a", "Z", "0", "-", ".", "_", "~", ",", " ", "&", "=", "?", "%", "+", "/", "é", "€", "😀", "K",
            "\u{212A}", "\u{301}", "Cache-Control", "x-cg-demo-api-key",
        ]
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            }.joined()
        }
    }

    @Test("the target is the path, then each item percent-encoded as Foundation encodes it, on 5,000 queries")
    func targetAsFoundation() {
        // RFC 3986's unreserved characters and the comma stay; every other byte is %XX.
        var allowed = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        allowed.insert(charactersIn: "-._~,")
        let texts = Self.texts(count: 10_004, seed: 70)
        for index in stride(from: 0, to: 10_000, by: 2) {
            // None to three items, each kind as often.
            let items = (0..<(index / 2 % 4)).map {
                HTTPRequest.QueryItem(texts[index + $0], texts[index + $0 + 1])
            }
            let expected =
                items.isEmpty
                ? "/simple/price"
                : "/simple/price?"
                    + items.map {
                        $0.name.addingPercentEncoding(withAllowedCharacters: allowed)! + "="
                            + $0.value.addingPercentEncoding(withAllowedCharacters: allowed)!
                    }.joined(separator: "&")
            #expect(HTTPRequest(path: "/simple/price", query: items).target == expected)
        }
    }

    @Test("a header is found when the names are equal lowercased, on 20,000 pairs")
    func namesAsLowercased() {
        let names = Self.texts(count: 20_000, seed: 71)
        for (name, wanted) in zip(names, names.dropFirst() + ["CACHE-CONTROL"]) {
            let headers = HTTPHeaders([.init(name, "v")])
            #expect(
                (headers[wanted] != nil) == (name.lowercased() == wanted.lowercased()), "\(name) \(wanted)")
            #expect(headers[name.uppercased()] == "v" || name.uppercased().lowercased() != name.lowercased())
        }
        #expect(HTTPHeaders([.init("Cache-Control", "max-age=30")])["cache-control"] == "max-age=30")
        #expect(HTTPHeaders([.init("\u{212A}ey", "v")])["key"] == "v")
        #expect(HTTPHeaders([])["key"] == nil)
    }
}

@Suite("CoinGeckoEndpoint's path reading")
struct CoinGeckoEndpointPathTests {
    /// The endpoint of a path split by `Character`, as the reader split every path before it
    /// split ASCII ones at their bytes.
    static func byCharacters(_ path: String) -> CoinGeckoEndpoint? {
        let pathOnly = path.split(separator: "?", maxSplits: 1).first ?? ""
        var parts = pathOnly.split(separator: "/")[...]
        if parts.count >= 2, parts[parts.startIndex] == "api", parts[parts.startIndex + 1] == "v3" {
            parts = parts.dropFirst(2)
        }
        let part = { (index: Int) in String(parts[parts.startIndex + index]) }
        switch (parts.count, parts.first.map(String.init)) {
        case (1, "search"): return .search
        case (2, "simple") where part(1) == "price": return .simplePrice
        case (2, "coins") where part(1) == "markets": return .coinsMarkets
        case (2, "coins") where part(1) == "list": return .coinsList
        case (2, "coins"): return .coinDetail(coinId: part(1))
        case (3, "coins") where part(2) == "market_chart": return .marketChart(coinId: part(1))
        case (3, "coins") where part(2) == "ohlc": return .ohlc(coinId: part(1))
        case (3, "coins") where part(2) == "history": return .coinHistory(coinId: part(1))
        default: return nil
        }
    }

    @Test("every path of up to seven pieces reads as split by characters, on 30,000 paths")
    func asByCharacters() {
        let pieces = [
            "/", "/", "?", "coins", "bitcoin", "market_chart", "ohlc", "history", "simple", "price",
            "markets",
            "list", "search", "api", "v3", "é", "\r\n", "x", "/\u{301}",
        ]
        var generator = SplitMix64(seed: 72)
        for _ in 0..<30_000 {
            let path = (0..<Int.random(in: 0...7, using: &generator)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }.joined()
            #expect(CoinGeckoEndpoint(path: path) == Self.byCharacters(path), "\(path)")
        }
        #expect(CoinGeckoEndpoint(path: "/coins/bitcoin/market_chart") == .marketChart(coinId: "bitcoin"))
        #expect(CoinGeckoEndpoint(path: "/api/v3/coins/é/ohlc?days=1") == .ohlc(coinId: "é"))
    }
}
