import WorkbenchFoundation

extension HTTPRequest {
    /// A query string as a server reads it: `a=1&b=x%20y` as items, percent-decoded (`+` is a
    /// space), in order; a part without `=` has an empty value and an undecodable part (a `%`
    /// without two hex digits, or bytes that are not UTF-8) is kept as sent.
    ///
    /// - Parameter query: The text after `?`.
    public static func queryItems(parsing query: String) -> [QueryItem] {
        var query = query
        // ASCII text splits at its `&` and `=` bytes, as it splits at those characters (in ASCII
        // only CR LF joins two bytes into one character); `serve` reads every query this way.
        if let items = query.withUTF8({ bytes in
            bytes.isASCII ? asciiQueryItems(bytes) : nil
        }) {
            return items
        }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { part in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return QueryItem(
                decodedQueryComponent(pieces[0]), pieces.count > 1 ? decodedQueryComponent(pieces[1]) : "")
        }
    }

    /// ``queryItems(parsing:)`` of ASCII text, byte by byte.
    private static func asciiQueryItems(_ bytes: UnsafeBufferPointer<UInt8>) -> [QueryItem] {
        var items: [QueryItem] = []
        var start = 0
        while start < bytes.count {
            var end = start
            var equals: Int?
            while end < bytes.count, bytes[end] != UInt8(ascii: "&") {
                if equals == nil, bytes[end] == UInt8(ascii: "=") { equals = end }
                end += 1
            }
            if end > start {
                let name = UnsafeBufferPointer(rebasing: bytes[start..<(equals ?? end)])
                let value = equals.map { UnsafeBufferPointer(rebasing: bytes[($0 + 1)..<end]) }
                items.append(
                    QueryItem(decodedQueryComponent(name), value.map { decodedQueryComponent($0) } ?? ""))
            }
            start = end + 1
        }
        return items
    }

    /// One name or value: `+` becomes a space, then `%XX` its byte (so `%2B` is a `+`); the text
    /// as sent when a `%` has no two hex digits after it or the bytes are not UTF-8. Byte by
    /// byte, without Foundation: `serve` parses every request's query with it.
    static func decodedQueryComponent(_ text: Substring) -> String {
        var text = text
        return text.withUTF8 { decodedQueryComponent($0) }
    }

    /// ``decodedQueryComponent(_:)`` of the component's UTF-8 bytes.
    private static func decodedQueryComponent(_ sent: UnsafeBufferPointer<UInt8>) -> String {
        let plus = UInt8(ascii: "+")
        let percent = UInt8(ascii: "%")
        let asSent = { String(decoding: sent, as: UTF8.self) }
        guard sent.contains(where: { $0 == plus || $0 == percent }) else { return asSent() }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(sent.count)
        var index = 0
        while index < sent.count {
            switch sent[index] {
            case plus:
                decoded.append(UInt8(ascii: " "))
                index += 1
            case percent:
                guard index + 2 < sent.count, let high = hexValue(sent[index + 1]),
                    let low = hexValue(sent[index + 2])
                else { return asSent() }
                decoded.append(high << 4 | low)
                index += 3
            default:
                decoded.append(sent[index])
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self) ?? asSent()
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
