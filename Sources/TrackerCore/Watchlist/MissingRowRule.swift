/// What the watchlist screen does with a coin a `/coins/markets` answer left out, or gave a
/// `null` price.
public enum MissingRowRule: String, Sendable, Equatable, CaseIterable, Codable {
    /// The app (Pointwelve/Bitpal-iOS
    /// `Bitpal-v2/Bitpal/Features/Watchlist/ViewModels/WatchlistViewModel.swift`): after a load,
    /// `loadWatchlistWithPrices()`'s `compactMap` leaves a coin with no row off the screen (and
    /// out of the loop); on later refreshes (`startPeriodicUpdates()`'s and `refreshPrices()`'s
    /// `compactMap`) a coin with no row keeps its previous quote, which ages. A `null` price is
    /// shown as 0 (`Coin.init(from:)`: `decodeIfPresent(...) ?? 0`).
    case appCompactMap = "compact-map"
    /// The design documents: such a coin stays on screen as "Data unavailable".
    case dataUnavailable = "data-unavailable"

    /// The price a row's coin shows. The app reads a `null` `current_price` as 0
    /// (`Coin.init(from:)`): on the watchlist, and in the Portfolio tab, where the holding is
    /// valued at 0 (its unrealised P&L is minus its cost) and its realised P&L still counts
    /// (`computeHoldings`, `computeClosedPositions`: the coin has a row). The design documents
    /// show none: the coin is unpriced.
    ///
    /// - Parameter price: The row's `current_price`.
    public func shownPrice(_ price: Double?) -> Double? {
        price ?? (self == .appCompactMap ? 0 : nil)
    }
}

/// What one refresh did to the watchlist's rows, counted by case.
public struct MissingRowOutcome: Sendable, Equatable {
    /// Requested coins with no row that kept their previous quote (``MissingRowRule/appCompactMap``).
    public var keptPrevious = 0
    /// Rows with a `null` price shown as 0 (``MissingRowRule/appCompactMap``).
    public var zeroPrice = 0
    /// Requested coins marked "Data unavailable" (``MissingRowRule/dataUnavailable``).
    public var unavailable = 0

    /// Creates an outcome.
    public init(keptPrevious: Int = 0, zeroPrice: Int = 0, unavailable: Int = 0) {
        self.keptPrevious = keptPrevious
        self.zeroPrice = zeroPrice
        self.unavailable = unavailable
    }
}
