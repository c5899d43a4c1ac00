/// How the watchlist is ordered on screen (the app's `SortOption`, plus the user's own order).
///
/// Coins without data (never priced, or absent from the last refresh) go last in every order
/// but ``custom``; ties keep the user's order, so a sort is deterministic.
public enum WatchlistSortOrder: String, Sendable, Equatable, CaseIterable, Codable {
    /// Largest market cap first: the app's default.
    case marketCap = "market-cap"
    /// Name A-Z, case-insensitive.
    case name
    /// Price high to low.
    case price
    /// 24 h change best to worst.
    case change24h = "change-24h"
    /// The user's order (add, move).
    case custom
}
