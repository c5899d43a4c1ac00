import Foundation
import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("CoinMarket decoding: member names matched in place, checked against Foundation")
struct CoinMarketDecodingTests {
    static let top100 = "coins_markets_usd_top100_20230108.json"

    /// A row as Foundation's `JSONDecoder` reads it: the independent decoder. (`JSONSerialization`
    /// is not one: it rounds some 17-digit numbers to the neighbouring double.)
    struct Reference: Decodable {
        var id, symbol, name: String
        var image: String?
        var currentPrice, marketCap, totalVolume, high24h, low24h, priceChange24h: Double?
        var priceChangePercentage24h, circulatingSupply, totalSupply, maxSupply: Double?
        var marketCapRank: Int?
        var lastUpdated: Date?

        enum CodingKeys: String, CodingKey {
            case id, symbol, name, image
            case currentPrice = "current_price"
            case marketCap = "market_cap"
            case totalVolume = "total_volume"
            case high24h = "high_24h"
            case low24h = "low_24h"
            case priceChange24h = "price_change_24h"
            case priceChangePercentage24h = "price_change_percentage_24h"
            case circulatingSupply = "circulating_supply"
            case totalSupply = "total_supply"
            case maxSupply = "max_supply"
            case marketCapRank = "market_cap_rank"
            case lastUpdated = "last_updated"
        }
    }

    @Test("every field of the recorded top-100 page equals Foundation's JSONDecoder reading of it")
    func recordedTop100() throws {
        let data = try RepositoryFiles.coingeckoData(Self.top100)
        let rows = try CoinMarket.decodeList(data, source: Self.top100)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            // A formatter per call: ISO8601DateFormatter is not Sendable.
            let dates = ISO8601DateFormatter()
            dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            guard let date = dates.date(from: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: text))
            }
            return date
        }
        let expected = try decoder.decode([Reference].self, from: data)
        #expect(rows.count == 100)
        #expect(expected.count == 100)
        for (row, reference) in zip(rows, expected) {
            #expect(row.id == reference.id)
            #expect(row.symbol == reference.symbol)
            #expect(row.name == reference.name)
            #expect(row.image == reference.image)
            #expect(row.currentPrice == reference.currentPrice, "\(row.id)")
            #expect(row.marketCap == reference.marketCap)
            #expect(row.marketCapRank == reference.marketCapRank)
            #expect(row.totalVolume == reference.totalVolume)
            #expect(row.high24h == reference.high24h)
            #expect(row.low24h == reference.low24h)
            #expect(row.priceChange24h == reference.priceChange24h, "\(row.id)")
            #expect(row.priceChangePercentage24h == reference.priceChangePercentage24h)
            #expect(row.priceChangePercentage24hInCurrency == nil)
            #expect(row.circulatingSupply == reference.circulatingSupply, "\(row.id)")
            #expect(row.totalSupply == reference.totalSupply)
            #expect(row.maxSupply == reference.maxSupply)
            #expect(
                row.lastUpdated
                    == reference.lastUpdated.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) })
        }
        // Spot checks against the text, read by Python's float() (correctly rounded).
        #expect(rows.contains { $0.priceChange24h == -0.002842715682973618 })
        #expect(rows.contains { $0.circulatingSupply == 14544190.764091088 })
    }

    @Test("a string that is not UTF-8 (Latin-1) is refused at its path, not decoded into U+FFFD")
    func latin1Refused() throws {
        var bytes = Array(#"[{"id": "caf?", "symbol": "c", "name": "c", "current_price": 1}]"#.utf8)
        bytes[bytes.firstIndex(of: UInt8(ascii: "?"))!] = 0xE9
        let error = #expect(throws: LocatedDecodingError.self) { try CoinMarket.decodeList(bytes) }
        #expect(error?.path == "$[0].id")
        #expect(error?.description.contains("UTF-8") == true)
    }

    @Test("members in any order, and names written with escapes, mean what they say")
    func orderAndEscapes() throws {
        let inOrder = #"[{"id":"a","symbol":"s","name":"N","current_price":2.5,"market_cap_rank":7}]"#
        let shuffled = #"[{"market_cap_rank":7,"current_price":2.5,"name":"N","symbol":"s","id":"a"}]"#
        let escaped =
            #"[{"\u0069d":"a","symbol":"s","n\u0061me":"N","current\u005fprice":2.5,"market_cap_rank":7}]"#
        let expected = try CoinMarket.decodeList(Array(inOrder.utf8))
        #expect(expected.first?.currentPrice == 2.5)
        #expect(expected.first?.marketCapRank == 7)
        #expect(try CoinMarket.decodeList(Array(shuffled.utf8)) == expected)
        #expect(try CoinMarket.decodeList(Array(escaped.utf8)) == expected)
    }

    @Test(
        "a member named twice is an error, known or not, escaped or not",
        arguments: [
            #"[{"id":"a","symbol":"s","name":"N","id":"b"}]"#,
            #"[{"id":"a","symbol":"s","name":"N","\u0069d":"b"}]"#,
            #"[{"id":"a","symbol":"s","name":"N","ath":1,"ath":2}]"#,
        ])
    func duplicateMembers(json: String) throws {
        let error = try #require(throws: LocatedDecodingError.self) {
            try CoinMarket.decodeList(Array(json.utf8))
        }
        #expect(error.expected == "each member name once")
        #expect(error.path == "$[0]")
    }

    @Test("a row without its id names the missing member; an unknown member's bad value names its path")
    func missingAndUnknown() throws {
        let missing = try #require(throws: LocatedDecodingError.self) {
            try CoinMarket.decodeList(Array(#"[{"symbol":"s","name":"N"}]"#.utf8))
        }
        #expect(missing.expected == #"a member "id""#)
        let unknown = try #require(throws: LocatedDecodingError.self) {
            try CoinMarket.decodeList(Array(#"[{"id":"a","symbol":"s","name":"N","roi":[1,}]"#.utf8))
        }
        #expect(unknown.path.hasPrefix("$[0].roi"))
        let wrongType = try #require(throws: LocatedDecodingError.self) {
            try CoinMarket.decodeList(Array(#"[{"id":"a","symbol":"s","name":"N","high_24h":"x"}]"#.utf8))
        }
        #expect(wrongType.path == "$[0].high_24h")
    }
}
