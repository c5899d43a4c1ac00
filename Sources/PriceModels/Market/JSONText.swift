import TrackerCore

/// Writing CoinGecko-shaped JSON text: members in a fixed order, numbers in their shortest
/// round-tripping form, so the same values always give the same bytes.
enum JSONText {
    /// `{"k":v,...}` from already-rendered values, in the given order.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(string($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A JSON string.
    static func string(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// The text with `"`, `\` and control characters escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A finite number, shortest form (`16951.52`, `1e-05`); `null` for NaN or infinity.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A number rounded to an integer, as CoinGecko sends market caps and volumes.
    static func integer(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 9e18 else { return "null" }
        return String(Int64(value.rounded()))
    }

    /// `2023-01-08T16:49:40.132Z`.
    static func isoMilliseconds(_ milliseconds: Int64) -> String {
        let millis = ((milliseconds % 1000) + 1000) % 1000
        let text = String(millis)
        return TimeFormatting.iso8601(milliseconds).dropLast() + "."
            + String(repeating: "0", count: 3 - text.count)
            + text + "Z"
    }
}
