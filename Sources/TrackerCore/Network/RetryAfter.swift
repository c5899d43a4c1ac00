import WorkbenchFoundation

/// The `Retry-After` header of a 429 or 503 (RFC 9110 §10.2.3).
public enum RetryAfter {
    /// The delay a `Retry-After` value asks for, in milliseconds.
    ///
    /// CoinGecko sends whole seconds (`retry-after: 30`); the header may also be an HTTP date, which
    /// is measured against the response's own `Date` header (so no clock is needed). Fractional
    /// seconds are accepted; a date in the past is a delay of 0.
    ///
    /// - Parameters:
    ///   - value: The header value.
    ///   - responseDate: The response's `Date` header, for the date form.
    /// - Returns: The delay, or nil when the value is neither form (or a date without a `Date`).
    public static func delayMilliseconds(_ value: String, responseDate: String? = nil) -> Int64? {
        let trimmed = value.trimmingSpaces
        if let seconds = Double(trimmed), seconds.isFinite, seconds >= 0, seconds < 1e9,
            trimmed.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") })
        {
            return Int64((seconds * 1000).rounded(.up))
        }
        guard let date = CivilDate.parseHTTPDate(trimmed),
            let reference = responseDate.flatMap({ CivilDate.parseHTTPDate($0.trimmingSpaces) })
        else { return nil }
        return max(0, date - reference)
    }

    /// The delay a response asks for through its `Retry-After` header, if it has a usable one.
    ///
    /// - Parameter response: The response.
    public static func delayMilliseconds(of response: HTTPResponse) -> Int64? {
        response.headers["retry-after"].flatMap {
            delayMilliseconds($0, responseDate: response.headers["date"])
        }
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else {
            return ""
        }
        return String(self[first...last])
    }
}
