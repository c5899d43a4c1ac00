import Datasets
import TrackerCore
import WorkbenchFoundation

/// The file name a recorded response gets, in the style of `datasets/coingecko`: the request's
/// path and query made file-safe, the response time, and an extension by content type, such as
/// `coins_bitcoin_market_chart_vs_currency-usd_days-1_20261123T1224Z.json`.
enum RecordingName {
    /// The longest stem before the time stamp.
    static let maximumStem = 150

    /// The name for a request target answered at `time` (epoch ms), with `attempt` > 1 adding
    /// `-2`, `-3`, ... when an earlier recording already has the name.
    static func name(target: String, time: Int64, contentType: String?, attempt: Int) -> String {
        var stem = ""
        for character in target.dropFirst() {
            switch character {
            case "/", "?", "&": stem.append("_")
            case "=", ",": stem.append("-")
            case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_": stem.append(character)
            default: stem.append("~")
            }
        }
        if stem.utf8.count > maximumStem {
            // A long id list: keep the start, and a digest of the whole so names stay distinct.
            stem =
                String(stem.prefix(maximumStem - 17)) + "~"
                + String(SHA256.hexDigest(of: target.utf8).prefix(16))
        }
        let suffix = attempt > 1 ? "-\(attempt)" : ""
        return "\(stem)_\(stamp(time))\(suffix).\(fileExtension(contentType))"
    }

    /// `20261123T1224Z` for a time.
    static func stamp(_ time: Int64) -> String {
        let iso = TimeFormatting.iso8601(time)  // 2026-11-23T12:24:05Z
        let digits = iso.filter { $0.isNumber || $0 == "T" }
        return String(digits.prefix(13)) + "Z"
    }

    static func fileExtension(_ contentType: String?) -> String {
        let type = contentType?.lowercased() ?? ""
        if type.contains("html") { return "html" }
        if type.contains("json") || type.isEmpty { return "json" }
        return "txt"
    }
}
