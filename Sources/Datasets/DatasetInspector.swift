import Foundation
import TrackerCore

/// Inspects recorded CoinGecko files: what they hold, how many points over what span, and the
/// quirks of the real API they show (see `datasets/coingecko/MANIFEST.md`).
///
/// A file is recognised from its entry in the dataset's `index.json` when there is one (the
/// request URI says which endpoint), otherwise from its content. Chart files go through the
/// same decoders the app uses, so a malformed file fails here with the same located error.
public enum DatasetInspector {
    /// Inspects one file.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - entry: Its `index.json` entry, if the directory has one that lists it.
    /// - Returns: The inspection.
    /// - Throws: ``DatasetError`` when the file cannot be read, is malformed, or is not a
    ///   CoinGecko recording.
    public static func inspect(_ url: URL, entry: DatasetEntry? = nil) throws(DatasetError)
        -> DatasetInspection
    {
        let name = url.lastPathComponent
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
        let context = RecordingContext(name: name, path: url.path, data: data, entry: entry)
        if name.hasSuffix(".csv") { return try inspectCSV(context) }
        if let status = entry?.status, status >= 400 { return try inspectErrorBody(context) }
        switch entry?.endpoint ?? sniffEndpoint(context) {
        case .marketChart: return try inspectMarketChart(context)
        case .ohlc: return try inspectOHLC(context)
        case .simplePrice: return try inspectSimplePrice(context)
        case .coinsMarkets: return try inspectMarkets(context)
        case let endpoint?: return try inspectDocument(context, endpoint: endpoint)
        case nil:
            if (try? context.json()) is [String: Any], (try? context.errorMessage()) != nil {
                return try inspectErrorBody(context)
            }
            throw .unrecognised(
                path: url.path,
                reason: "not a recognised CoinGecko recording (no index.json entry, and the content "
                    + "is not a market_chart, ohlc, markets, list, search, price or error body)")
        }
    }

    /// Guesses the endpoint from the content, for files without an index entry.
    static func sniffEndpoint(_ context: RecordingContext) -> CoinGeckoEndpoint? {
        // Chart files can be large: recognise them from their first bytes, without a JSON tree.
        let head = String(decoding: context.data.prefix(64), as: UTF8.self).filter { !$0.isWhitespace }
        if head.hasPrefix("{\"prices\":") { return .marketChart(coinId: "?") }
        if head.hasPrefix("[["),
            head.dropFirst(2).prefix(while: { $0 != "]" }).split(separator: ",").count == 5
        {
            return .ohlc(coinId: "?")
        }
        guard let json = try? context.json() else { return nil }
        if let object = json as? [String: Any] {
            if object["prices"] != nil { return .marketChart(coinId: "?") }
            if object["coins"] != nil, object["exchanges"] != nil { return .search }
            if object["market_data"] != nil, let id = object["id"] as? String {
                return .coinDetail(coinId: id)
            }
            if !object.isEmpty, object.values.allSatisfy({ $0 is [String: Any] }) { return .simplePrice }
            return nil
        }
        guard let array = json as? [Any], let first = array.first else { return nil }
        if let row = first as? [Any], row.count == 5 { return .ohlc(coinId: "?") }
        if let coin = first as? [String: Any] {
            return coin["current_price"] != nil
                ? .coinsMarkets : coin.keys.sorted() == ["id", "name", "symbol"] ? .coinsList : nil
        }
        return nil
    }
}

/// One file being inspected, with its bytes and what the index says about it.
struct RecordingContext {
    var name: String
    var path: String
    var data: Data
    var entry: DatasetEntry?

    /// The file parsed as generic JSON, for the non-chart endpoints.
    func json() throws(DatasetError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .malformed(
                LocatedDecodingError(
                    source: name, path: "$", line: 1, column: 1, expected: "a JSON document",
                    found: "malformed JSON (\((error as NSError).localizedDescription))"))
        }
    }

    /// CoinGecko's error message in an error body (`{"error": ...}` or `{"status": {"error_message": ...}}`).
    func errorMessage() throws(DatasetError) -> String? {
        guard let object = try json() as? [String: Any] else { return nil }
        if let message = object["error"] as? String { return message }
        if let status = object["status"] as? [String: Any], let message = status["error_message"] as? String {
            return message
        }
        return nil
    }

    /// A query parameter of the recorded request.
    func query(_ name: String) -> String? { entry?.queryItems[name] }

    /// Whether the file is pretty-printed rather than the API's compact form.
    var isPrettyPrinted: Bool { data.prefix(4096).contains(UInt8(ascii: "\n")) && data.count > 1 }

    /// An inspection prefilled with what the index says.
    func inspection(kind: String, endpoint: CoinGeckoEndpoint?) -> DatasetInspection {
        var inspection = DatasetInspection(file: name, kind: kind)
        inspection.endpoint = endpoint?.template
        inspection.coin = endpoint?.coinId.flatMap { $0 == "?" ? nil : $0 }
        inspection.currency = query("vs_currency") ?? query("vs_currencies")
        inspection.status = entry?.status
        if isPrettyPrinted { inspection.quirks.append("pretty-printed capture, not the API's compact JSON") }
        return inspection
    }
}
