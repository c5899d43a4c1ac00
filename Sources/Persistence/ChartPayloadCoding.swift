import TrackerCore

/// The persistent chart cache's blob format: a tag byte, a little-endian count, then the columns
/// (Int64 timestamps, Double values) as raw little-endian words. Decoding checks every length,
/// so a truncated or foreign blob is refused rather than misread.
enum ChartPayloadCoding {
    private static let lineTag: UInt8 = 1
    private static let candlesTag: UInt8 = 2
    private static let rawTag: UInt8 = 3

    static func encode(_ payload: ChartCache.Payload) -> [UInt8] {
        var bytes: [UInt8] = []
        switch payload {
        case .line(let series):
            bytes.append(lineTag)
            append(UInt64(series.count), to: &bytes)
            appendColumns([series.timestamps], [series.values], to: &bytes)
        case .candles(let candles):
            bytes.append(candlesTag)
            append(UInt64(candles.count), to: &bytes)
            appendColumns(
                [candles.closeTimes],
                [candles.open, candles.high, candles.low, candles.close],
                to: &bytes
            )
        case .rawResponse(let body):
            bytes.append(rawTag)
            append(UInt64(body.count), to: &bytes)
            bytes += body
        }
        return bytes
    }

    /// The payload, or nil when the blob is not one this coding wrote.
    static func decode(_ bytes: [UInt8]) -> ChartCache.Payload? {
        guard bytes.count >= 9 else { return nil }
        let count = word(bytes, at: 1)
        guard count < UInt64(bytes.count) else { return nil }
        let n = Int(count)
        let columns: Int
        switch bytes[0] {
        case lineTag: columns = 2
        case candlesTag: columns = 5
        case rawTag: return bytes.count == 9 + n ? .rawResponse(Array(bytes[9...])) : nil
        default: return nil
        }
        guard bytes.count == 9 + 8 * n * columns else { return nil }
        let times = (0..<n).map { Int64(bitPattern: word(bytes, at: 9 + 8 * $0)) }
        let column = { (index: Int) in
            (0..<n).map { Double(bitPattern: word(bytes, at: 9 + 8 * (index * n + $0))) }
        }
        if bytes[0] == lineTag { return .line(TimeSeries(timestamps: times, values: column(1))) }
        return .candles(
            CandleSeries(
                closeTimes: times, open: column(1), high: column(2), low: column(3), close: column(4))
        )
    }

    private static func appendColumns(_ times: [[Int64]], _ values: [[Double]], to bytes: inout [UInt8]) {
        for column in times {
            for time in column { append(UInt64(bitPattern: time), to: &bytes) }
        }
        for column in values {
            for value in column { append(value.bitPattern, to: &bytes) }
        }
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    private static func word(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }
}
