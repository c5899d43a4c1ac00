import Foundation

/// One coin's running position under a cost method: the state machine ``PortfolioLedger`` feeds
/// with transactions in time order. Sells are assumed validated (never more than held).
struct PositionAccumulator {
    /// A FIFO lot: coins bought together and what they cost, fee included.
    private struct Lot {
        var quantity: Decimal
        var cost: Decimal
    }

    /// The app's cycle dust tolerance: a quantity below it counts as zero.
    static let bitpalDustTolerance = Decimal(string: "0.00000001")!

    let coinId: String
    let method: CostMethod
    private(set) var quantity: Decimal = 0
    private var fees: Decimal = 0
    /// Realised P&L that no later transaction changes.
    private var settledRealized: Decimal = 0
    /// Cost of the coins held (moving average and FIFO).
    private var costBasis: Decimal = 0
    private var lots: [Lot] = []
    private var lotHead = 0
    /// The app's open cycle: its buys and its sells' net proceeds.
    private var cycleBuyQuantity: Decimal = 0
    private var cycleBuyCost: Decimal = 0
    private var cycleSellQuantity: Decimal = 0
    private var cycleSellProceeds: Decimal = 0

    init(coinId: String, method: CostMethod) {
        self.coinId = coinId
        self.method = method
    }

    mutating func apply(_ transaction: PortfolioTransaction) {
        fees += transaction.fee
        switch transaction.kind {
        case .buy: buy(transaction.quantity, cost: transaction.quantity * transaction.price + transaction.fee)
        case .sell:
            sell(transaction.quantity, proceeds: transaction.quantity * transaction.price - transaction.fee)
        }
    }

    var holding: Holding {
        switch method {
        case .bitpalAverage:
            let average = cycleBuyQuantity > 0 ? cycleBuyCost / cycleBuyQuantity : 0
            return Holding(
                coinId: coinId,
                quantity: quantity,
                costBasis: quantity * average,
                realizedPnL: settledRealized + cycleSellProceeds - cycleSellQuantity * average,
                fees: fees
            )
        case .movingAverage, .fifo:
            return Holding(
                coinId: coinId, quantity: quantity, costBasis: costBasis, realizedPnL: settledRealized,
                fees: fees)
        }
    }

    private mutating func buy(_ amount: Decimal, cost: Decimal) {
        quantity += amount
        switch method {
        case .bitpalAverage:
            cycleBuyQuantity += amount
            cycleBuyCost += cost
            // The app checks after every transaction, buys included: a buy that brings the
            // balance within the tolerance of zero (a dust buy alone, or one that covers an
            // oversold balance) closes the cycle too.
            if quantity.magnitude < Self.bitpalDustTolerance { closeBitpalCycle() }
        case .movingAverage:
            costBasis += cost
        case .fifo:
            costBasis += cost
            lots.append(Lot(quantity: amount, cost: cost))
        }
    }

    private mutating func sell(_ amount: Decimal, proceeds: Decimal) {
        let heldBefore = quantity
        quantity -= amount
        switch method {
        case .bitpalAverage:
            cycleSellQuantity += amount
            cycleSellProceeds += proceeds
            if quantity.magnitude < Self.bitpalDustTolerance { closeBitpalCycle() }
        case .movingAverage:
            let removed = quantity == 0 ? costBasis : costBasis * amount / heldBefore
            removeCost(removed, proceeds: proceeds)
        case .fifo:
            removeCost(consumeLots(amount), proceeds: proceeds)
        }
    }

    private mutating func removeCost(_ removed: Decimal, proceeds: Decimal) {
        settledRealized += proceeds - removed
        costBasis = quantity == 0 ? 0 : costBasis - removed
    }

    /// Takes `amount` coins from the oldest lots and returns their cost.
    private mutating func consumeLots(_ amount: Decimal) -> Decimal {
        var remaining = amount
        var cost: Decimal = 0
        while remaining > 0, lotHead < lots.count {
            let lot = lots[lotHead]
            if lot.quantity <= remaining {
                cost += lot.cost
                remaining -= lot.quantity
                lotHead += 1
            } else {
                let part = lot.cost * remaining / lot.quantity
                cost += part
                lots[lotHead] = Lot(quantity: lot.quantity - remaining, cost: lot.cost - part)
                remaining = 0
            }
        }
        return cost
    }

    /// The app closes a cycle when the quantity is within the tolerance of zero, after any
    /// transaction (Bitpal-v2 `ClosedPosition.swift`, `computeClosedPositions`; `Holding.swift`,
    /// `filterOpenCycleTransactions`): any dust is dropped, and a cycle with both buys and sells
    /// realises (average sale − average cost) × the quantity *bought* (`computeCycleMetrics`,
    /// `ClosedPosition.realizedPnL`), which differs from proceeds − sold × average by the dust.
    /// A cycle without a buy or without a sell realises nothing (`computeCycleMetrics` returns
    /// nil).
    private mutating func closeBitpalCycle() {
        if cycleBuyQuantity > 0, cycleSellQuantity > 0 {
            let averageCost = cycleBuyCost / cycleBuyQuantity
            let averageSale = cycleSellProceeds / cycleSellQuantity
            settledRealized += (averageSale - averageCost) * cycleBuyQuantity
        }
        quantity = 0
        (cycleBuyQuantity, cycleBuyCost, cycleSellQuantity, cycleSellProceeds) = (0, 0, 0, 0)
    }
}
