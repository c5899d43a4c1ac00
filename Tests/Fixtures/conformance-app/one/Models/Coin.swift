// A fixture written for the workbench's tests, in the app's layout: not the app's code.
import Foundation

/// One row of /coins/markets.
struct Coin: Decodable {
    let id: String
    let name: String
    let currentPrice: Double
    let marketCap: Double?
    /// When the price was set: `last_updated`, or when the row was decoded.
    let lastUpdated: Date

    enum CodingKeys: String, CodingKey {
        case id, name
        case lastUpdated = "last_updated"
        case currentPrice = "current_price"
        case marketCap = "market_cap"
    }

    init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        id = try values.decode(String.self, forKey: .id)
        name = try values.decodeIfPresent(String.self, forKey: .name) ?? id
        currentPrice = try values.decodeIfPresent(Double.self, forKey: .currentPrice) ?? 0
        marketCap = try values.decodeIfPresent(Double.self, forKey: .marketCap)
        lastUpdated = try values.decodeIfPresent(Date.self, forKey: .lastUpdated) ?? Date()
    }
}
