import WorkbenchFoundation

/// The `Cache-Control` directives the workbench reads, from a header value such as
/// `max-age=30, public, must-revalidate, s-maxage=60` (directive names case-insensitive).
public struct CacheControl: Sendable, Equatable {
    /// `max-age`, ms; nil when absent or not a whole number.
    public var maxAgeMilliseconds: Int64?
    /// Whether `no-store` or `no-cache` forbids answering from a cache without revalidation.
    public var forbidsReuse = false

    /// Reads a header value: each comma-separated directive with its whitespace removed and
    /// lowercased, its name before the first `=` and its value after it. A `max-age` that is not
    /// a whole number of seconds, or whose milliseconds overflow 64 bits, is nil.
    ///
    /// - Parameter value: The `Cache-Control` value.
    public init(_ value: String) {
        // Every response carries one; an ASCII value (every one seen) is read byte by byte,
        // without Unicode's whitespace and case tables.
        if let read = value.utf8.withContiguousStorageIfAvailable({ Self(ascii: $0) }) ?? nil {
            self = read
            return
        }
        for directive in value.split(separator: ",") {
            let parts = directive.filter { !$0.isWhitespace }.lowercased().split(separator: "=", maxSplits: 1)
            switch parts.first {
            case "no-store", "no-cache": forbidsReuse = true
            case "max-age": maxAgeMilliseconds = parts.count == 2 ? Self.milliseconds(seconds: parts[1]) : nil
            default: continue
            }
        }
    }

    /// What ``init(_:)`` reads from `bytes`, or nil when they are not all ASCII.
    private init?(ascii bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.isASCII else { return nil }
        var directive: [UInt8] = []
        directive.reserveCapacity(bytes.count)
        for part in bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            directive.removeAll(keepingCapacity: true)
            for byte in part {
                switch byte {
                case 0x09...0x0D, 0x20: continue  // the ASCII characters Unicode calls whitespace
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): directive.append(byte + 0x20)
                default: directive.append(byte)
                }
            }
            // As `split(separator: "=", maxSplits: 1)`: empty pieces are dropped and do not
            // count as the one split.
            guard let nameStart = directive.firstIndex(where: { $0 != UInt8(ascii: "=") }) else { continue }
            let nameEnd = directive[nameStart...].firstIndex(of: UInt8(ascii: "=")) ?? directive.endIndex
            let name = directive[nameStart..<nameEnd]
            let rest = nameEnd < directive.endIndex ? directive[(nameEnd + 1)...] : []
            if name.elementsEqual("no-store".utf8) || name.elementsEqual("no-cache".utf8) {
                forbidsReuse = true
            } else if name.elementsEqual("max-age".utf8) {
                maxAgeMilliseconds =
                    rest.isEmpty ? nil : Self.milliseconds(seconds: String(decoding: rest, as: UTF8.self))
            }
        }
    }

    /// Whole seconds as milliseconds; nil when not a whole number or out of 64 bits.
    private static func milliseconds(seconds: some StringProtocol) -> Int64? {
        guard let seconds = Int64(seconds) else { return nil }
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        return overflow ? nil : milliseconds
    }
}
