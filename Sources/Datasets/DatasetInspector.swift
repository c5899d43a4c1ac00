import Foundation
import TrackerCore
import WorkbenchFoundation

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
        // JSON is UTF-8 (RFC 8259), and so is CoinGecko's CSV export: another encoding is named,
        // not decoded into replacement characters.
        if let problem = TextEncoding.problem(in: data) {
            throw .unrecognised(path: url.path, reason: problem + "; recordings are UTF-8 text")
        }
        let context = RecordingContext(name: name, path: url.path, data: data, entry: entry)
        switch try kind(of: context) {
        case .csvExport: return try inspectCSV(context)
        case .errorBody: return try inspectErrorBody(context)
        case .marketChart: return try inspectMarketChart(context)
        case .ohlc: return try inspectOHLC(context)
        case .simplePrice: return try inspectSimplePrice(context)
        case .coinsMarkets: return try inspectMarkets(context)
        case .document(let endpoint): return try inspectDocument(context, endpoint: endpoint)
        }
    }

    /// What the file holds: from its name and index entry when they say, else from its content.
    static func kind(of context: RecordingContext) throws(DatasetError) -> RecordingKind {
        if context.name.hasSuffix(".csv") { return .csvExport }
        if let status = context.entry?.status, status >= 400 { return .errorBody }
        if let endpoint = context.entry?.endpoint { return RecordingKind(endpoint) }
        guard let kind = sniffKind(context) else {
            // A document cut short or otherwise malformed: say where, not only "unrecognised".
            if !context.name.hasSuffix(".csv") {
                do throws(LocatedDecodingError) {
                    try JSONSyntax.validate(context.data, source: context.name)
                } catch {
                    throw .malformed(error)
                }
            }
            throw .unrecognised(
                path: context.path,
                reason: "not a recognised CoinGecko recording (no index.json entry, and the content "
                    + "is not a market_chart, ohlc, markets, list, search, price or error body)")
        }
        return kind
    }

    /// Recognises the content of a file that has no index entry.
    static func sniffKind(_ context: RecordingContext) -> RecordingKind? {
        // Chart files can be large: recognise them from their first bytes, without a JSON tree.
        let head = String(decoding: context.data.prefix(64), as: UTF8.self).filter { !$0.isWhitespace }
        if head.hasPrefix("{\"prices\":") { return .marketChart }
        if head.hasPrefix("[["),
            head.dropFirst(2).prefix(while: { $0 != "]" }).split(separator: ",").count == 5
        {
            return .ohlc
        }
        guard let json = try? context.json() else { return nil }
        if let object = json as? [String: Any] {
            if (try? context.errorMessage()) != nil { return .errorBody }
            if object["prices"] != nil { return .marketChart }
            if object["coins"] != nil, object["exchanges"] != nil { return .document(.search) }
            if object["market_data"] != nil, let id = object["id"] as? String {
                return .document(.coinDetail(coinId: id))
            }
            if !object.isEmpty, object.values.allSatisfy({ $0 is [String: Any] }) { return .simplePrice }
            return nil
        }
        guard let array = json as? [Any], let first = array.first else { return nil }
        if let row = first as? [Any], row.count == 5 { return .ohlc }
        if let coin = first as? [String: Any] {
            if coin["current_price"] != nil { return .coinsMarkets }
            if coin.keys.sorted() == ["id", "name", "symbol"] { return .document(.coinsList) }
        }
        return nil
    }

    /// Runs a decoder, reporting its located error as a malformed dataset file.
    static func decoded<Value>(_ decode: () throws(LocatedDecodingError) -> Value) throws(DatasetError)
        -> Value
    {
        do {
            return try decode()
        } catch {
            throw .malformed(error)
        }
    }
}

/// One file being inspected, with its bytes and what the index says about it.
final class RecordingContext {
    let name: String
    let path: String
    let data: Data
    let entry: DatasetEntry?

    init(name: String, path: String, data: Data, entry: DatasetEntry?) {
        self.name = name
        self.path = path
        self.data = data
        self.entry = entry
    }

    /// The file parsed once as generic JSON, for the non-chart endpoints.
    private lazy var parsed: Result<Any, DatasetError> = {
        do {
            return .success(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
        } catch {
            // Foundation does not say where; the cursor does.
            do throws(LocatedDecodingError) {
                try JSONSyntax.validate(data, source: name)
            } catch {
                return .failure(.malformed(error))
            }
            return .failure(
                .malformed(
                    LocatedDecodingError(
                        source: name, path: "$", line: 1, column: 1, expected: "a JSON document",
                        found: "malformed JSON (\((error as NSError).localizedDescription))")))
        }
    }()

    /// The file as generic JSON (parsed on first use).
    func json() throws(DatasetError) -> Any {
        try parsed.get()
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

    /// Whether the file is pretty-printed (a line break followed by indentation) rather than the
    /// API's compact form.
    var isPrettyPrinted: Bool {
        let head = Array(data.prefix(4096))
        return zip(head, head.dropFirst()).contains { $0 == UInt8(ascii: "\n") && $1 == UInt8(ascii: " ") }
    }

    /// An inspection prefilled with what the index and the kind say.
    func inspection(_ kind: RecordingKind) -> DatasetInspection {
        var inspection = DatasetInspection(file: name, kind: kind.name)
        inspection.endpoint = entry?.endpoint?.template ?? kind.template
        inspection.coin = (entry?.endpoint ?? kind.endpoint)?.coinId
        inspection.currency = query("vs_currency") ?? query("vs_currencies")
        inspection.status = entry?.status
        if isPrettyPrinted { inspection.quirks.append("pretty-printed capture, not the API's compact JSON") }
        return inspection
    }
}
