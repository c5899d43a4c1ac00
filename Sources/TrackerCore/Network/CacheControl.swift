/// The `Cache-Control` directives the workbench reads, from a header value such as
/// `max-age=30, public, must-revalidate, s-maxage=60` (directive names case-insensitive).
public struct CacheControl: Sendable, Equatable {
    /// `max-age`, ms; nil when absent or not a whole number.
    public var maxAgeMilliseconds: Int64?
    /// Whether `no-store` or `no-cache` forbids answering from a cache without revalidation.
    public var forbidsReuse = false

    /// Reads a header value.
    ///
    /// - Parameter value: The `Cache-Control` value.
    public init(_ value: String) {
        for directive in value.split(separator: ",") {
            let parts = directive.filter { !$0.isWhitespace }.lowercased().split(separator: "=", maxSplits: 1)
            switch parts.first {
            case "no-store", "no-cache": forbidsReuse = true
            case "max-age":
                maxAgeMilliseconds = parts.count == 2 ? Int64(String(parts[1])).map { $0 * 1000 } : nil
            default: continue
            }
        }
    }
}
