/// The portfolio as the app holds it when a run ends: what measuring its P&L needs, handed to
/// the observers in the event stream (``RunEvent/portfolioAtEnd(_:)``), not read off the app.
public struct PortfolioAtEnd: Sendable {
    /// The ledger, in the order recorded.
    public var transactions: [PortfolioTransaction]
    /// Every coin's holding by the app's cost method, or why the ledger cannot be valued.
    public var holdings: Result<[Holding], PortfolioError>
    /// The price the Portfolio tab showed for each coin at the end (its last load's rows); nil
    /// when the tab never loaded.
    public var shownPrices: [String: Double]?

    /// An empty portfolio (a run that never ended).
    public static let empty = PortfolioAtEnd(transactions: [], holdings: .success([]), shownPrices: nil)
}
