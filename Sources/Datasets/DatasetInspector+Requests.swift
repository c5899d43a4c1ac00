import Foundation
import TrackerCore

extension DatasetInspector {
    /// A `/simple/price` response: which ids and currencies came back.
    static func inspectSimplePrice(_ context: RecordingContext) throws(DatasetError) -> DatasetInspection {
        guard let prices = try context.json() as? [String: Any] else {
            throw .unrecognised(path: context.path, reason: "a /simple/price response must be a JSON object")
        }
        var inspection = context.inspection(.simplePrice)
        inspection.entries = prices.count
        noteDroppedIDs(requested: context.query("ids"), returned: Set(prices.keys), into: &inspection)
        let currencies = requestedList(context.query("vs_currencies"))
        for (id, quotes) in prices.sorted(by: { $0.key < $1.key }) {
            let returned = Set((quotes as? [String: Any])?.keys.map { $0 } ?? [])
            if returned.isEmpty {
                inspection.quirks.append(
                    "\(id): {} (no price, status 200) for vs_currencies=\(currencies.joined(separator: ","))")
            } else if !currencies.isEmpty {
                let missing = currencies.filter { !returned.contains($0) }
                if !missing.isEmpty {
                    inspection.quirks.append("\(id): currencies not returned: \(quoted(missing))")
                }
            }
        }
        return inspection
    }

    /// A `/coins/markets` response: how many coins, and which requested ids came back.
    static func inspectMarkets(_ context: RecordingContext) throws(DatasetError) -> DatasetInspection {
        guard let coins = try context.json() as? [[String: Any]] else {
            throw .unrecognised(
                path: context.path, reason: "a /coins/markets response must be an array of objects")
        }
        var inspection = context.inspection(.coinsMarkets)
        inspection.entries = coins.count
        let ids = Set(coins.compactMap { $0["id"] as? String })
        noteDroppedIDs(requested: context.query("ids"), returned: ids, into: &inspection)
        let stamps = coins.compactMap { $0["last_updated"] as? String }.sorted()
        if let first = stamps.first, let last = stamps.last, first != last {
            inspection.quirks.append("last_updated ranges from \(first) to \(last)")
        }
        return inspection
    }

    /// An error response: status and CoinGecko's message.
    static func inspectErrorBody(_ context: RecordingContext) throws(DatasetError) -> DatasetInspection {
        var inspection = context.inspection(.errorBody)
        let message = try context.errorMessage() ?? String(decoding: context.data.prefix(120), as: UTF8.self)
        let status = context.entry?.status.map { "HTTP \($0)" } ?? "an error body"
        inspection.quirks.append("\(status) with message \"\(message)\"")
        if let object = try context.json() as? [String: Any], let status = object["status"] as? Int {
            inspection.quirks.append("the body repeats the status as a member: \"status\": \(status)")
        }
        return inspection
    }

    /// Any other endpoint: how many entries the document holds.
    static func inspectDocument(_ context: RecordingContext, endpoint: CoinGeckoEndpoint) throws(DatasetError)
        -> DatasetInspection
    {
        let json = try context.json()
        var inspection = context.inspection(.document(endpoint))
        switch json {
        case let array as [Any]:
            inspection.entries = array.count
        case let object as [String: Any] where endpoint == .search:
            let counts = object.keys.sorted().map { "\($0) \((object[$0] as? [Any])?.count ?? 0)" }
            inspection.entries = (object["coins"] as? [Any])?.count
            inspection.quirks.append("results: " + counts.joined(separator: ", "))
        case let object as [String: Any]:
            inspection.entries = object.count
        default:
            break
        }
        return inspection
    }

    private static func noteDroppedIDs(
        requested: String?, returned: Set<String>, into inspection: inout DatasetInspection
    ) {
        let ids = requestedList(requested)
        let dropped = ids.filter { !returned.contains($0) }
        guard !dropped.isEmpty else { return }
        let reason =
            dropped.allSatisfy { $0.hasPrefix(" ") }
            ? " (an URL-encoded leading space makes CoinGecko drop an id silently)" : ""
        inspection.quirks.append("requested ids not returned: \(quoted(dropped))\(reason)")
    }

    private static func requestedList(_ value: String?) -> [String] {
        value.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? []
    }

    private static func quoted(_ values: [String]) -> String {
        values.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
