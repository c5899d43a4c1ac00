/// How the cost of coins sold is measured, which splits P&L into realised and unrealised.
///
/// Fees count the same way in every method: a buy's fee is part of its cost, a sell's fee is
/// taken from its proceeds. (The app records no fees; with every fee 0, ``bitpalAverage`` gives
/// the app's numbers.)
public enum CostMethod: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    /// The app's weighted average (Bitpal-v2 `Holding.swift`, `ClosedPosition.swift`): a position
    /// lives in cycles that end when the quantity returns to zero (within 1e-8, the app's
    /// tolerance, so dust below it vanishes). Within a cycle the average cost is that of *all* the
    /// cycle's buys, including buys after a sell, so a later buy rewrites the realised P&L of an
    /// earlier sell.
    case bitpalAverage = "bitpal-average"
    /// The textbook moving weighted average: each buy updates the average, each sell removes
    /// coins at the average of that moment; realised P&L never changes afterwards.
    case movingAverage = "moving-average"
    /// First in, first out: each buy is a lot; a sell consumes the oldest lots first.
    case fifo
}
